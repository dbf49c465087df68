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

/** Persona create/update payload with the form's verbatim messages (document 2 §5, §7). */
export const PersonaInputSchema = z.object({
  avatar_url: z.string({ error: M.avatarRequired }).min(1, { error: M.avatarRequired }),
  name: z
    .string({ error: M.nameEmpty })
    .trim()
    .min(1, { error: M.nameEmpty, abort: true })
    .min(L.nameMin, { error: M.nameTooShort, abort: true })
    .max(L.nameMax, { error: M.nameTooLong }),
  highlights: z
    .string({ error: M.highlightsEmpty })
    .trim()
    .min(1, { error: M.highlightsEmpty, abort: true })
    .min(L.highlightsMin, { error: M.highlightsTooShort, abort: true })
    .max(L.highlightsMax, { error: M.highlightsTooLong }),
  is_default: z.boolean().default(false),
});
export type PersonaInput = z.output<typeof PersonaInputSchema>;
