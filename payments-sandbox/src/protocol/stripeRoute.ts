// One Stripe-protocol call: the API key from `Authorization: Bearer …`, the form-encoded parameters (query for GET),
// the idempotency key for POST, the JSON answer or Stripe's error shape, and Stripe's response headers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newId } from '../api/ids';
import { API_VERSION } from '../api/state';
import { canonicalParams, type FormObject, FormBodyError, parseFormBody } from './formBody';
import type { IdempotencyStore } from './idempotency';
import { StripeApiError } from './stripeError';

export type KeyKind = 'secret' | 'publishable';

export interface StripeCall {
  params: FormObject;
  apiKey: string;
  keyKind: KeyKind;
  idempotencyKey: string | null;
  path: Record<string, string>;
}

export interface KeyRing {
  secretKeys: string[];
  publishableKeys: string[];
}

const mask = (key: string) => `${key.slice(0, 8)}${'*'.repeat(Math.max(4, key.length - 12))}${key.slice(-4)}`;

const unauthorized = (message: string) => new StripeApiError(401, { type: 'invalid_request_error', message });

/** The caller's key and its kind, or Stripe's 401. */
export function authenticate(request: FastifyRequest, keys: KeyRing, accepts: readonly KeyKind[]): { apiKey: string; keyKind: KeyKind } {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) {
    throw unauthorized(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  const apiKey = match[1];
  const keyKind: KeyKind | undefined = keys.secretKeys.includes(apiKey) ? 'secret' : keys.publishableKeys.includes(apiKey) ? 'publishable' : undefined;
  if (!keyKind) throw unauthorized(`Invalid API Key provided: ${mask(apiKey)}`);
  if (!accepts.includes(keyKind)) {
    throw unauthorized('This API call cannot be made with a publishable API key. Please use a secret API key.');
  }
  return { apiKey, keyKind };
}

function paramsOf(request: FastifyRequest): FormObject {
  if (request.method === 'GET' || request.method === 'DELETE') {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    return parseFormBody(query);
  }
  const body = request.body;
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'string') throw new StripeApiError(400, { type: 'invalid_request_error', message: 'Request bodies must be application/x-www-form-urlencoded.' });
  return parseFormBody(body);
}

function send(reply: FastifyReply, status: number, body: string, idempotencyKey: string | null, replayed: boolean) {
  reply.header('request-id', newId('req')).header('stripe-version', API_VERSION).header('content-type', 'application/json');
  if (idempotencyKey) reply.header('idempotency-key', idempotencyKey);
  if (replayed) reply.header('idempotent-replayed', 'true');
  if (status === 409) reply.header('stripe-should-retry', 'true');
  return reply.code(status).send(body);
}

/** Registers a Stripe-protocol route; the handler returns the object to answer or throws a StripeApiError. */
export function stripeRoute(
  app: FastifyInstance,
  deps: { keys: KeyRing; idempotency: IdempotencyStore },
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  accepts: readonly KeyKind[],
  handler: (call: StripeCall) => unknown,
): void {
  app.route({
    method,
    url,
    handler: async (request, reply) => {
      const idempotencyKey = method === 'POST' ? ((request.headers['idempotency-key'] as string | undefined) ?? null) : null;
      let finish: ((status: number, body: string, keep: boolean) => void) | undefined;
      try {
        const { apiKey, keyKind } = authenticate(request, deps.keys, accepts);
        const params = paramsOf(request);
        if (idempotencyKey) {
          const fingerprint = `${method} ${request.url.split('?')[0]} ${canonicalParams(params)}`;
          const outcome = deps.idempotency.begin(apiKey, idempotencyKey, fingerprint);
          if (outcome.kind === 'replay') return send(reply, outcome.status, outcome.body, idempotencyKey, true);
          finish = outcome.finish;
        }
        const result = await handler({ params, apiKey, keyKind, idempotencyKey, path: request.params as Record<string, string> });
        const body = JSON.stringify(result);
        finish?.(200, body, true);
        return send(reply, 200, body, idempotencyKey, false);
      } catch (error) {
        const failure =
          error instanceof StripeApiError
            ? error
            : error instanceof FormBodyError
              ? new StripeApiError(400, { type: 'invalid_request_error', message: error.message })
              : new StripeApiError(500, { type: 'api_error', message: 'An unexpected error occurred in the payments sandbox.' });
        if (failure.status === 500) request.log.error({ err: error }, 'sandbox call failed');
        const body = JSON.stringify(failure);
        finish?.(failure.status, body, failure.remembered);
        return send(reply, failure.status, body, idempotencyKey, false);
      }
    },
  });
}
