import { ERROR_CATALOGUE, ERROR_CODES, formatMessage, type Tier } from '@fable/contracts';
import { AppError } from '../../http/appError';

const fromCatalogue = (code: keyof typeof ERROR_CATALOGUE, values: Record<string, string | number> = {}, details?: unknown) => {
  const entry = ERROR_CATALOGUE[code];
  return new AppError(entry.status, String(code), formatMessage(entry.message, values), details);
};

/** 404 persona_not_found "No persona found." (document 2 §8): unknown, or another member's persona. */
export const personaNotFound = () => fromCatalogue(ERROR_CODES.PERSONA_NOT_FOUND);

/**
 * 409 persona_limit (document 2 §8, the Limit Reached modal's text with {n} and {tier} filled in); details carry
 * both so a client can format the catalogue template itself.
 */
export const personaLimitReached = (limit: number, tier: Tier) =>
  fromCatalogue(ERROR_CODES.PERSONA_LIMIT, { n: limit, tier }, { n: limit, tier });

/** 409 persona_default_delete (document 2 §8): the default persona cannot be deleted. */
export const defaultPersonaDelete = () => fromCatalogue(ERROR_CODES.PERSONA_DEFAULT_DELETE);
