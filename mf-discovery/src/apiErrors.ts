import { CHARACTER_FAVORITE_LIMIT, formatMessage, type ERROR_CODES, type ERROR_MESSAGES } from '@fable/contracts';

/**
 * The catalogue's code and texts used here, typed as the contracts' literals (a change there fails the build) but
 * not imported at run time: the catalogue objects are whole and large, and the home route's first load carries this
 * file (apiErrors.test.ts compares the values).
 */
export const FAVORITE_LIMIT_CODE: (typeof ERROR_CODES)['CHARACTER_FAVORITE_LIMIT'] = 'character_favorite_limit';
export const FAVORITE_LIMIT_TEXT: (typeof ERROR_MESSAGES)['favorite']['limit'] =
  "Oops! You've reached your limit of {{character_favorite_limit}} favorite bots. To add more, please consider removing some from your current list.";
export const GENERIC_ERROR_TEXT: (typeof ERROR_MESSAGES)['general']['generic'] = 'Something went wrong!';

/**
 * The API's error (`{ error: { code, message, details? } }`, contracts' ApiErrorSchema) of a failed RTK Query call,
 * read without zod (it stays off the home route's first load, docs/adr/0001). Null when the answer has not that
 * shape (network failure, a proxy's page).
 */
export function apiErrorOf(error: unknown): { code: string | number; message: string; details?: unknown } | null {
  const body = (error as { data?: unknown } | null | undefined)?.data;
  const inner = (body as { error?: unknown } | null | undefined)?.error;
  if (!inner || typeof inner !== 'object') return null;
  const { code, message, details } = inner as { code?: unknown; message?: unknown; details?: unknown };
  if ((typeof code !== 'string' && typeof code !== 'number') || typeof message !== 'string') return null;
  return { code, message, details };
}

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
  const apiError = apiErrorOf(error);
  if (!apiError) return GENERIC_ERROR_TEXT;
  if (String(apiError.code) === FAVORITE_LIMIT_CODE) {
    const limit = limitIn(apiError.details);
    if (limit !== null) return formatMessage(FAVORITE_LIMIT_TEXT, { character_favorite_limit: limit });
    const text = apiError.message.trim();
    if (text && !/\{\{?\w+\}\}?/.test(text)) return text;
    return formatMessage(FAVORITE_LIMIT_TEXT, { character_favorite_limit: CHARACTER_FAVORITE_LIMIT });
  }
  return apiError.message.trim() || GENERIC_ERROR_TEXT;
}

/** The message of any failed call: the server's text, or "Something went wrong!". */
export function errorMessageOf(error: unknown): string {
  return apiErrorOf(error)?.message.trim() || GENERIC_ERROR_TEXT;
}

/** Whether the failed call answered 404 (an unknown creator). */
export function isNotFound(error: unknown): boolean {
  return (error as { status?: unknown } | null | undefined)?.status === 404;
}
