import { ERROR_CATALOGUE, ERROR_CODES, IMAGE_ERRORS, type IMAGE_ERROR_CODES } from '@fable/contracts';
import { AppError } from '../../http/appError';

/** The errors of the image calls (contracts' api/images.ts), by code. */
type Code = (typeof IMAGE_ERROR_CODES)[keyof typeof IMAGE_ERROR_CODES];

export const imageError = (code: Code, details?: unknown) => {
  const entry = IMAGE_ERRORS[code];
  return new AppError(entry.status, code, entry.message, details);
};

/** A picture that cannot be accepted as given: the upload's or the guidance picture's fault (4xx). */
export class ImageInputError extends Error {
  override name = 'ImageInputError';
  constructor(readonly code: Code) {
    super(IMAGE_ERRORS[code].message);
  }
  toAppError(): AppError {
    return imageError(this.code);
  }
}

/**
 * 422 with the image content codes of document 1 §8: 6801 (underage) or 6802 (explicit), their catalogue texts, and
 * what saw it (details: field, rule).
 */
export function imageContentRefused(kind: 'underage' | 'explicit', details: { field: string; rule: string }): AppError {
  const code = kind === 'underage' ? ERROR_CODES.IMAGE_UNDERAGE : ERROR_CODES.IMAGE_EXPLICIT;
  const entry = ERROR_CATALOGUE[code];
  return new AppError(entry.status, String(code), entry.message, details);
}

/** The AppError of a picture refused by the pipeline; anything else is rethrown. */
function asAppError(err: unknown): AppError {
  if (err instanceof ImageInputError) return err.toAppError();
  throw err;
}

/** Rethrows a picture refused by the pipeline as its AppError (4xx); anything else as it is. */
export const asClientError = (err: unknown): never => {
  throw asAppError(err);
};
