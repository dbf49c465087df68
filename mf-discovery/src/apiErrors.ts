import { CHARACTER_FAVORITE_LIMIT, formatMessage, type ERROR_CODES, type ERROR_MESSAGES } from '@fable/contracts';
import { apiErrorOf, GENERIC_ERROR_TEXT } from '@fable/shared';

/**
 * The catalogue's code and texts used here, typed as the contracts' literals (a change there fails the build) but
 * not imported at run time: the catalogue objects are whole and large, and the home route's first load carries this
 * file (apiErrors.test.ts compares the values).
 */
export const FAVORITE_LIMIT_CODE: (typeof ERROR_CODES)['CHARACTER_FAVORITE_LIMIT'] = 'character_favorite_limit';
export const FAVORITE_LIMIT_TEXT: (typeof ERROR_MESSAGES)['favorite']['limit'] =
  "Oops! You've reached your limit of {{character_favorite_limit}} favorite bots. To add more, please consider removing some from your current list.";

function limitIn(details: unknown): number | null {
  if (!details || typeof details !== 'object') return null;
  for (const key of ['character_favorite_limit', 'limit']) {
    const value = (details as Record<string, unknown>)[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  }
  return null;
}

/**
 * The error modal's message after a failed like or unlike (document 1 §8). character_favorite_limit: the spec's text
 * with the limit the error carries (details.character_favorite_limit), else the server's filled-in text, else ours.
 * Other errors: the server's message, or "Something went wrong!".
 */
export function favoriteErrorMessage(error: unknown): string {
  const { code, message, details } = apiErrorOf(error);
  if (code === FAVORITE_LIMIT_CODE) {
    const limit = limitIn(details);
    if (limit !== null) return formatMessage(FAVORITE_LIMIT_TEXT, { character_favorite_limit: limit });
    if (message && !/\{\{?\w+\}\}?/.test(message)) return message;
    return formatMessage(FAVORITE_LIMIT_TEXT, { character_favorite_limit: CHARACTER_FAVORITE_LIMIT });
  }
  return message ?? GENERIC_ERROR_TEXT;
}

/** Whether the failed call answered 404 (an unknown creator, a private or missing chatbot). */
export function isNotFound(error: unknown): boolean {
  return apiErrorOf(error).status === 404;
}
