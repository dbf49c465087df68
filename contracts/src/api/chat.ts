import { z } from 'zod';
import { IdSchema, LastIdQuerySchema } from '../entities/common';
import { CloneConversationSchema, ConversationSchema, ConversationTitleSchema } from '../entities/conversation';
import { InferenceModelSchema, InferenceSettingsSchema } from '../entities/inference';
import { ChatLanguageSchema } from '../entities/language';
import { MemoryContentSchema, MemorySchema } from '../entities/memory';
import { MessageFlagReportSchema, MessageRatingSchema, MessageSchema } from '../entities/message';
import { PersonaInputSchema, PersonaSchema } from '../entities/persona';
import { CHAT_LIMITS } from '../limits/chatLimits';
import { defineCall } from './apiCall';

/**
 * Chat calls (document 1 §7: POST chat, messages, conversations, labels, memories; document 2 §7 personas). Paths
 * under `/api`; where the spec does not show a path, ours.
 */

/**
 * POST chat (document 1 §7): send a message, regenerate the last reply (`regenerate`, the old reply moves to the
 * alternates; `alt_message_id` picks the alternate to continue from), continue the last reply (`continue_chat`),
 * or ask for a suggested user reply (`autopilot`). `conversation_id` "new" (or absent) starts a conversation on the
 * first message (members; guests' chats are not saved). The answer is a Server-Sent Events stream (ChatStreamEvent).
 */
export const ChatRequestSchema = z.object({
  character_id: IdSchema,
  conversation_id: IdSchema.optional(),
  message: z.string().max(8000).optional(),
  prev_id: IdSchema.nullish(),
  alt_message_id: IdSchema.optional(),
  regenerate: z.boolean().optional(),
  continue_chat: z.boolean().optional(),
  autopilot: z.boolean().optional(),
  inference_model: IdSchema.optional(),
  inference_settings: InferenceSettingsSchema.partial().optional(),
  sub_character_id: IdSchema.optional(),
  language: ChatLanguageSchema.optional(),
  user_persona_id: IdSchema.optional(),
  /**
   * The reply comes with a picture drawn from this prompt (document 1 §7 "image_prompt"; conversation images, with the
   * image button's rule at the default image settings; members only). The turn is refused before anything is written
   * when the member may not have it; a picture that cannot be drawn leaves the reply and says why in `errorMessage`.
   */
  image_prompt: z.string().trim().min(1).max(1000).optional(),
  /**
   * Guests send the conversation so far (their chats live on the device only). In a group chat a reply's
   * `character_id` names the member who wrote it (as the `done` message carried it); optional, older clients send none.
   */
  history: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(8000), character_id: IdSchema.nullish() }))
    .max(500)
    .optional(),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/** A message of the chat screen: a MessageSchema plus, on a bot reply, its alternates (oldest first). */
