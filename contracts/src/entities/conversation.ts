import { z } from 'zod';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../limits/chatLimits';
import { AssetUrlSchema, CountSchema, IdSchema, TimestampSchema } from './common';

/** The conversation id that means a fresh conversation in /chat/{characterId}/{conversationId} (document 1 §2). */
export const NEW_CONVERSATION_ID = 'new';

/** Conversation title (label) and clone title: max 50, non-blank (document 1 §5). */
export const ConversationTitleSchema = z
  .string({ error: CHAT_MESSAGES.conversationTitleRequired })
  .trim()
  .min(1, { error: CHAT_MESSAGES.conversationTitleRequired })
  .max(CHAT_LIMITS.conversationTitleMax, { error: CHAT_MESSAGES.conversationTitleTooLong });

/** The last message preview of a conversation. */
export const ConversationLastMessageSchema = z.object({
  content: z.string(),
  createdAt: TimestampSchema,
});

/** A conversation (document 1 §3). label is the title. */
export const ConversationSchema = z.object({
  id: IdSchema,
  character_id: IdSchema,
  character: z
    .object({
      name: z.string(),
      title: z.string(),
      avatar_url: AssetUrlSchema.nullable(),
      avatar_is_nsfw: z.boolean().default(false),
    })
    .optional(),
  user_persona_id: IdSchema.nullish(),
  label: z.string().max(CHAT_LIMITS.conversationTitleMax).nullish(),
  voice_id: IdSchema.nullish(),
  last_message: ConversationLastMessageSchema.nullish(),
  last_text_message: ConversationLastMessageSchema.nullish(),
  last_message_id: IdSchema.nullish(),
  message_count: CountSchema.default(0),
  /** The entry flagged is_last_id gives the next cursor (document 1 §7). */
  is_last_id: z.boolean().optional(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** Clone types (document 1 §4 "Clone": partial or full). */
export const CLONE_TYPES = ['partial', 'full'] as const;
export const CloneTypeSchema = z.enum(CLONE_TYPES);

/** Clone conversation payload (document 1 §7: type, title). */
export const CloneConversationSchema = z.object({
  type: CloneTypeSchema,
  title: ConversationTitleSchema,
});
export type CloneConversation = z.output<typeof CloneConversationSchema>;
