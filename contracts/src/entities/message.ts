import { z } from 'zod';
import { AssetUrlSchema, IdSchema, TimestampSchema } from './common';
import { PersonaSchema } from './persona';

/**
 * Message author (document 1 §3: "user or bot/assistant"). The spec uses bot and assistant for the same author;
 * the contract uses assistant.
 */
export const MESSAGE_ROLES = ['user', 'assistant'] as const;
export const MessageRoleSchema = z.enum(MESSAGE_ROLES);
export type MessageRole = z.infer<typeof MessageRoleSchema>;

/** Message feedback (star) values, lowest first (document 1 §3 "Message feedback labels: Terrible, Bad, Great, Fantastic"). */
export const MESSAGE_RATINGS = ['terrible', 'bad', 'great', 'fantastic'] as const;
export const MessageRatingSchema = z.enum(MESSAGE_RATINGS);
export type MessageRating = z.infer<typeof MessageRatingSchema>;
export const MESSAGE_RATING_LABELS = {
  terrible: 'Terrible',
  bad: 'Bad',
  great: 'Great',
  fantastic: 'Fantastic',
} as const satisfies Record<MessageRating, string>;
/** Low ratings ask what response was expected (document 1 §4 "Rating box"). */
export const LOW_MESSAGE_RATINGS: readonly MessageRating[] = ['terrible', 'bad'];

/**
 * A chat message (document 1 §3). character_id is the sub-character that spoke in a group chat; label is the
 * feedback reason chip sent with POST messages/{id}/label.
 */
export const MessageSchema = z.object({
  id: IdSchema,
  role: MessageRoleSchema,
  content: z.string(),
  prev_id: IdSchema.nullable(),
  is_alternative: z.boolean().default(false),
  /** Set on the entry that gives the next page cursor. */
  is_last_id: z.boolean().optional(),
  createdAt: TimestampSchema,
  image_url: AssetUrlSchema.nullish(),
  image_prompt: z.string().nullish(),
  /** The image is adult content: shown blurred to members with blurNSFW until they choose to see it (§6). */
  image_is_nsfw: z.boolean().optional(),
  rating: MessageRatingSchema.nullish(),
  character_id: IdSchema.nullish(),
  conversation_id: IdSchema,
  label: z.string().nullish(),
});
export type Message = z.infer<typeof MessageSchema>;

/** The answer of POST chat (document 1 §3 "Message response", §7); errorMessage may be carried. */
export const MessageResponseSchema = z.object({
  message: MessageSchema,
  capped_message_id: IdSchema.nullish(),
  conversation_id: IdSchema,
  userPersona: PersonaSchema.nullish(),
  label: z.string().nullish(),
  voice_id: IdSchema.nullish(),
  errorMessage: z.string().optional(),
});
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Message flag report payload (document 1 §3 "Report payloads"): reason label and comment. */
export const MessageFlagReportSchema = z.object({
  message_id: IdSchema,
  conversation_id: IdSchema,
  character_id: IdSchema,
  label: z.string().min(1),
  comment: z.string().optional(),
});
export type MessageFlagReport = z.infer<typeof MessageFlagReportSchema>;
