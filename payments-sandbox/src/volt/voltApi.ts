// Volt's Gateway API, served by the sandbox (voltProtocol.ts): POST /oauth (password or client_credentials grant),
// POST /v2/payments, GET /payments/:id, GET /payments/:id/refund-details and POST /payments/:id/request-refund with a
// Bearer token from /oauth (a token that is unknown or expired answers 401), and a notification of each paid or
// cancelled payment to its notificationUrl (else the merchant's settings' one): JSON signed in X-Volt-Signed, retried
// until it answers 2xx by the shared notifier. A payment is a redirect session of the sandbox whose checkoutUrl is the
// hosted page /pay/:id (Pay: COMPLETED; Cancel: FAILED / CANCELLED_BY_USER), which sends the payer to the success or
// cancel URL with Volt's `volt` parameters.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RetryConfig } from '../config';
import { randomToken, unixNow } from '../api/ids';
import { openRedirectSession, type RedirectSession, type VoltPaymentFields } from '../api/objects';
import { CURRENCIES } from '../api/paymentIntents';
import type { SandboxState } from '../api/state';
import { createMerchantNotifier, type MerchantNotifier, type NotificationAttempts } from '../webhooks/merchantNotifier';
import { ERRORS, PAYMENT_TYPES, STATUSES, UNIQUE_REFERENCE, USER_AGENT, voltSignature } from './voltProtocol';

export interface VoltConfig {
  /** The Fuzebox application. */
  clientId: string;
  clientSecret: string;
  /** The API user (the password grant's). */
  username: string;
  password: string;
  notificationSecret: string;
  /** The notification URL of the merchant's settings, for payments made without one; null: those are not announced. */
  notificationUrl: string | null;
  /** How long an access token lasts (expires_in). */
  tokenTtlSeconds: number;
}

export const DEFAULT_VOLT: VoltConfig = {
  clientId: 'sandbox_volt_client_fable',
  clientSecret: 'sandbox_volt_client_secret_fable',
  username: 'api@fable.example',
  password: 'sandbox_volt_password_fable',
  notificationSecret: 'sandbox_volt_notification_secret_fable',
  notificationUrl: null,
  tokenTtlSeconds: 3600,
};

/** One notification and its attempts (for tests: "announced once, retried while refused"). */
export interface VoltNotification extends NotificationAttempts {
  payment: string;
  status: string;
  detailedStatus: string;
  /** What was posted and its headers (X-Volt-Signed, X-Volt-Timed, User-Agent). */
  rawBody: string;
  headers: Record<string, string>;
}

class VoltError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const HTTP_URL = /^https?:\/\/\S+$/;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The payment as GET /payments/:id shows it. */
function paymentOf(session: RedirectSession) {
  const volt = session.volt as VoltPaymentFields;
  return {
    id: session.id,
    currency: session.currency.toUpperCase(),
    amount: session.amount,
    ...STATUSES[session.status],
    type: volt.type,
    uniqueReference: volt.uniqueReference,
    merchantInternalReference: volt.merchantInternalReference,
    payer: volt.payer,
    refundedAmount: session.amount_refunded,
    createdAt: new Date(session.created * 1000).toISOString(),
  };
}

/** OAuth 2 (RFC 6749 §5 answers): the password grant Volt documents, and client_credentials. */
function registerOAuth(app: FastifyInstance, config: VoltConfig, tokens: Map<string, number>, tokensIssued: string[]) {
  app.post('/oauth', (request, reply) => {
    const form = Object.fromEntries(new URLSearchParams(typeof request.body === 'string' ? request.body : ''));
    const fail = (code: number, error: string, description: string) => reply.code(code).send({ error, error_description: description });
    if (form.grant_type !== 'password' && form.grant_type !== 'client_credentials') return fail(400, 'unsupported_grant_type', 'grant_type must be password or client_credentials');
    if (form.client_id !== config.clientId || form.client_secret !== config.clientSecret) return fail(401, 'invalid_client', 'Client authentication failed');
    if (form.grant_type === 'password' && (form.username !== config.username || form.password !== config.password)) return fail(400, 'invalid_grant', 'The user credentials were incorrect.');
    const token = randomToken(40);
    tokens.set(token, Date.now() + config.tokenTtlSeconds * 1000);
    tokensIssued.push(token);
    return reply.send({ access_token: token, token_type: 'Bearer', expires_in: config.tokenTtlSeconds, refresh_token: randomToken(40) });
  });
}

