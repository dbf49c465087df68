import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';
import { ModerationStatusSchema } from './moderation';

/**
 * Moderation of chatbots by people (document 1 §3 moderationReport, §4 "Moderation"): a moderator's decision on a
 * chatbot waiting for review, and the append-only record of every decision (who, when, what, why).
 */

/** The statuses a moderator's queue lists: waiting for a first review, a re-review after fixes, a manual review. */
export const MODERATION_QUEUE_STATUSES = ['pending', 'rereview_required', 'manual_review_required'] as const;
export const ModerationQueueStatusSchema = z.enum(MODERATION_QUEUE_STATUSES);
export type ModerationQueueStatus = z.infer<typeof ModerationQueueStatusSchema>;

/**
 * A moderator's decision (ours; the spec shows the statuses, not the tool):
 * - approve: the chatbot passes review (status closed, which counts as none); from a queue status;
 * - require_fixes: fix_required with the reasons the creator sees (reason_for_moderation, at least one) and
 *   action_taken_description; from any status (also to unpublish a listed chatbot after reports);
 * - close: the case ends without a finding (status closed, reasons kept as given); from a queue status or
 *   fix_required.
 */
export const MODERATION_DECISIONS = ['approve', 'require_fixes', 'close'] as const;
export const ModerationDecisionSchema = z.enum(MODERATION_DECISIONS);
export type ModerationDecision = z.infer<typeof ModerationDecisionSchema>;

export const MODERATION_DECISION_MESSAGES = {
  /** ours. */
  reasonRequired: 'Give at least one reason for the fixes',
} as const;

export const ModerationDecisionBodySchema = z
  .object({
    decision: ModerationDecisionSchema,
    reason_for_moderation: z.array(z.string().trim().min(1).max(300)).max(20).default([]),
    action_taken_description: z.string().trim().max(2000).optional(),
  })
  .refine((v) => v.decision !== 'require_fixes' || v.reason_for_moderation.length > 0, {
    path: ['reason_for_moderation'],
    error: MODERATION_DECISION_MESSAGES.reasonRequired,
  });
export type ModerationDecisionBody = z.input<typeof ModerationDecisionBodySchema>;

/** What an automatic check found (the content rules' codes of document 1 §8: underage 1213-1215, explicit 1212, 1203). */
export const ModerationFindingSchema = z.object({
  code: z.number().int(),
  kind: z.enum(['underage', 'explicit']),
  /** The field it was found in (name, persona, tags, avatar …), or null when it is about the whole chatbot. */
  field: z.string().nullable(),
  /** Which rule of the classifier (e.g. stated_age_under_18, sexual/minors). */
  rule: z.string(),
});
export type ModerationFinding = z.infer<typeof ModerationFindingSchema>;

/**
 * What an audit entry records:
 * - a creator's save that changed the moderation status: submitted_for_review (made public), resubmitted (fixed a
 *   fix_required chatbot), submitted_for_manual_review (asked a person to overrule the automatic checks, whose
 *   findings are kept);
 * - a moderator's decision: approved, fixes_required, closed;
 * - the chatbot's deletion by its creator.
 */
export const MODERATION_AUDIT_ACTIONS = [
  'submitted_for_review',
  'resubmitted',
  'submitted_for_manual_review',
  'approved',
  'fixes_required',
  'closed',
  'deleted',
  // After reports (issue 28): taken down (made permanently private), the creator's appeal, and its outcome.
  'taken_down',
  'appealed',
  'appeal_upheld',
  'appeal_reversed',
] as const;
export const ModerationAuditActionSchema = z.enum(MODERATION_AUDIT_ACTIONS);
export type ModerationAuditAction = z.infer<typeof ModerationAuditActionSchema>;

export const MODERATION_ACTOR_ROLES = ['creator', 'moderator'] as const;

export const ModerationAuditEntrySchema = z.object({
  id: IdSchema,
  character_id: IdSchema,
  /** Who: the member who acted, with their username at the time. */
  actor_user_id: IdSchema,
  actor_username: z.string().nullable(),
  actor_role: z.enum(MODERATION_ACTOR_ROLES),
  /** What. */
  action: ModerationAuditActionSchema,
  from_status: ModerationStatusSchema.nullable(),
  to_status: ModerationStatusSchema.nullable(),
  /** Why. */
  reason_for_moderation: z.array(z.string()),
  action_taken_description: z.string().nullable(),
  findings: z.array(ModerationFindingSchema),
  /** When. */
  createdAt: TimestampSchema,
});
export type ModerationAuditEntry = z.infer<typeof ModerationAuditEntrySchema>;
