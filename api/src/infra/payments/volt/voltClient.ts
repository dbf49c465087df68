import { createHash } from 'node:crypto';
import { ProviderNoticeError, WebhookSignatureError, type PaymentEvent, type RedirectSessionStatus } from '../paymentsGateway';
import { headerOf, hmacHex, redirectEventOf, requestProvider, signaturesMatch } from '../providerApi';
import type { RedirectProviderClient } from '../redirectProviders';
import type { VoltConfig } from './voltConfig';

/**
 * Volt's Gateway API (open banking, https://docs.volt.io) as its documentation gives it:
 *
 * - OAuth: `POST <url>/oauth`, form-encoded, `grant_type=password` with `client_id`, `client_secret` (the Fuzebox
 *   application) and `username`, `password` (the API user) → `{ access_token, token_type: 'Bearer', expires_in,
 *   refresh_token }`. The token is kept until shortly before it expires; a call answered 401 (a token Volt no longer
 *   takes) gets a new one and is made once more.
 * - `POST /v2/payments` (Bearer, JSON): `currencyCode`, `amount` in minor units, `type`, `uniqueReference`
 *   (alphanumeric, at most 18), `merchantInternalReference` (up to 100: our order id), `payer` (`reference`, `email`),
 *   `paymentSuccessUrl`, `paymentPendingUrl`, `paymentFailureUrl`, `paymentCancelUrl`, `notificationUrl` → 201 `{ id,
 *   checkoutUrl }`. We send an `Idempotency-Key` (a UUID made from the order's key) as Volt's newer API documents it.
 * - `GET /payments/{id}` → `{ id, currency, amount, status, detailedStatus, uniqueReference, merchantInternalReference,
 *   payer }`. The fields of this answer are not in the excerpts of Volt's documentation we could read: they follow the
 *   create call's and the notification's names.
 * - Refunds (Volt Connect): `GET /payments/{id}/refund-details` → `{ refundAvailable, availableAmount, refundedAmount,
 *   … }`; `POST /payments/{id}/request-refund` (`amount`, none for all that is left; `externalReference`; header
 *   `idempotency-key`) → `{ id }`.
 * - Errors: 4xx with `{ exception: { code, message } }` (VoltRefusal).
 * - Notifications: a JSON POST to the notification URL, `{ payment, reference, merchantInternalReference, amount,
 *   status, detailedStatus }` (no currency), headers `X-Volt-Signed` = hex HMAC-SHA256 of `body|X-Volt-Timed|version`
 *   with the notification secret, `X-Volt-Timed` (unix seconds) and `User-Agent: Volt/<version>`; 200 takes it, 400 says
 *   the signature does not match. An empty body `{}` is Volt's test notification. The notification has no currency:
 *   once its signature verifies, the payment it names is read (`GET /payments/{id}`) and the event says what Volt holds.
 * - Statuses: COMPLETED (initiated at the bank), RECEIVED and SETTLED (the money arrived) pay the order; FAILED and the
 *   detailed CANCELLED_BY_USER, ABANDONED_BY_USER, REFUSED_BY_BANK, REFUSED_BY_RISK, NOT_RECEIVED cancel it; REFUNDED
 *   is refunded; anything else (PENDING, NEW_PAYMENT, AWAITING_…) is still open.
 */

/** The checkout's page name for Volt (document 2 §7; no payment options). */
export const VOLT_PAGE = 'volt';
export const isVoltPage = (provider: string): boolean => provider === VOLT_PAGE;

/** `X-Volt-Signed`: hex HMAC-SHA256 of `body|X-Volt-Timed|version` with the notification secret. */
export const voltSignature = (secret: string, body: string, timed: string, version: string): string => hmacHex('sha256', secret, `${body}|${timed}|${version}`);

