import { z } from 'zod';
import { CHARACTER_LIMITS, CHARACTER_MESSAGES } from '../limits/characterLimits';
import { GROUP_CHAT_LIMITS as L, GROUP_CHAT_MESSAGES as M, tooManyMembersText } from '../limits/groupChatLimits';
import { containsLink } from '../text/linkDetection';
import { SubCharacterSchema } from './character';
import { CharacterTagsInputSchema, isOwnAvatarUrl } from './characterInput';
import { AssetUrlSchema, CountSchema, IdSchema } from './common';
import { MODERATION_STATUSES, moderationSortRank, type ModerationStatus } from './moderation';
import { TagSchema } from './tag';

/** Group chat visibility (document 2 §3: public/private). */
export const GROUP_CHAT_VISIBILITIES = ['public', 'private'] as const;
export const GroupChatVisibilitySchema = z.enum(GROUP_CHAT_VISIBILITIES);
export type GroupChatVisibility = z.infer<typeof GroupChatVisibilitySchema>;

/** A group chat character (document 2 §3). sub_characters carry their moderation_status. */
export const GroupChatSchema = z.object({
  id: IdSchema,
  name: z.string(),
  avatar: AssetUrlSchema.nullable(),
  visibility: GroupChatVisibilitySchema,
  sub_characters: z.array(SubCharacterSchema),
  sub_character_ids: z.array(IdSchema).max(L.maxMembers),
  token_count: CountSchema.optional(),
  definition_visible: z.boolean().default(false),
  aicq_manual_review_required: z.boolean().optional(),
  avatar_is_nsfw: z.boolean().default(false),
  num_messages: CountSchema.default(0),
  title: z.string().optional(),
  tags: z.array(TagSchema).default([]),
});
export type GroupChat = z.infer<typeof GroupChatSchema>;

/** The group's name with the chatbot form's messages (document 1 §5: 3 to 20 characters, no link). */
const GroupNameSchema = z
  .string({ error: CHARACTER_MESSAGES.nameRequired })
  .trim()
  .superRefine((v, ctx) => {
    if (v.length === 0) ctx.addIssue({ code: 'custom', message: CHARACTER_MESSAGES.nameRequired });
    else if (v.length < CHARACTER_LIMITS.nameMin) ctx.addIssue({ code: 'custom', message: CHARACTER_MESSAGES.nameTooShort });
    else if (v.length > CHARACTER_LIMITS.nameMax) ctx.addIssue({ code: 'custom', message: CHARACTER_MESSAGES.nameTooLong });
    else if (containsLink(v)) ctx.addIssue({ code: 'custom', message: CHARACTER_MESSAGES.nameNoLink });
  });

/** The group's title: optional (ours: up to the chatbot's 100 characters, no link). */
const GroupTitleSchema = z
  .string()
  .trim()
  .max(CHARACTER_LIMITS.titleMax, { error: CHARACTER_MESSAGES.titleTooLong })
  .refine((v) => !containsLink(v), { error: CHARACTER_MESSAGES.titleNoLink });

/** The group's avatar: optional, and one of ours (a generated avatar or an uploaded picture), as for chatbots. */
const GroupAvatarSchema = z.string().min(1, { error: CHARACTER_MESSAGES.avatarRequired }).refine(isOwnAvatarUrl, { error: CHARACTER_MESSAGES.avatarRequired });

/** 1 to 10 member chatbots, each once ("You can't add more than 10 chatbots."). */
const MemberIdsSchema = z
  .array(IdSchema)
  .min(1, { error: M.minimumText })
  .max(L.maxMembers, { error: tooManyMembersText(L.maxMembers) })
  .refine((ids) => new Set(ids).size === ids.length, { error: M.duplicateMember });

/**
 * Group chat create payload (document 2 §2, §5). At most 10 members ("You can't add more than 10 chatbots."); fewer
 * than 2 only prompts a confirmation, so 1 member is accepted. Name and title limits are not shown for group chats;
 * ours are the chatbot's (with its messages). Tags as for chatbots (at most 12, no links; no minimum: ours).
 */
export const GroupChatInputSchema = z.object({
  name: GroupNameSchema,
  title: GroupTitleSchema.optional(),
  avatar: GroupAvatarSchema.optional(),
  visibility: GroupChatVisibilitySchema,
  sub_character_ids: MemberIdsSchema,
  tags: CharacterTagsInputSchema.default([]),
});
export type GroupChatInput = z.output<typeof GroupChatInputSchema>;

/** Group chat update payload: only the fields sent, each with its create rule (no defaults: an absent field stays). */
export const GroupChatUpdateInputSchema = z.object({
  name: GroupNameSchema.optional(),
  title: GroupTitleSchema.optional(),
  /** null removes the avatar. */
  avatar: GroupAvatarSchema.nullable().optional(),
  visibility: GroupChatVisibilitySchema.optional(),
  sub_character_ids: MemberIdsSchema.optional(),
  tags: CharacterTagsInputSchema.optional(),
});
export type GroupChatUpdateInput = z.output<typeof GroupChatUpdateInputSchema>;

/**
 * The status a group is shown by (document 2 §4): the worst of its members', in the order My Chatbots sorts on
 * (fix_required, then rereview_required, pending, manual_review_required, closed); null when no member has one.
 */
export function worstMemberStatus(members: ReadonlyArray<{ moderation_status?: ModerationStatus | null | undefined }>): ModerationStatus | null {
  let worst: number = MODERATION_STATUSES.length;
  for (const m of members) {
    const at = m.moderation_status ? MODERATION_STATUSES.indexOf(m.moderation_status) : -1;
    if (at >= 0 && at < worst) worst = at;
  }
  return MODERATION_STATUSES[worst] ?? null;
}

/**
 * A group's place in My Chatbots' Groupchats tab (document 2 §4): 0 when a member needs fixes, 1 when one is under
 * review (rereview_required or pending), 2 otherwise; newest first within each.
 */
export function groupChatListRank(members: ReadonlyArray<{ moderation_status?: ModerationStatus | null | undefined }>): number {
  return moderationSortRank(worstMemberStatus(members));
}