export const ChatMessageSchema = MessageSchema.extend({
  alternates: z.array(MessageSchema.pick({ id: true, content: true, createdAt: true })).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/**
 * The events of the chat stream, each a `data:` line of JSON with an `event:` name:
 * - `start` {conversation_id, user_message?, character_id?}: the conversation (created on the first message), the saved
 *   user message, and in a group chat the member who speaks (the reply's character_id; absent for a chatbot, for
 *   autopilot's user line, and from older servers), so the reply shows its speaker from the first token
 * - `token` {text}: the next piece of the reply
 * - `done` MessageResponse: the reply, saved once, whole (also after the client stopped it)
 * - `error` {code, message, status}: the turn failed (document 1 §8 texts); nothing half-written is kept
 */
export const ChatStreamStartSchema = z.object({
  conversation_id: IdSchema.nullable(),
  user_message: ChatMessageSchema.nullish(),
  character_id: IdSchema.nullish(),
});
export const ChatStreamTokenSchema = z.object({ text: z.string() });
export const ChatStreamDoneSchema = z.object({
  message: ChatMessageSchema,
  capped_message_id: IdSchema.nullish(),
  conversation_id: IdSchema.nullable(),
  /** The reply was stopped by the client (or cut by the engine) before its end. */
  stopped: z.boolean().default(false),
  /** Why the picture the turn asked for (image_prompt) is not there; the reply itself is saved. */
  errorMessage: z.string().optional(),
});
export const ChatStreamErrorSchema = z.object({ code: z.string(), message: z.string(), status: z.number().int() });
export const CHAT_STREAM_EVENTS = ['start', 'token', 'done', 'error'] as const;
export type ChatStreamEventName = (typeof CHAT_STREAM_EVENTS)[number];

/** Models the caller may see (hidden ones left out), with whether the caller may choose each. */
export const ChatModelSchema = InferenceModelSchema.extend({
  available: z.boolean(),
  /** The built-in demo model, used when no engine is configured. */
  demo: z.boolean().default(false),
});
export const ChatModelsResultSchema = z.object({ models: z.array(ChatModelSchema), default_model: IdSchema });

export const CharacterParamsSchema = z.object({ characterId: IdSchema });
export const ConversationParamsSchema = z.object({ conversationId: IdSchema });
export const MessageParamsSchema = z.object({ messageId: IdSchema });
export const MemoryParamsSchema = z.object({ memoryId: IdSchema });
export const PersonaParamsSchema = z.object({ personaId: IdSchema });

export const MessagesQuerySchema = LastIdQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_LIMITS.messagePageSize),
});
/** A page of messages, newest page first, oldest first within it; the first entry flagged is_last_id is the cursor. */
export const MessagesResultSchema = z.object({ messages: z.array(ChatMessageSchema), has_more: z.boolean(), conversation: ConversationSchema });

export const ConversationsQuerySchema = LastIdQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_LIMITS.conversationsPageSize),
  q: z.string().max(100).optional(),
});
export const ConversationsResultSchema = z.object({ conversations: z.array(ConversationSchema), has_more: z.boolean() });

const ok = z.object({ ok: z.literal(true) });

