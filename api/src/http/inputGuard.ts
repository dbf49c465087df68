import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorBody } from './appError';
import { setSecurityHeaders } from './securityHeaders';
import { validationMessage, type ValidationIssue } from './errorHandling';

/**
 * Deepest nesting of objects and arrays a JSON body may have. No call needs more than a handful of levels; a
 * limit keeps recursive code (validation, serialisation, logging) away from stack overflows.
 */
export const MAX_BODY_DEPTH = 32;

export const NUL_RULE = 'must not contain NUL characters';
export const SURROGATE_RULE = 'must not contain unpaired surrogate characters (invalid Unicode)';
export const DEPTH_RULE = `must not be nested more than ${MAX_BODY_DEPTH} levels deep`;

/** A NUL, or a UTF-16 surrogate without its pair: PostgreSQL can store neither in text. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be accepted, or null when it can. */
export function stringProblem(value: string): string | null {
  if (value.includes('\u0000')) return NUL_RULE;
  if (LONE_SURROGATE.test(value)) return SURROGATE_RULE;
  return null;
}

const MAX_ISSUES = 10;

/**
 * The problems of a parsed value (query, params or JSON body): every string (keys too) free of NUL and lone
 * surrogates, nesting within `maxDepth`. Walks without recursion, so no input can overflow the stack.
 */
export function findInputIssues(part: string, value: unknown, maxDepth = MAX_BODY_DEPTH): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: part, depth: 0 }];
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const problem = stringProblem(item.value);
      if (problem) issues.push({ path: item.path, message: problem });
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= maxDepth) {
      issues.push({ path: item.path, message: DEPTH_RULE });
      continue;
    }
    const entries = Array.isArray(item.value) ? item.value.map((v, i) => [String(i), v] as const) : Object.entries(item.value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const keyProblem = stringProblem(key);
      const path = `${item.path}.${keyProblem ? JSON.stringify(key) : key}`;
      if (keyProblem) issues.push({ path, message: `field name ${keyProblem}` });
      else stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return issues;
}

function refuse(part: string, issues: ValidationIssue[]): AppError {
  return new AppError(400, 'validation_error', validationMessage(part, issues), { issues });
}

/** "body.name: must not contain NUL characters" style errors for one request part. */
export function assertCleanInput(part: 'params' | 'querystring' | 'body', value: unknown): void {
  const issues = findInputIssues(part, value);
  if (issues.length > 0) throw refuse(part, issues);
}

/** The query string's percent-encoding must decode to UTF-8 (the parser would otherwise pass the raw text on). */
export function assertDecodableQuery(url: string): void {
  const at = url.indexOf('?');
  if (at < 0) return;
  for (const pair of url.slice(at + 1).split('&')) {
    try {
      decodeURIComponent(pair.replace(/\+/g, ' '));
    } catch {
      const key = pair.split('=')[0] ?? '';
      let name: string;
      try {
        name = decodeURIComponent(key);
      } catch {
        name = '(undecodable name)';
      }
      const issues = [{ path: `querystring.${name}`, message: 'has invalid percent-encoding (not UTF-8)' }];
      throw refuse('querystring', issues);
    }
  }
}

/**
 * Fastify's own refusals before a route is found (frameworkErrors): a path whose percent-encoding does not decode
 * (/api/messages/%ZZ, a cut UTF-8 sequence) or a too long path parameter, answered in the API's error shape.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  setSecurityHeaders(request, reply);
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  if (error.code === 'FST_ERR_BAD_URL') {
    const issues = [{ path: 'url', message: 'has invalid percent-encoding (not UTF-8)' }];
    void reply.code(400).send(errorBody('validation_error', 'Invalid URL: it has invalid percent-encoding (not UTF-8)', { issues }));
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send(errorBody('uri_too_long', 'A path segment of the URL is too long'));
    return;
  }
  request.log.info({ code: error.code }, 'request refused by the framework');
  void reply.code(status).send(errorBody('bad_request', 'Bad request'));
}

/**
 * Input that no route can store is refused at the edge, for every route, with 400 `validation_error` naming the
 * field: NUL characters and unpaired surrogates (PostgreSQL text holds neither) in path parameters, query values
 * and JSON bodies (keys included), and bodies nested deeper than MAX_BODY_DEPTH. Path and query are checked as
 * soon as the route is known (before access control), the body once parsed (before schema validation).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    assertDecodableQuery(request.url);
    assertCleanInput('params', request.params);
    assertCleanInput('querystring', request.query);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined) assertCleanInput('body', request.body);
  });
}
