import { z } from 'zod';
import { AssetUrlSchema, IdSchema } from './common';

export const VOICE_GENDERS = ['male', 'female'] as const;
export const VoiceGenderSchema = z.enum(VOICE_GENDERS);
export type VoiceGender = z.infer<typeof VoiceGenderSchema>;

/** A text-to-speech voice (document 1 §3). audio_url is a sample. */
export const VoiceSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string().optional(),
  gender: VoiceGenderSchema,
  audio_url: AssetUrlSchema.optional(),
});
export type Voice = z.infer<typeof VoiceSchema>;

/** Voice feedback rating (document 1 §3): Favorite is sent as love. */
export const VOICE_RATINGS = ['like', 'dislike', 'love'] as const;
export const VoiceRatingSchema = z.enum(VOICE_RATINGS);
export type VoiceRating = z.infer<typeof VoiceRatingSchema>;

/** The five negative voice-feedback reasons (document 1 §3, §9); Dislike needs one. Values are ours, snake_case. */
export const VOICE_DISLIKE_REASONS = ['not_natural', 'pronunciation_unclear', 'tone_mismatch', 'too_fast', 'too_slow'] as const;
export const VoiceDislikeReasonSchema = z.enum(VOICE_DISLIKE_REASONS);
export type VoiceDislikeReason = z.infer<typeof VoiceDislikeReasonSchema>;
export const VOICE_DISLIKE_REASON_LABELS = {
  not_natural: 'not natural',
  pronunciation_unclear: 'pronunciation unclear',
  tone_mismatch: 'tone mismatch',
  too_fast: 'too fast',
  too_slow: 'too slow',
} as const satisfies Record<z.infer<typeof VoiceDislikeReasonSchema>, string>;

/** Rate voice quality payload (document 1 §7: message id, voice id, rating). */
export const VoiceFeedbackSchema = z
  .object({
    message_id: IdSchema,
    voice_id: IdSchema,
    rating: VoiceRatingSchema,
    reason: VoiceDislikeReasonSchema.optional(),
  })
  .refine((v) => v.rating !== 'dislike' || v.reason !== undefined, { path: ['reason'], error: 'Dislike needs a reason' });
export type VoiceFeedback = z.infer<typeof VoiceFeedbackSchema>;

