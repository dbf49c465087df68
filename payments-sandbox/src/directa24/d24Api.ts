// Directa24's Deposits API v3, served by the sandbox (d24Protocol.ts): POST /v3/deposits, GET /v3/deposits/:id,
// POST /v3/refunds and GET /v3/refunds/:id, each signed (X-Date, X-Login, Authorization: D24 …) and refused in D24's
// `{ code, description, type }` when it is not; POSTs take an X-Idempotency-Key (the same request again: its first
// answer; another request: 104). A deposit is a redirect session of the sandbox whose id is the deposit_id and whose
// redirect_url is the hosted page /pay/:id (Pay: COMPLETED; Cancel: CANCELLED); each change of status is notified to
// its notification_url (else the Merchant Panel's Confirm URL) as D24 does, `{ "deposit_id": … }` unsigned, retried by
// the shared notifier until it answers 2xx, and the payer goes back to success_url or error_url.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RetryConfig } from '../config';
import { randomToken } from '../api/ids';
import { type D24DepositFields, openRedirectSession, type RedirectSession } from '../api/objects';
import { CURRENCIES } from '../api/paymentIntents';
import type { SandboxState } from '../api/state';
import { createMerchantNotifier, type MerchantNotifier, type NotificationAttempts } from '../webhooks/merchantNotifier';
import { d24Authorization, ERRORS, STATUSES, X_DATE, X_DATE_WINDOW_MS } from './d24Protocol';

export interface D24Config {
  /** The deposit credentials' API Key (X-Login). */
  apiKey: string;
  /** The deposit credentials' API Signature (the HMAC key of Authorization). */
  apiSignature: string;
  /** The Merchant Panel's Confirm URL, for deposits made without notification_url; null: those are not announced. */
  notificationUrl: string | null;
}

export const DEFAULT_D24: D24Config = {
  apiKey: 'sandbox_d24_login_fable',
  apiSignature: 'sandbox_d24_api_signature_fable',
  notificationUrl: null,
};

/** One notification and its attempts (for tests: "announced once per change, retried while refused"). */
export interface D24Notification extends NotificationAttempts {
  deposit_id: number;
  /** The deposit's status when it was sent. */
  status: string;
  rawBody: string;
  headers: Record<string, string>;
}

interface D24Refund {
  refund_id: number;
  deposit_id: number;
  merchant_invoice_id: string;
  amount: number;
  currency: string;
  comments: string | null;
  status: 'COMPLETED';
  created_at: string;
}

type D24ErrorShape = { http: number; code: number; type: string; description: string };
class D24Error extends Error {
  constructor(readonly shape: D24ErrorShape) {
    super(shape.description);
  }
}

const HTTP_URL = /^https?:\/\/\S+$/;
const AMOUNT = /^\d+(\.\d{1,2})?$/;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const toMajor = (minor: number) => minor / 100;
const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The deposit as GET /v3/deposits/:id shows it (the sandbox converts nothing: the local currency is the one asked). */
function depositOf(session: RedirectSession) {
  const d24 = session.directa24 as D24DepositFields;
  const currency = session.currency.toUpperCase();
  return {
    user_id: d24.user_id,
    deposit_id: Number(session.id),
    invoice_id: d24.invoice_id,
    country: d24.country,
    currency,
    local_amount: toMajor(session.amount),
    usd_amount: currency === 'USD' ? toMajor(session.amount) : null,
    status: STATUSES[session.status],
    // refunded in full (D24's documentation says only "shows if the deposit was refunded or not")
    refunded: session.amount_refunded > 0 && session.amount_refunded === session.amount,
    payer: d24.payer,
  };
}

/** Notifies the merchant of the deposit's new status (`{ deposit_id }`, retried) and answers where the payer goes back to. */
function notifyAndReturn(session: RedirectSession, config: D24Config, notifier: MerchantNotifier<D24Notification>): string {
  const d24 = session.directa24 as D24DepositFields;
  const url = d24.notification_url ?? config.notificationUrl;
  if (url) {
    const rawBody = JSON.stringify({ deposit_id: Number(session.id) });
    const headers = { 'content-type': 'application/json' };
    notifier.send(url, { headers, body: rawBody }, { deposit_id: Number(session.id), status: STATUSES[session.status], rawBody, headers, attempts: [], delivered: false });
  }
  return session.status === 'completed' ? session.return_url : (d24.error_url ?? session.cancel_url);
}