export const chatCalls = {
  chat: defineCall({ method: 'POST', path: '/chat', access: 'guest', body: ChatRequestSchema }),
  models: defineCall({ method: 'GET', path: '/chat/models', access: 'guest', response: ChatModelsResultSchema }),
  messages: defineCall({
    method: 'GET',
    path: '/conversations/:conversationId/messages',
    access: 'member',
    params: ConversationParamsSchema,
    query: MessagesQuerySchema,
    response: MessagesResultSchema,
  }),
  editMessage: defineCall({
    method: 'PATCH',
    path: '/messages/:messageId',
    access: 'member',
    params: MessageParamsSchema,
    body: z.object({ content: z.string().trim().min(1).max(8000) }),
    response: ChatMessageSchema,
  }),
  removeMessages: defineCall({
    method: 'DELETE',
    path: '/conversations/:conversationId/messages',
    access: 'member',
    params: ConversationParamsSchema,
    body: z.object({ ids: z.array(IdSchema).min(1).max(1000) }),
    response: z.object({ removed: z.number().int().nonnegative() }),
  }),
  labelMessage: defineCall({
    method: 'POST',
    path: '/messages/:messageId/label',
    access: 'member',
    params: MessageParamsSchema,
    body: z.object({ message_id: IdSchema, label: MessageRatingSchema, reason: z.string().max(200).optional() }),
    response: ChatMessageSchema,
  }),
  flagMessage: defineCall({
    method: 'POST',
    path: '/messages/:messageId/flag',
    access: 'member',
    params: MessageParamsSchema,
    body: MessageFlagReportSchema,
    response: ok,
  }),
  createConversation: defineCall({
    method: 'POST',
    path: '/characters/:characterId/conversations',
    access: 'member',
    params: CharacterParamsSchema,
    /** voice_id: "create conversation and set voice" (document 1 §7 Voices). */
    body: z.object({ user_persona_id: IdSchema.nullish(), voice_id: IdSchema.optional() }),
    response: z.object({ id: IdSchema }),
  }),
  characterConversations: defineCall({
    method: 'GET',
    path: '/characters/:characterId/conversations',
    access: 'member',
    params: CharacterParamsSchema,
    query: ConversationsQuerySchema,
    response: ConversationsResultSchema,
  }),
  conversations: defineCall({
    method: 'GET',
    path: '/conversations',
    access: 'member',
    query: ConversationsQuerySchema,
    response: ConversationsResultSchema,
  }),
  removeConversation: defineCall({
    method: 'DELETE',
    path: '/conversations/:conversationId',
    access: 'member',
    params: ConversationParamsSchema,
    response: ok,
  }),
  renameConversation: defineCall({
    method: 'PUT',
    path: '/conversations/:conversationId/label',
    access: 'member',
    params: ConversationParamsSchema,
    body: z.object({ label: ConversationTitleSchema }),
    response: z.object({ result: z.object({ label: z.string() }) }),
  }),
  cloneConversation: defineCall({
    method: 'POST',
    path: '/conversations/:conversationId/clone',
    access: 'member',
    params: ConversationParamsSchema,
    /** Partial: up to and including `last_message_id`. */
    body: CloneConversationSchema.extend({ last_message_id: IdSchema.optional() }),
    response: z.object({ id: IdSchema }),
  }),
  changePersona: defineCall({
    method: 'PUT',
    path: '/conversations/:conversationId/persona',
    access: 'member',
    params: ConversationParamsSchema,
    body: z.object({ user_persona_id: IdSchema }),
    response: ConversationSchema,
  }),
  memories: defineCall({
    method: 'GET',
    path: '/conversations/:conversationId/memories',
    access: 'member',
    params: ConversationParamsSchema,
    query: LastIdQuerySchema,
    response: z.object({ memories: z.array(MemorySchema), has_more: z.boolean() }),
  }),
  addMemory: defineCall({
    method: 'POST',
    path: '/conversations/:conversationId/memories',
    access: 'member',
    params: ConversationParamsSchema,
    body: z.object({ content: MemoryContentSchema }),
    response: MemorySchema,
  }),
  updateMemory: defineCall({
    method: 'PUT',
    path: '/memories/:memoryId',
    access: 'member',
    params: MemoryParamsSchema,
    body: z.object({ content: MemoryContentSchema.optional(), is_pinned: z.boolean().optional() }),
    response: MemorySchema,
  }),
  removeMemory: defineCall({ method: 'DELETE', path: '/memories/:memoryId', access: 'member', params: MemoryParamsSchema, response: ok }),
  removeAllMemories: defineCall({
    method: 'DELETE',
    path: '/conversations/:conversationId/memories',
    access: 'member',
    params: ConversationParamsSchema,
    query: z.object({
      keep_pinned_memories: z.enum(['0', '1']).optional(),
      keep_user_memories: z.enum(['0', '1']).optional(),
    }),
    response: z.object({ removed: z.number().int().nonnegative() }),
  }),
  personas: defineCall({ method: 'GET', path: '/personas', access: 'member', response: z.object({ personas: z.array(PersonaSchema) }) }),
  createPersona: defineCall({ method: 'POST', path: '/personas', access: 'member', body: PersonaInputSchema, response: PersonaSchema }),
  updatePersona: defineCall({
    method: 'PATCH',
    path: '/personas/:personaId',
    access: 'member',
    params: PersonaParamsSchema,
    body: PersonaInputSchema.partial(),
    response: PersonaSchema,
  }),
  removePersona: defineCall({ method: 'DELETE', path: '/personas/:personaId', access: 'member', params: PersonaParamsSchema, response: ok }),
  setDefaultPersona: defineCall({
    method: 'PUT',
    path: '/personas/:personaId/default',
    access: 'member',
    params: PersonaParamsSchema,
    response: PersonaSchema,
  }),
} as const;
