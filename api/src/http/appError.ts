/**
 * Every API error has one shape: `{ error: { code, message, details? } }`. Codes are stable snake_case
 * strings the web app can switch on; messages are for people.
 */
export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  static badRequest(message: string, details?: unknown): AppError {
    return new AppError(400, 'bad_request', message, details);
  }

  static notFound(message: string, details?: unknown): AppError {
    return new AppError(404, 'not_found', message, details);
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.details);
  }
}

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return details === undefined ? { error: { code, message } } : { error: { code, message, details } };
}