/** Notifies the merchant of a paid or cancelled payment (signed, retried) and answers where the payer goes back to. */
function notifyAndReturn(session: RedirectSession, config: VoltConfig, notifier: MerchantNotifier<VoltNotification>): string {
  const volt = session.volt as VoltPaymentFields;
  const { status, detailedStatus } = STATUSES[session.status];
  const url = volt.notificationUrl ?? config.notificationUrl;
  if (url) {
    const rawBody = JSON.stringify({
      payment: session.id,
      reference: volt.uniqueReference,
      merchantInternalReference: volt.merchantInternalReference,
      amount: session.amount,
      status,
      detailedStatus,
    });
    const timed = String(unixNow());
    const headers = { 'content-type': 'application/json', 'user-agent': USER_AGENT, 'x-volt-timed': timed, 'x-volt-signed': voltSignature(config.notificationSecret, rawBody, timed) };
    notifier.send(url, { headers, body: rawBody }, { payment: session.id, status, detailedStatus, rawBody, headers, attempts: [], delivered: false });
  }
  // back to the success or cancel URL with Volt's parameters
  const back = new URL(session.status === 'completed' ? session.return_url : session.cancel_url);
  const volted = Buffer.from(JSON.stringify({ id: session.id, uniqueReference: volt.uniqueReference, status })).toString('base64');
  const timestamp = String(unixNow());
  back.searchParams.set('volt', volted);
  back.searchParams.set('volt-signature', voltSignature(config.notificationSecret, volted, timestamp));
  back.searchParams.set('volt-timestamp', timestamp);
  return back.toString();
}

