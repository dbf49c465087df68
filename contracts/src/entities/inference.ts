import { z } from 'zod';
import { PermissionSchema } from '../permissions/permissions';
import { GENERATION_DEFAULTS, GENERATION_SLIDERS } from '../limits/chatLimits';
import { IdSchema } from './common';

const S = GENERATION_SLIDERS;

/**
 * Inference settings of a chat call and of the Generation Settings modal (document 1 §3, §5 "Generation sliders",
 * §7 "POST chat"). Slider steps (0.01) are a UI concern and not enforced here.
 */
export const InferenceSettingsSchema = z.object({
  max_new_tokens: z.number().int().min(S.max_new_tokens.min).max(S.max_new_tokens.max).default(GENERATION_DEFAULTS.max_new_tokens),
  temperature: z.number().min(S.temperature.min).max(S.temperature.max).default(GENERATION_DEFAULTS.temperature),
  top_p: z.number().min(S.top_p.min).max(S.top_p.max).default(GENERATION_DEFAULTS.top_p),
  top_k: z.number().int().min(S.top_k.min).max(S.top_k.max).default(GENERATION_DEFAULTS.top_k),
});
export type InferenceSettings = z.infer<typeof InferenceSettingsSchema>;

/** Inference settings plus the chosen model, as kept in user settings (document 1 §3 "User settings"). */
export const UserInferenceSettingsSchema = InferenceSettingsSchema.extend({
  model: IdSchema.optional(),
});
export type UserInferenceSettings = z.infer<typeof UserInferenceSettingsSchema>;

/** A model's context as the spec writes it: "8K", "16K" (document 1 §3 "Inference model"). */
export const ModelTokensSchema = z.string().regex(/^\d+K$/);

/** Context tokens of a model's tokens label: "8K" → 8192. */
export function modelContextTokens(tokens: string): number {
  const match = /^(\d+)K$/.exec(tokens);
  return match?.[1] === undefined ? 0 : Number(match[1]) * 1024;
}

/**
 * Inference model (document 1 §3). permission: the permission needed to choose it (disabled without it, hidden
 * when hide_unauthorized). size is a parameter-count label such as "45B" or "70b"; level orders models in the
 * menu (ours: the spec does not say what it means); tag is a badge such as "beta".
 */
export const InferenceModelSchema = z.object({
  id: IdSchema,
  name: z.string().min(1),
  size: z.string().optional(),
  tokens: ModelTokensSchema,
  description: z.string().optional(),
  tag: z.string().optional(),
  level: z.number().int().nonnegative().optional(),
  permission: z.nullish(PermissionSchema),
  hide_unauthorized: z.boolean().default(false),
});
export type InferenceModel = z.infer<typeof InferenceModelSchema>;