const PAID = new Set(['COMPLETED', 'RECEIVED', 'SETTLED']);
const FAILED = new Set(['FAILED', 'CANCELLED_BY_USER', 'ABANDONED_BY_USER', 'REFUSED_BY_BANK', 'REFUSED_BY_RISK', 'NOT_RECEIVED', 'ERROR_AT_BANK']);

/** A payment's status (and detailed status) at Volt as a redirect session's. */
export function voltStatus(status: string, detailedStatus?: string | null): RedirectSessionStatus {
  if (status === 'REFUNDED') return 'refunded';
  if (FAILED.has(status) || (detailedStatus && FAILED.has(detailedStatus))) return 'canceled';
  if (PAID.has(status)) return 'completed';
  return 'open';
}

/** Volt's uniqueReference for an order: its id's letters and digits, at most 18 (Volt's limit). */
export const uniqueReferenceOf = (orderId: string): string => orderId.replace(/[^A-Za-z0-9]/g, '').slice(0, 18);

/** A UUID made from one of our idempotency keys (Volt's idempotency-key is a UUID): the same key, the same UUID. */
export function uuidOf(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** Volt answered a 4xx (its exception's message): a bug of ours, credentials it does not take, or a refund it will not make. */
export class VoltRefusal extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`Volt refused (${status}): ${detail}`);
    this.name = 'VoltRefusal';
  }
}

interface VoltError {
  exception?: { code?: number; message?: string };
  error?: string;
  error_description?: string;
}

interface VoltPayment {
  id: string;
  currency: string;
  amount: number;
  status: string;
  detailedStatus?: string | null;
  merchantInternalReference?: string | null;
  payer?: { reference?: string } | null;
}