export function registerVolt(app: FastifyInstance, deps: { state: SandboxState; config: VoltConfig; retry: RetryConfig; baseUrl: () => string }) {
  const { state, config } = deps;
  const notifier = createMerchantNotifier<VoltNotification>(deps.retry);
  const tokens = new Map<string, number>();
  const tokensIssued: string[] = [];
  /** Idempotency-Key → the request's fingerprint and the answer given to it. */
  const idempotent = new Map<string, { fingerprint: string; answer: object }>();

  const send = (reply: FastifyReply, run: () => { code: number; body: object }) => {
    try {
      const { code, body } = run();
      return reply.code(code).send(body);
    } catch (error) {
      if (!(error instanceof VoltError)) throw error;
      return reply.code(error.code).send({ exception: { code: error.code, message: error.message } });
    }
  };

  const authenticate = (request: FastifyRequest) => {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const until = token ? tokens.get(token) : undefined;
    if (until === undefined || until <= Date.now()) throw new VoltError(401, ERRORS.unauthorized);
  };

  /** A POST with an idempotency-key: its first answer again for the same request, refused for another one. */
  const once = (request: FastifyRequest, scope: string, run: () => { code: number; body: object }) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') return run();
    const fingerprint = createHash('sha256').update(`${scope}|${JSON.stringify(request.body ?? null)}`).digest('hex');
    const seen = idempotent.get(key);
    if (seen) {
      if (seen.fingerprint !== fingerprint) throw new VoltError(403, ERRORS.reusedKey);
      return { code: 201, body: seen.answer };
    }
    const made = run();
    idempotent.set(key, { fingerprint, answer: made.body });
    return made;
  };

  const sessionOf = (request: FastifyRequest): RedirectSession => {
    const session = state.redirectSessions.get((request.params as { id: string }).id);
    if (!session?.volt) throw new VoltError(404, ERRORS.notFound);
    return session;
  };

  registerOAuth(app, config, tokens, tokensIssued);

  app.post('/v2/payments', (request, reply) =>
    send(reply, () => {
      authenticate(request);
      return once(request, 'payment', () => {
        const body = request.body;
        if (!isObject(body)) throw new VoltError(400, 'The request body must be a JSON object');
        const field = (name: string, valid: (value: unknown) => boolean, why: string) => {
          if (!valid(body[name])) throw new VoltError(422, `${name}: ${why}`);
          return body[name];
        };
        const optionalUrl = (name: string) => field(name, (v) => v === undefined || (typeof v === 'string' && HTTP_URL.test(v)), 'must be an http(s) URL') as string | undefined;
        const currency = field('currencyCode', (v) => typeof v === 'string' && /^[A-Z]{3}$/.test(v) && CURRENCIES.includes(v.toLowerCase()), 'must be a supported ISO 4217 code') as string;
        const amount = field('amount', (v) => Number.isInteger(v) && (v as number) >= 1, 'must be a positive integer in minor units') as number;
        const type = field('type', (v) => (PAYMENT_TYPES as readonly unknown[]).includes(v), `must be one of ${PAYMENT_TYPES.join(', ')}`) as string;
        const internal = field('merchantInternalReference', (v) => v === undefined || (typeof v === 'string' && v.length >= 1 && v.length <= 100), 'must be 1 to 100 characters') as string | undefined;
        const unique = field('uniqueReference', (v) => (v === undefined && internal !== undefined) || (typeof v === 'string' && UNIQUE_REFERENCE.test(v)), 'must be 1 to 18 letters and digits') as
          | string
          | undefined;
        const payer = field('payer', (v) => isObject(v) && typeof v.reference === 'string' && v.reference.length > 0 && (v.email === undefined || typeof v.email === 'string'), 'must have a reference') as VoltPaymentFields['payer'];
        const urls = { success: optionalUrl('paymentSuccessUrl'), pending: optionalUrl('paymentPendingUrl'), failure: optionalUrl('paymentFailureUrl'), cancel: optionalUrl('paymentCancelUrl'), notification: optionalUrl('notificationUrl') };
        const id = randomUUID();
        const page = `${deps.baseUrl()}/pay/${id}`;
        const session = openRedirectSession({
          id,
          // the hosted page's heading: "Sandbox payment: volt"
          provider: 'volt',
          amount,
          currency: currency.toLowerCase(),
          url: page,
          return_url: urls.success ?? page,
          cancel_url: urls.cancel ?? urls.failure ?? page,
          volt: {
            type,
            uniqueReference: unique ?? randomToken(18),
            merchantInternalReference: internal ?? null,
            payer: { reference: payer.reference, ...(payer.email ? { email: payer.email } : {}) },
            pendingUrl: urls.pending ?? null,
            failureUrl: urls.failure ?? null,
            notificationUrl: urls.notification ?? null,
          },
        });
        state.redirectSessions.set(id, session);
        return { code: 201, body: { id, checkoutUrl: page } };
      });
    }),
  );

  app.get('/payments/:id', (request, reply) =>
    send(reply, () => {
      authenticate(request);
      return { code: 200, body: paymentOf(sessionOf(request)) };
    }),
  );

  const refundDetails = (session: RedirectSession) => {
    const available = session.status === 'completed' ? session.amount - session.amount_refunded : 0;
    const refunds = [...refundsBySession.values()].filter((r) => r.payment === session.id).length;
    return {
      refundAvailable: available > 0,
      remainingDays: 365,
      availableAmount: available,
      refundedAmount: session.amount_refunded,
      numberOfRefunds: refunds,
      message: available > 0 ? null : session.amount_refunded > 0 ? `Payment with id: ${session.id} has been fully refunded.` : ERRORS.notRefundable,
      code: available > 0 ? null : 'PaymentRefundBalanceIsNotAvailable',
    };
  };
  const refundsBySession = new Map<string, { payment: string; amount: number; externalReference: string | null }>();

  app.get('/payments/:id/refund-details', (request, reply) =>
    send(reply, () => {
      authenticate(request);
      return { code: 200, body: refundDetails(sessionOf(request)) };
    }),
  );

  app.post('/payments/:id/request-refund', (request, reply) =>
    send(reply, () => {
      authenticate(request);
      const session = sessionOf(request);
      return once(request, `refund:${session.id}`, () => {
        const body = isObject(request.body) ? request.body : {};
        if (session.status !== 'completed') throw new VoltError(422, ERRORS.notRefundable);
        const available = session.amount - session.amount_refunded;
        if (body.amount !== undefined && !(Number.isInteger(body.amount) && (body.amount as number) >= 1)) throw new VoltError(422, 'amount: must be a positive integer in minor units');
        const amount = (body.amount as number | undefined) ?? available;
        if (amount > available) throw new VoltError(422, ERRORS.refundTooLarge);
        if (body.externalReference !== undefined && !(typeof body.externalReference === 'string' && /^[A-Za-z0-9]{1,35}$/.test(body.externalReference))) {
          throw new VoltError(422, 'externalReference: must be letters and digits');
        }
        session.amount_refunded += amount;
        if (session.amount_refunded === session.amount) session.status = 'refunded';
        const id = randomUUID();
        refundsBySession.set(id, { payment: session.id, amount, externalReference: (body.externalReference as string | undefined) ?? null });
        return { code: 201, body: { id } };
      });
    }),
  );

  state.providerNotifiers.set('volt', (session) => notifyAndReturn(session, config, notifier));

  return {
    notifications: notifier.sent,
    /** Every access token issued, oldest first. */
    tokensIssued,
    /** Forgets every token (as if each had expired): the next call with one answers 401. */
    revokeTokens: () => tokens.clear(),
    close: () => notifier.close(),
  };
}
