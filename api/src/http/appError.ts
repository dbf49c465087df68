/**
 * Every API error has one shape: `{ error: { code, message, details? } }`. Codes are stable snake_case
 * strings the web app can switch on; messages are for people.
 */
export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export class AppError extends Error {
  override name = 'AppError';
  /** Headers sent with the error answer (Retry-After of a 429, WWW-Authenticate of a 401). */
  headers?: Record<string, string>;

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

  static unauthorized(code: string, message: string): AppError {
    const err = new AppError(401, code, message);
    err.headers = { 'WWW-Authenticate': `Bearer error="${code === 'token_expired' ? 'invalid_token' : code}"` };
    return err;
  }

  /** 404 for an application id that names no application (X-Application-Id, or a path's or query's). */
  static unknownApplication(applicationId: string): AppError {
    return new AppError(404, 'unknown_application', `Unknown application: ${applicationId}`);
  }

  static forbidden(message: string, code = 'forbidden', details?: unknown): AppError {
    return new AppError(403, code, message, details);
  }

  /** 429 with Retry-After (whole seconds, at least 1). */
  static rateLimited(retryAfterMs: number, message = 'Too many requests. Please wait a moment and try again.'): AppError {
    const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
    const err = new AppError(429, 'rate_limited', message, { retry_after: retryAfter });
    err.headers = { 'Retry-After': String(retryAfter) };
    return err;
  }

  /** The error `code` of a contract's catalogue (code → status and message), e.g. AppError.of(PUSH_ERRORS, 'push_unavailable'). */
  static of<C extends Readonly<Record<string, { readonly status: number; readonly message: string }>>>(catalogue: C, code: keyof C & string): AppError {
    return new AppError(catalogue[code]!.status, code, catalogue[code]!.message);
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.details);
  }
}

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return details === undefined ? { error: { code, message } } : { error: { code, message, details } };
}