/** Volt's calls as a redirect provider's (redirectProviders.ts); its refund is Volt's refund request. */
export function createVoltClient(config: VoltConfig): RedirectProviderClient {
  let token: { value: string; until: number } | null = null;
  let fetching: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const answer = await requestProvider<VoltError & { access_token?: string; expires_in?: number }>('Volt', `${config.url}/oauth`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: config.clientId, client_secret: config.clientSecret, username: config.username, password: config.password }).toString(),
    });
    const { access_token: value, expires_in: expiresIn } = answer.body;
    if (answer.status !== 200 || !value) throw new VoltRefusal(answer.status, answer.body.error_description ?? answer.body.error ?? answer.body.exception?.message ?? 'no access token');
    // kept until 30 s before Volt says it expires
    token = { value, until: Date.now() + Math.max(0, (Number(expiresIn) || 0) - 30) * 1000 };
    return value;
  }

  /** The cached token while it lasts; one request for a new one however many calls need it at once. */
  function accessToken(): Promise<string> {
    if (token && Date.now() < token.until) return Promise.resolve(token.value);
    fetching ??= fetchToken().finally(() => (fetching = null));
    return fetching;
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body?: object, idempotencyKey?: string): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const answer = await requestProvider<T & VoltError>('Volt', `${config.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': uuidOf(idempotencyKey) } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (answer.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (answer.status >= 400) throw new VoltRefusal(answer.status, answer.body.exception?.message ?? answer.body.error_description ?? 'no message');
      return answer.body;
    }
  }

  const paymentOf = (id: string) => call<VoltPayment>('GET', `/payments/${encodeURIComponent(id)}`);
  const metadataOf = (payment: VoltPayment): Record<string, string> => {
    const metadata: Record<string, string> = { order_id: payment.merchantInternalReference ?? '' };
    if (payment.payer?.reference) metadata.user_id = payment.payer.reference;
    return metadata;
  };

  return {
    async create(input, idempotencyKey) {
      const orderId = input.metadata.order_id;
      if (!orderId) throw new Error('Volt: a payment needs the order id');
      const made = await call<{ id: string; checkoutUrl: string }>(
        'POST',
        '/v2/payments',
        {
          currencyCode: input.currency.toUpperCase(),
          amount: input.amountMinor,
          type: 'SERVICES',
          uniqueReference: uniqueReferenceOf(orderId),
          merchantInternalReference: orderId,
          payer: { reference: input.metadata.user_id ?? orderId, ...(input.buyerEmail ? { email: input.buyerEmail } : {}) },
          paymentSuccessUrl: input.returnUrl,
          paymentPendingUrl: input.returnUrl,
          paymentFailureUrl: input.cancelUrl,
          paymentCancelUrl: input.cancelUrl,
          ...(config.notificationUrl ? { notificationUrl: config.notificationUrl } : {}),
        },
        idempotencyKey,
      );
      return { sessionId: made.id, url: made.checkoutUrl };
    },

    async details(session) {
      const payment = await paymentOf(session.sessionId);
      return { status: voltStatus(payment.status, payment.detailedStatus), amountMinor: payment.amount, currency: payment.currency.toUpperCase(), metadata: metadataOf(payment) };
    },

    async refund(session, amountMinor, idempotencyKey) {
      const path = `/payments/${encodeURIComponent(session.sessionId)}`;
      const eligible = await call<{ refundAvailable: boolean; availableAmount: number; refundedAmount: number }>('GET', `${path}/refund-details`);
      // refunded in full already (a retry whose answer was lost): done
      if (amountMinor === null && !eligible.refundAvailable && eligible.availableAmount === 0 && eligible.refundedAmount > 0) return { refundId: `${session.sessionId}:refunded` };
      const made = await call<{ id: string }>(
        'POST',
        `${path}/request-refund`,
        { ...(amountMinor === null ? {} : { amount: amountMinor }), externalReference: uniqueReferenceOf(session.orderId) },
        idempotencyKey,
      );
      return { refundId: made.id };
    },

    async notification(notice, receivedAt): Promise<PaymentEvent> {
      const signed = headerOf(notice, 'x-volt-signed');
      const timed = headerOf(notice, 'x-volt-timed');
      const version = /^Volt\/(\d+(?:\.\d+)*)/.exec(headerOf(notice, 'user-agent') ?? '')?.[1];
      if (!signed || !timed || !version) throw new WebhookSignatureError('The Volt notification lacks X-Volt-Signed, X-Volt-Timed or a Volt/<version> User-Agent');
      if (!signaturesMatch(signed, voltSignature(config.notificationSecret, notice.rawBody, timed, version))) throw new WebhookSignatureError('The Volt notification signature (X-Volt-Signed) does not match');
      let body: { payment?: unknown; amount?: unknown; status?: unknown };
      try {
        body = JSON.parse(notice.rawBody) as typeof body;
      } catch {
        throw new ProviderNoticeError('The Volt notification is not JSON');
      }
      // Volt's test notification (an empty object): taken, nothing to apply
      if (body && typeof body === 'object' && Object.keys(body).length === 0) return { id: `volt:test:${timed}`, type: 'volt.test', created: Math.floor(receivedAt.getTime() / 1000), object: {} };
      if (typeof body?.payment !== 'string' || body.payment === '' || !Number.isInteger(body.amount) || typeof body.status !== 'string') {
        throw new ProviderNoticeError('The Volt notification lacks payment, amount or status');
      }
      let payment: VoltPayment;
      try {
        payment = await paymentOf(body.payment);
      } catch (err) {
        if (err instanceof VoltRefusal && err.status === 404) throw new ProviderNoticeError(`Volt knows no payment ${body.payment}`);
        throw err;
      }
      if (payment.amount !== body.amount) throw new ProviderNoticeError('The Volt notification’s amount is not its payment’s');
      const state = payment.detailedStatus ?? payment.status;
      return redirectEventOf(
        'volt',
        // one event per payment and (detailed) status: Volt sending it again is the same event
        { id: payment.id, status: voltStatus(payment.status, payment.detailedStatus), state: state.toLowerCase(), amountMinor: payment.amount, currency: payment.currency, metadata: metadataOf(payment) },
        receivedAt,
      );
    },
  };
}