/** A deposit made from POST /v3/deposits' body (a field D24 would refuse: 202 naming it), as a redirect session. */
function depositSessionOf(body: Record<string, unknown>, depositId: number, baseUrl: string): RedirectSession {
  const field = <T>(name: string, valid: (value: unknown) => boolean, why: string): T => {
    if (!valid(body[name])) throw new D24Error(ERRORS.invalidBody(`${name} ${why}`));
    return body[name] as T;
  };
  const optionalUrl = (name: string) => field<string | undefined>(name, (v) => v === undefined || (typeof v === 'string' && HTTP_URL.test(v)), 'must be an http(s) URL');
  const invoice = field<string>('invoice_id', (v) => typeof v === 'string' && v.length >= 1 && v.length <= 128, 'must be 1 to 128 characters');
  const amount = Number(field<number | string>('amount', (v) => (typeof v === 'number' || (typeof v === 'string' && AMOUNT.test(v))) && Number(v) > 0, 'must be a positive amount with up to 2 decimals'));
  const currency = field<string>('currency', (v) => typeof v === 'string' && /^[A-Z]{3}$/.test(v) && CURRENCIES.includes(v.toLowerCase()), 'must be a supported ISO 4217 code');
  const country = field<string>('country', (v) => typeof v === 'string' && /^[A-Z]{2}$/.test(v), 'must be an ISO 3166 alpha-2 code');
  const payer = field<Record<string, unknown> | undefined>('payer', (v) => v === undefined || isObject(v), 'must be an object') ?? {};
  const description = field<string | undefined>('description', (v) => v === undefined || typeof v === 'string', 'must be a string');
  const urls = { back: optionalUrl('back_url'), success: optionalUrl('success_url'), error: optionalUrl('error_url'), notification: optionalUrl('notification_url') };
  const id = String(depositId);
  const page = `${baseUrl}/pay/${id}`;
  const text = (name: string) => (typeof payer[name] === 'string' ? { [name]: payer[name] as string } : {});
  return openRedirectSession({
    id,
    // the hosted page's heading: "Sandbox payment: directa24"
    provider: 'directa24',
    amount: Math.round(amount * 100),
    currency: currency.toLowerCase(),
    url: page,
    return_url: urls.success ?? urls.back ?? page,
    cancel_url: urls.back ?? urls.error ?? page,
    directa24: {
      invoice_id: invoice,
      country,
      payer: { ...text('id'), ...text('email'), ...text('first_name'), ...text('last_name'), ...text('document') },
      description: description ?? null,
      error_url: urls.error ?? null,
      notification_url: urls.notification ?? null,
      user_id: typeof payer.id === 'string' && payer.id !== '' ? payer.id : randomToken(8),
    },
  });
}

/** A refund of a completed deposit (POST /v3/refunds' body): the invoice must be the deposit's, the amount what is left at most. */
function refundOf(session: RedirectSession, body: Record<string, unknown>, refundId: number): D24Refund {
  const d24 = session.directa24 as D24DepositFields;
  if (typeof body.invoice_id !== 'string' || body.invoice_id !== d24.invoice_id) throw new D24Error(ERRORS.notFound);
  if (session.status !== 'completed') throw new D24Error(session.status === 'refunded' ? ERRORS.invalidRefundAmount : ERRORS.notCompleted);
  const available = session.amount - session.amount_refunded;
  if (body.amount !== undefined && !((typeof body.amount === 'number' || (typeof body.amount === 'string' && AMOUNT.test(body.amount))) && Number(body.amount) > 0)) {
    throw new D24Error(ERRORS.invalidRefundAmount);
  }
  // no amount: the full deposit amount (D24's rule), which a partial refund before makes too large
  const amount = body.amount === undefined ? session.amount : Math.round(Number(body.amount) * 100);
  if (amount > available) throw new D24Error(ERRORS.invalidRefundAmount);
  session.amount_refunded += amount;
  if (session.amount_refunded === session.amount) session.status = 'refunded';
  return {
    refund_id: refundId,
    deposit_id: Number(session.id),
    merchant_invoice_id: d24.invoice_id,
    amount: toMajor(amount),
    currency: session.currency.toUpperCase(),
    comments: typeof body.comments === 'string' ? body.comments : null,
    status: 'COMPLETED',
    created_at: new Date().toISOString(),
  };
}

