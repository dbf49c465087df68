import { z } from 'zod';
import { CHARACTER_LIMITS } from '../limits/characterLimits';
import { GROUP_CHAT_LIMITS as L, GROUP_CHAT_MESSAGES as M } from '../limits/groupChatLimits';
import { AssetUrlSchema, CountSchema, IdSchema } from './common';
import { SubCharacterSchema } from './character';
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

/**
 * Group chat create/update payload (document 2 §2, §5). At most 10 members ("You can't add more than 10
 * chatbots."); fewer than 2 only prompts a confirmation, so 1 member is accepted. Name and title limits are not
 * shown for group chats; ours are the character's.
 */
export const GroupChatInputSchema = z.object({
  name: z.string().trim().min(CHARACTER_LIMITS.nameMin).max(CHARACTER_LIMITS.nameMax),
  title: z.string().trim().max(CHARACTER_LIMITS.titleMax).optional(),
  avatar: z.string().min(1).optional(),
  visibility: GroupChatVisibilitySchema,
  sub_character_ids: z
    .array(IdSchema)
    .min(1, { error: M.minimumText })
    .max(L.maxMembers, { error: M.tooManyMembers.replace('{n}', String(L.maxMembers)) })
    // ours: a member appears once.
    .refine((ids) => new Set(ids).size === ids.length, { error: 'A chatbot can be added only once' }),
  tags: z.array(TagSchema).max(CHARACTER_LIMITS.tagsMax).default([]),
});
export type GroupChatInput = z.output<typeof GroupChatInputSchema>;
