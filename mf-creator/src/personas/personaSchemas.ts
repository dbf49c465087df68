import { PERSONA_LIMITS as L, PERSONA_MESSAGES as M, PersonaInputSchema } from '@fable/contracts';
import { z } from 'zod';
import { PERSONA_TEXTS as T } from './personaTexts';

/** A required text of min..max characters with the v1 form's messages. */
const v1Text = (empty: string, tooShort: string, min: number, max: number, tooLong: string) =>
  z
    .string({ error: empty })
    .trim()
    .min(1, { error: empty, abort: true })
    .min(min, { error: tooShort, abort: true })
    .max(max, { error: tooLong });

/**
 * The v1 persona form's rules (CREATE_PERSONA_V2_WEB off, document 2 §5): the same rules as v2 with the v1 messages
 * ("Name can't be empty", "Name should at least have a length of 3"); the API keeps its own (v2) messages.
 */
export const PersonaInputSchemaV1 = PersonaInputSchema.extend({
  name: v1Text(M.nameEmpty, M.nameTooShort, L.nameMin, L.nameMax, M.nameTooLong),
  highlights: v1Text(T.v1HighlightsEmpty, T.v1HighlightsTooShort, L.highlightsMin, L.highlightsMax, M.highlightsTooLong),
});

/** The form's schema of the variant the application serves. */
export const personaSchemaFor = (v2: boolean) => (v2 ? PersonaInputSchema : PersonaInputSchemaV1);
