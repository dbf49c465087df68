import { z } from 'zod';
import { CHARACTER_LIMITS } from '../limits/characterLimits';
import { GENERATION_SLIDERS, LORA_SCALE_DEFAULT } from '../limits/chatLimits';

/**
 * Image styles (document 1 §3 "Settings stored locally": semi-realistic default, or anime; also anime_v2 and
 * semi-realistic_v2, unlocked by avatar_images_v2 as "Anime V2" and "Semi Realistic V2").
 */
export const IMAGE_STYLES = ['semi-realistic', 'anime', 'anime_v2', 'semi-realistic_v2'] as const;
export const ImageStyleSchema = z.enum(IMAGE_STYLES);
export type ImageStyle = z.infer<typeof ImageStyleSchema>;
export const DEFAULT_IMAGE_STYLE: ImageStyle = 'semi-realistic';
/** Styles that need avatar_images_v2. */
export const V2_IMAGE_STYLES: readonly ImageStyle[] = ['anime_v2', 'semi-realistic_v2'];
/** Image guidance applies only to the anime and semi-realistic styles (document 1 §5). */
export const IMAGE_GUIDANCE_STYLES: readonly ImageStyle[] = ['anime', 'semi-realistic'];

const NegativePromptSchema = z.string().max(CHARACTER_LIMITS.negativePromptMax);
const LoraScaleSchema = z.number().min(GENERATION_SLIDERS.lora_scale.min).max(GENERATION_SLIDERS.lora_scale.max);

/** Conversation image settings kept locally (document 1 §3) and sent with the conversation image call (§7). */
export const ConversationImageSettingsSchema = z.object({
  model_style: ImageStyleSchema.default(DEFAULT_IMAGE_STYLE),
  nsfw_mode: z.boolean().default(false),
  legacy_mode: z.boolean().default(false),
  lora_scale: LoraScaleSchema.default(LORA_SCALE_DEFAULT),
  /** Ours: bounded as the negative prompt is. */
  user_prompt_suffix: z.string().max(CHARACTER_LIMITS.negativePromptMax).default(''),
  user_negative_prompt: NegativePromptSchema.default(''),
});
export type ConversationImageSettings = z.infer<typeof ConversationImageSettingsSchema>;

/** Generated avatar image (document 1 §3): base64 data with its MIME type and seed. */
export const GeneratedAvatarImageSchema = z.object({
  base64: z.string().min(1),
  type: z.string().min(1),
  seed: z.number().int(),
  prompt: z.string(),
  negativePrompt: NegativePromptSchema.optional(),
});
export type GeneratedAvatarImage = z.infer<typeof GeneratedAvatarImageSchema>;

/** Avatar generation request (document 1 §7 "POST generate-image"): the prompt is required to generate (§5). */
export const GenerateImageRequestSchema = z.object({
  prompt: z.string().trim().min(1),
  negative_prompt: NegativePromptSchema.optional(),
  seed: z.number().int().optional(),
  /** A guidance image (base64), only for the anime and semi-realistic styles. */
  image: z.string().optional(),
  model_style: ImageStyleSchema.default(DEFAULT_IMAGE_STYLE),
});
export type GenerateImageRequest = z.output<typeof GenerateImageRequestSchema>;

/** Image training request states (document 1 §4). */
export const IMAGE_TRAINING_STATES = ['idle', 'submitting', 'success', 'error', 'already_pending'] as const;
export type ImageTrainingState = (typeof IMAGE_TRAINING_STATES)[number];
