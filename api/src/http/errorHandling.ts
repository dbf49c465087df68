import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorBody } from './appError';

export interface ValidationIssue {
  /** Where: the request part and the field path, e.g. "body.name" or "headers.x-application-id". */
  path: string;
  message: string;
}

const PART_NAMES: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'path parameters',
  headers: 'headers',
};

/** "Invalid request body: name: Too small: expected string to have >=3 characters" (first three issues). */
export function validationMessage(part: string, issues: ValidationIssue[]): string {
  const shown = issues
    .slice(0, 3)
    .map((i) => {
      const field = i.path.split('.').slice(1).join('.');
      return field ? `${field}: ${i.message}` : i.message;
    })
    .join('; ');
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return `Invalid ${PART_NAMES[part] ?? part}: ${shown}${more}`;
}

function issuePath(part: string, segments: ReadonlyArray<PropertyKey>): string {
  return [part, ...segments.map(String)].filter(Boolean).join('.');
}

/** Validation errors thrown by handlers that parse with zod themselves. */
export function zodValidationError(error: z.ZodError, part = 'body'): AppError {
  const issues = error.issues.map((i) => ({ path: issuePath(part, i.path), message: i.message }));
  return new AppError(400, 'validation_error', validationMessage(part, issues), { issues });
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/**
 * One error handler and one not-found handler for the whole API: AppError as given; zod validation
 * failures as `validation_error` (400); Fastify's own client errors (bad JSON, wrong content type) by
 * status; anything else `internal_error` (500), logged, with no stack or message leaked.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    void reply.code(404).send(errorBody('not_found', `Route ${request.method} ${path} not found`));
  });

  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode >= 500) request.log.error({ err }, err.message);
      if (err.headers) void reply.headers(err.headers);
      return reply.code(err.statusCode).send(err.toBody());
    }

    if (hasZodFastifySchemaValidationErrors(err)) {
      const part = ('validationContext' in err && err.validationContext) || 'body';
      const issues = err.validation.map((v) => ({
        path: issuePath(part, v.instancePath.split('/').filter(Boolean)),
        message: v.message ?? 'Invalid value',
      }));
      return reply
        .code(400)
        .send(errorBody('validation_error', validationMessage(part, issues), { issues }));
    }

    if (err instanceof z.ZodError) {
      const appError = zodValidationError(err);
      return reply.code(400).send(appError.toBody());
    }

    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500 && !(err instanceof ResponseSerializationError)) {
      // Fastify's client errors (invalid JSON, unsupported media type, body too large) have safe messages.
      return reply.code(status).send(errorBody(CODE_BY_STATUS[status] ?? 'bad_request', err.message));
    }

    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody('internal_error', 'Internal server error'));
  });
}
