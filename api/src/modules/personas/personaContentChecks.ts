import { ERROR_CATALOGUE, ERROR_CODES } from '@fable/contracts';
import { AppError } from '../../http/appError';
import type { ContentClassifier, ModeratedText } from '../moderation/contentClassifier';

/** The persona fields the content checks read. */
export type PersonaTextField = 'name' | 'highlights';

/**
 * The content checks of a persona (document 1 §8: 4207 underage, 4208 explicit), with the chatbot checks' classifier
 * (embedded rules or the configured moderation endpoint, moderation/moderationConfig.ts). The spec names the codes
 * only; the policy is ours:
 * - 4207 (underage): sexualised minors in the name or highlights, or sexual content together with a child, a minor
 *   or a stated age under 18 (in the same text or across the two);
 * - 4208 (explicit): sexual content in the name or highlights, on every application. A persona has no NSFW mark (a
 *   chatbot and a picture have one) and goes into the prompt of every chat its member starts, with any chatbot,
 *   SFW ones included: it carries no explicit text.
 * A child or an age alone is not refused ("father of two kids", "has a 5-year-old daughter"). Underage is reported
 * before explicit. Only the fields sent are read (an update checks what it changes).
 */
export async function checkPersonaContent(classifier: ContentClassifier, fields: Partial<Record<PersonaTextField, string>>): Promise<void> {
  const read: PersonaTextField[] = (['name', 'highlights'] as const).filter((f) => (fields[f] ?? '').trim() !== '');
  if (read.length === 0) return;
  // The classifier reads chatbot fields: a persona's highlights describe the user as a chatbot's personality does.
  const texts: ModeratedText[] = read.map((f) => ({ field: f === 'name' ? 'name' : 'persona', text: fields[f]! }));
  const signals = await classifier.classify(texts);
  const seen = signals.map((s, i) => ({ ...s, field: read[i]! }));
  const sexualMinors = seen.find((s) => s.sexualMinors);
  if (sexualMinors) throw personaContentRefused('underage', sexualMinors.field, sexualMinors.sexualMinors!);
  const explicit = seen.find((s) => s.explicit);
  if (!explicit) return;
  const young = seen.find((s) => s.ageUnder18 || s.minor);
  if (young) throw personaContentRefused('underage', young.field, (young.ageUnder18 ?? young.minor)!);
  throw personaContentRefused('explicit', explicit.field, explicit.explicit!);
}

/**
 * 422 with the persona content codes of document 1 §8 as the catalogue has them: 4207 (underage) or 4208 (explicit),
 * their texts, and what saw it (details: field, rule), so the form can show the text under that field.
 */
export function personaContentRefused(kind: 'underage' | 'explicit', field: PersonaTextField, rule: string): AppError {
  const code = kind === 'underage' ? ERROR_CODES.PERSONA_UNDERAGE : ERROR_CODES.PERSONA_EXPLICIT;
  const entry = ERROR_CATALOGUE[code];
  return new AppError(entry.status, String(code), entry.message, { field, rule });
}
