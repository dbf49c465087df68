import { z } from 'zod';
import { PERSONA_LIMITS as L, PERSONA_MESSAGES as M } from '../limits/personaLimits';
import { AssetUrlSchema, IdSchema } from './common';

/** A persona (document 1 §3, document 2 §3). */
export const PersonaSchema = z.object({
  id: IdSchema,
  name: z.string().max(L.nameMax),
  avatar_url: AssetUrlSchema.nullable(),
  highlights: z.string().max(L.highlightsMax),
  is_default: z.boolean().default(false),
});
export type Persona = z.infer<typeof PersonaSchema>;

/** Persona create/update payload with the v2 form's verbatim messages (document 2 §5, §7; CREATE_PERSONA_V2_WEB). */
export const PersonaInputSchema = z.object({
  avatar_url: z.string({ error: M.avatarRequired }).min(1, { error: M.avatarRequired }),
  name: z
    .string({ error: M.v2Required })
    .trim()
    .min(1, { error: M.v2Required, abort: true })
    .min(L.nameMin, { error: M.v2TooShort, abort: true })
    .max(L.nameMax, { error: M.nameTooLong }),
  highlights: z
    .string({ error: M.v2Required })
    .trim()
    .min(1, { error: M.v2Required, abort: true })
    .min(L.highlightsMin, { error: M.v2TooShort, abort: true })
    .max(L.highlightsMax, { error: M.highlightsTooLong }),
  is_default: z.boolean().default(false),
});
export type PersonaInput = z.output<typeof PersonaInputSchema>;
