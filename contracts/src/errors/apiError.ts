import { z } from 'zod';
import { ERROR_CATALOGUE, type ErrorCode } from './errorCodes';
import { formatMessage } from './formatMessage';

/** An error code as carried by the API: a catalogue code, numeric (4207) or text (character_favorite_limit). */
export const ApiErrorCodeSchema = z.union([z.string().min(1), z.number().int()]);

/** The one error shape every API error answer has: `{ error: { code, message, details? } }`. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: ApiErrorCodeSchema,
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * Builds an error body for a catalogue code. The message is the catalogue's, with its placeholders filled from
 * `values`, unless `message` is given (e.g. the server's own error text).
 */
export function apiError(
  code: ErrorCode,
  options: { message?: string; values?: Readonly<Record<string, string | number>>; details?: unknown } = {},
): ApiError {
  const message = options.message ?? formatMessage(ERROR_CATALOGUE[code].message, options.values ?? {});
  return options.details === undefined ? { error: { code, message } } : { error: { code, message, details: options.details } };
}

/** The error of an answer body, or null when the body is not the API's error shape. */
export function parseApiError(body: unknown): ApiError['error'] | null {
  const parsed = ApiErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.error : null;
}
