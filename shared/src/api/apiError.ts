import type { ERROR_MESSAGES } from '@fable/contracts';

/**
 * The generic failure text (document 1 §8), typed as the contracts' literal (a change there fails the build) but not
 * imported at run time: the catalogue is large and the shell's first load carries this file (apiError.test.ts
 * compares the values).
 */
export const GENERIC_ERROR_TEXT: (typeof ERROR_MESSAGES)['general']['generic'] = 'Something went wrong!';

/** What a failed call says, whatever made it fail. */
export interface ApiErrorInfo {
  /** The HTTP status of the answer; null when there was none (network failure) or it is no HTTP error. */
  status: number | null;
  /** No answer reached the page (fetchBaseQuery's FETCH_ERROR: offline, DNS, CORS). */
  network: boolean;
  /** The API's error code (`error.code`, a number made a string); null when the answer has none. */
  code: string | null;
  /** The API's text (`error.message`), trimmed; null when absent or blank. */
  message: string | null;
  /** The API's `error.details`, as sent (undefined when none). */
  details: unknown;
}

/**
 * The one reader of a failed call: an RTK Query error (`{ status, data: { error: { code, message, details } } }`,
 * the contracts' ApiErrorSchema), an HTTP answer of that shape, or anything else (a thrown Error, undefined). Read by
 * hand, without zod (it stays off the first load, docs/adr/0001).
 */
export function apiErrorOf(error: unknown): ApiErrorInfo {
  const outer = (error ?? {}) as { status?: unknown; data?: unknown };
  const inner = (outer.data as { error?: unknown } | null | undefined)?.error;
  const body = (inner && typeof inner === 'object' ? inner : {}) as { code?: unknown; message?: unknown; details?: unknown };
  const message = typeof body.message === 'string' ? body.message.trim() : '';
  return {
    status: typeof outer.status === 'number' ? outer.status : null,
    network: outer.status === 'FETCH_ERROR',
    code: typeof body.code === 'string' || typeof body.code === 'number' ? String(body.code) : null,
    message: message || null,
    details: body.details,
  };
}

/** The message to show for a failed call: the server's text, else `fallback` ("Something went wrong!" unless given). */
export function apiErrorMessage(error: unknown, fallback: string = GENERIC_ERROR_TEXT): string {
  return apiErrorOf(error).message ?? fallback;
}