export function registerD24(app: FastifyInstance, deps: { state: SandboxState; config: D24Config; retry: RetryConfig; baseUrl: () => string }) {
  const { state, config } = deps;
  const notifier = createMerchantNotifier<D24Notification>(deps.retry);
  /** X-Idempotency-Key → the request's fingerprint and the answer given to it. */
  const idempotent = new Map<string, { fingerprint: string; answer: object }>();
  const refunds = new Map<number, D24Refund>();
  let nextDeposit = 300_000_000 + Math.floor(Math.random() * 1_000_000);
  let nextRefund = 168_000 + Math.floor(Math.random() * 1_000);

  const send = (reply: FastifyReply, run: () => object) => {
    try {
      return reply.code(200).send(run());
    } catch (error) {
      if (!(error instanceof D24Error)) throw error;
      const { http, code, type, description } = error.shape;
      return reply.code(http).send({ code, description, type });
    }
  };

  /** The signature check D24 makes on every call: the headers, the API Key, the time, then the HMAC of the raw body. */
  const authenticate = (request: FastifyRequest, rawBody: string) => {
    const xLogin = header(request, 'x-login');
    const xDate = header(request, 'x-date');
    const authorization = header(request, 'authorization');
    if (!xLogin) throw new D24Error(ERRORS.missingHeader('X-Login'));
    if (!xDate || !X_DATE.test(xDate)) throw new D24Error(ERRORS.missingHeader('X-Date'));
    if (!authorization) throw new D24Error(ERRORS.missingHeader('Authorization'));
    if (xLogin !== config.apiKey) throw new D24Error(ERRORS.invalidCredentials);
    if (Math.abs(Date.parse(xDate) - Date.now()) > X_DATE_WINDOW_MS) throw new D24Error(ERRORS.invalidDateRange);
    if (authorization !== d24Authorization(config.apiSignature, xDate, xLogin, rawBody)) throw new D24Error(ERRORS.invalidSignature);
  };

  const jsonOf = (rawBody: string): Record<string, unknown> => {
    try {
      const body = JSON.parse(rawBody) as unknown;
      if (isObject(body)) return body;
    } catch {
      // below
    }
    throw new D24Error(ERRORS.invalidBody('the body must be a JSON object'));
  };

  /** A POST with an X-Idempotency-Key: its first answer again for the same request, 104 for another one. */
  const once = (request: FastifyRequest, scope: string, rawBody: string, run: () => object) => {
    const key = header(request, 'x-idempotency-key');
    if (key === undefined) return run();
    if (key === '') throw new D24Error({ http: 400, code: 105, type: 'EMPTY_HEADER_VALUE', description: 'Optional header X-Idempotency-Key must not be blank' });
    const fingerprint = createHash('sha256').update(`${scope}|${rawBody}`).digest('hex');
    const seen = idempotent.get(key);
    if (seen) {
      if (seen.fingerprint !== fingerprint) throw new D24Error(ERRORS.idempotencyKeyUsed(key));
      return seen.answer;
    }
    const answer = run();
    idempotent.set(key, { fingerprint, answer });
    return answer;
  };

  const depositSession = (id: string): RedirectSession => {
    const session = /^\d+$/.test(id) ? state.redirectSessions.get(id) : undefined;
    if (!session?.directa24) throw new D24Error(ERRORS.notFound);
    return session;
  };

  const createDeposit = (body: Record<string, unknown>) => {
    while (state.redirectSessions.has(String(nextDeposit))) nextDeposit++;
    const session = depositSessionOf(body, nextDeposit++, deps.baseUrl());
    state.redirectSessions.set(session.id, session);
    const d24 = session.directa24 as D24DepositFields;
    return { checkout_type: 'HOSTED', redirect_url: session.url, deposit_id: Number(session.id), user_id: d24.user_id, merchant_invoice_id: d24.invoice_id };
  };

  const createRefund = (body: Record<string, unknown>) => {
    const depositId = body.deposit_id;
    if (!(Number.isInteger(depositId) || (typeof depositId === 'string' && /^\d+$/.test(depositId)))) throw new D24Error(ERRORS.invalidBody('deposit_id must be a deposit_id'));
    const refund = refundOf(depositSession(String(depositId)), body, nextRefund++);
    refunds.set(refund.refund_id, refund);
    return { refund_id: refund.refund_id };
  };

  // D24's Authorization covers the raw body: these routes keep JSON as text (their own encapsulated parser)
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const rawOf = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '');

    scope.post('/v3/deposits', (request, reply) =>
      send(reply, () => {
        const raw = rawOf(request);
        authenticate(request, raw);
        return once(request, 'deposit', raw, () => createDeposit(jsonOf(raw)));
      }),
    );

    scope.get('/v3/deposits/:id', (request, reply) =>
      send(reply, () => {
        authenticate(request, '');
        return depositOf(depositSession((request.params as { id: string }).id));
      }),
    );

    scope.post('/v3/refunds', (request, reply) =>
      send(reply, () => {
        const raw = rawOf(request);
        authenticate(request, raw);
        return once(request, 'refund', raw, () => createRefund(jsonOf(raw)));
      }),
    );

    scope.get('/v3/refunds/:id', (request, reply) =>
      send(reply, () => {
        authenticate(request, '');
        const refund = refunds.get(Number((request.params as { id: string }).id));
        if (!refund) throw new D24Error(ERRORS.notFound);
        return refund;
      }),
    );
  });

  state.providerNotifiers.set('directa24', (session) => notifyAndReturn(session, config, notifier));

  return {
    notifications: notifier.sent,
    close: () => notifier.close(),
  };
}
