import { z } from 'zod';
import { CHATBOT_RATING_VALUES } from '../limits/browseLimits';
import { CountSchema, IdSchema } from './common';

/** Chatbot rating (document 1 §3 "Rating values"): dislike 1, like 3, love 5. */
export const ChatbotRatingSchema = z.union([
  z.literal(CHATBOT_RATING_VALUES.dislike),
  z.literal(CHATBOT_RATING_VALUES.like),
  z.literal(CHATBOT_RATING_VALUES.love),
]);
export type ChatbotRating = z.infer<typeof ChatbotRatingSchema>;

/** characterRating event fields (document 1 §7 "POST event"). */
export const CharacterRatingEventSchema = z.object({
  character_id: IdSchema,
  rating: ChatbotRatingSchema,
  conversation_length: CountSchema,
});
export type CharacterRatingEvent = z.infer<typeof CharacterRatingEventSchema>;
