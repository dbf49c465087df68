import { z } from 'zod';
import { TimestampSchema } from './common';

/**
 * Moderation statuses (document 1 §3): closed is treated as none; unknown ones are ignored (parsed as null).
 */
export const MODERATION_STATUSES = ['fix_required', 'rereview_required', 'pending', 'manual_review_required', 'closed'] as const;
export const ModerationStatusSchema = z.enum(MODERATION_STATUSES);
export type ModerationStatus = z.infer<typeof ModerationStatusSchema>;

/** A moderation status as the server sends it: unknown values become null ("unknown ones ignored"). */
export const LenientModerationStatusSchema = ModerationStatusSchema.nullable().catch(null);

/** The status that matters for the UI: closed and unknown statuses count as none (null). */
export function effectiveModerationStatus(status: ModerationStatus | null | undefined): Exclude<ModerationStatus, 'closed'> | null {
  if (status === undefined || status === null || status === 'closed') return null;
  return status;
}

/** Card labels by moderation state (document 1 §2 "My Chatbots", §4 "Moderation"). */
export const MODERATION_LABELS = {
  fix_required: 'Action Required',
  pending: 'Under Review',
  rereview_required: 'Under Review',
  manual_review_required: 'Under Manual Review',
} as const satisfies Record<Exclude<ModerationStatus, 'closed'>, string>;

/** Sort rank in My bots: fix_required first, then pending/rereview, then the rest (document 1 §4). */
export function moderationSortRank(status: ModerationStatus | null | undefined): number {
  const s = effectiveModerationStatus(status);
  if (s === 'fix_required') return 0;
  if (s === 'pending' || s === 'rereview_required') return 1;
  return 2;
}

/** A character's moderation report (document 1 §3). expires_at is set for temporary bans. */
export const ModerationReportSchema = z.object({
  moderation_status: LenientModerationStatusSchema,
  reason_for_moderation: z.array(z.string()).default([]),
  action_taken_description: z.string().nullish(),
  expires_at: TimestampSchema.nullish(),
});
export type ModerationReport = z.infer<typeof ModerationReportSchema>;

/** Account restriction kinds (document 1 §4 "Restriction": temporary, limited, complete). */
export const RESTRICTION_KINDS = ['temporary', 'limited', 'complete'] as const;
export const RestrictionKindSchema = z.enum(RESTRICTION_KINDS);
export type RestrictionKind = z.infer<typeof RestrictionKindSchema>;

/** Ban screen variants (document 1 §2 "Ban screen"). */
export const BAN_SCREEN_TITLES = {
  complete: 'Terminated',
  temporary: 'Temporary Hold',
  limited: 'Restricted',
} as const satisfies Record<RestrictionKind, string>;

/** GET users/moderation answer (document 1 §7): expires_at of a temporary ban. */
export const UserModerationSchema = z.object({
  expires_at: TimestampSchema.nullable(),
});
export type UserModeration = z.infer<typeof UserModerationSchema>;
