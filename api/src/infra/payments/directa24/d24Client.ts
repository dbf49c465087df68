import { ProviderNoticeError, type PaymentEvent, type RedirectSessionStatus } from '../paymentsGateway';
import { hmacHex, redirectEventOf, requestProvider } from '../providerApi';
import type { RedirectProviderClient } from '../redirectProviders';
import type { D24Config } from './d24Config';

/**
 * Directa24's Deposits API v3 (https://docs.d24.com, "Deposits API") as its documentation gives it:
 *
 * - Every call carries `X-Date` (ISO 8601 with time zone, `yyyy-MM-dd'T'HH:mm:ssZ`), `X-Login` (the deposit
 *   credentials' API Key) and `Authorization: D24 <hex HMAC-SHA256 of X-Date + X-Login + the raw JSON body>`, keyed with
 *   the API Signature; a GET signs an empty body. POSTs take an `X-Idempotency-Key`.
 * - `POST /v3/deposits` (JSON): `invoice_id` (our order id), `amount` (major units, our currency's), `currency`,
 *   `country`, `payer` (`id`, `email`, `first_name`, `last_name`), `description`, `back_url`, `success_url`,
 *   `error_url`, `notification_url` → `{ checkout_type: ONE_SHOT | HOSTED, redirect_url, deposit_id, user_id,
 *   merchant_invoice_id }`; the payer goes to `redirect_url`.
 * - `GET /v3/deposits/{deposit_id}` → `{ deposit_id, invoice_id, country, currency (the local one), local_amount,
 *   usd_amount, status, refunded, payer, … }`.
 * - `POST /v3/refunds`: `deposit_id`, `invoice_id`, `amount` (none: all of it), `comments`, `notification_url`
 *   (`bank_account` only for methods without the payer's account; not sent) → `{ refund_id }`.
 * - Errors: 4xx `{ code, description, type }` (e.g. 102 INVALID_SIGNATURE, 208 RESOURCE_NOT_FOUND, 802
 *   INVALID_AMOUNT_TO_REFUND): D24Refusal.
 * - Notifications: D24 POSTs `{ "deposit_id": 300000001 }` to the deposit's notification_url (else the Merchant
 *   Panel's Confirm URL) at each change of status, unsigned, and retries until a 2xx; the merchant is to read the
 *   deposit's status with the status call. So the notification is only a trigger: the event says what
 *   `GET /v3/deposits/{id}` (our signed call) answers, and a forged notification can make us read nothing but D24's word.
 * - Statuses: COMPLETED pays the order; CANCELLED, EXPIRED and DECLINED cancel it; anything else (CREATED, PENDING, …)
 *   is still open.
 *
 * Not in the documentation we could read (the closest documented shape is followed): how a reused X-Idempotency-Key
 * is answered for the same request (we take D24's 104 IDEMPOTENCY_KEY_ALREADY_USED as its answer to another request,
 * and rely on the same request being answered again, as the sandbox does), and whether `refunded` means refunded in
 * full.
 */

/** The checkout's page name for Directa24 (document 2 §7; no payment options: D24's own checkout lets the payer choose). */
export const D24_PAGE = 'directa24';
export const isD24Page = (provider: string): boolean => provider === D24_PAGE;

/** `X-Date` as D24 documents it: `yyyy-MM-dd'T'HH:mm:ssZ` (UTC, no fraction). */
export const d24Date = (at: Date = new Date()): string => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** `Authorization`: "D24 " and the hex HMAC-SHA256 of `X-Date + X-Login + body` with the API Signature. */
export const d24Authorization = (apiSignature: string, xDate: string, xLogin: string, body: string): string => `D24 ${hmacHex('sha256', apiSignature, `${xDate}${xLogin}${body}`)}`;

const FAILED = new Set(['CANCELLED', 'EXPIRED', 'DECLINED']);

/** A deposit's status at D24 as a redirect session's. */
export function d24Status(status: string): RedirectSessionStatus {
  if (status === 'COMPLETED') return 'completed';
  if (FAILED.has(status)) return 'canceled';
  return 'open';
}

/** D24 answered a 4xx (its `{ code, description, type }`): a bug of ours, credentials it does not take, a refund it will not make. */
export class D24Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    readonly type: string | undefined,
    readonly description: string,
  ) {
    super(`Directa24 refused (${status}${code === undefined ? '' : ` ${code} ${type ?? ''}`.trimEnd()}): ${description}`);
    this.name = 'D24Refusal';
  }
}

interface D24Error {
  code?: number;
  description?: string;
  type?: string;
}

interface D24Deposit {
  deposit_id: number;
  invoice_id: string;
  currency: string;
  local_amount?: number | null;
  usd_amount?: number | null;
  amount?: number | null;
  status: string;
  refunded?: boolean;
}

const toMinor = (major: number): number => Math.round(major * 100);

/**
 * What the deposit is for, in the currency it was priced in: D24 reports the local currency and its amount, and the
 * amount in USD; a deposit priced in USD for a country of another currency is its usd_amount in USD.
 */
function chargedOf(deposit: D24Deposit): { amountMinor: number; currency: string } {
  const currency = deposit.currency.toUpperCase();
  if (currency !== 'USD' && typeof deposit.usd_amount === 'number') return { amountMinor: toMinor(deposit.usd_amount), currency: 'USD' };
  return { amountMinor: toMinor(Number(deposit.local_amount ?? deposit.amount ?? NaN)), currency };
}

/** Directa24's calls as a redirect provider's (redirectProviders.ts); its refund is D24's refund creation. */
export function createD24Client(config: D24Config): RedirectProviderClient {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: object, idempotencyKey?: string): Promise<T> {
    const raw = body ? JSON.stringify(body) : '';
    const xDate = d24Date();
    const answer = await requestProvider<T & D24Error>('Directa24', `${config.url}${path}`, {
      method,
      headers: {
        'x-date': xDate,
        'x-login': config.apiKey,
        authorization: d24Authorization(config.apiSignature, xDate, config.apiKey, raw),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(idempotencyKey ? { 'x-idempotency-key': idempotencyKey } : {}),
      },
      body: body ? raw : undefined,
    });
    if (answer.status >= 400) throw new D24Refusal(answer.status, answer.body.code, answer.body.type, answer.body.description ?? 'no description');
    return answer.body;
  }

  const depositOf = (id: string) => call<D24Deposit>('GET', `/v3/deposits/${encodeURIComponent(id)}`);
  const metadataOf = (deposit: D24Deposit): Record<string, string> => ({ order_id: deposit.invoice_id ?? '' });

  return {
    async create(input, idempotencyKey) {
      const orderId = input.metadata.order_id;
      if (!orderId || !input.buyer?.country) throw new Error('Directa24: a deposit needs the order id and the payer’s country');
      const made = await call<{ checkout_type?: string; redirect_url?: string; deposit_id?: number }>(
        'POST',
        '/v3/deposits',
        {
          invoice_id: orderId,
          amount: input.amountMinor / 100,
          currency: input.currency.toUpperCase(),
          country: input.buyer.country.toUpperCase(),
          payer: {
            ...(input.metadata.user_id ? { id: input.metadata.user_id } : {}),
            ...(input.buyerEmail ? { email: input.buyerEmail } : {}),
            ...(input.buyer.firstName ? { first_name: input.buyer.firstName } : {}),
            ...(input.buyer.lastName ? { last_name: input.buyer.lastName } : {}),
          },
          ...(input.metadata.plan_id ? { description: `Fable ${input.metadata.plan_id}` } : {}),
          back_url: input.cancelUrl,
          success_url: input.returnUrl,
          error_url: input.cancelUrl,
          ...(config.notificationUrl ? { notification_url: config.notificationUrl } : {}),
        },
        idempotencyKey,
      );
      if (made.deposit_id === undefined || !made.redirect_url) throw new D24Refusal(200, undefined, made.checkout_type, 'the deposit was created without a redirect_url');
      return { sessionId: String(made.deposit_id), url: made.redirect_url };
    },

    async details(session) {
      const deposit = await depositOf(session.sessionId);
      return { status: d24Status(deposit.status), ...chargedOf(deposit), metadata: metadataOf(deposit) };
    },

    async refund(session, amountMinor, idempotencyKey) {
      if (amountMinor === null) {
        const deposit = await depositOf(session.sessionId);
        // refunded already (a retry whose answer was lost): done
        if (deposit.refunded === true) return { refundId: `${session.sessionId}:refunded` };
      }
      const made = await call<{ refund_id: number | string }>(
        'POST',
        '/v3/refunds',
        {
          deposit_id: Number(session.sessionId),
          invoice_id: session.orderId,
          ...(amountMinor === null ? {} : { amount: amountMinor / 100 }),
          comments: `Fable order ${session.orderId}`,
        },
        idempotencyKey,
      );
      return { refundId: String(made.refund_id) };
    },

    async notification(notice, receivedAt): Promise<PaymentEvent> {
      let body: { deposit_id?: unknown };
      try {
        body = JSON.parse(notice.rawBody) as typeof body;
      } catch {
        throw new ProviderNoticeError('The Directa24 notification is not JSON');
      }
      const id = body?.deposit_id;
      if (!((typeof id === 'number' && Number.isInteger(id) && id > 0) || (typeof id === 'string' && /^[1-9]\d{0,18}$/.test(id)))) {
        throw new ProviderNoticeError('The Directa24 notification lacks a deposit_id');
      }
      let deposit: D24Deposit;
      try {
        deposit = await depositOf(String(id));
      } catch (err) {
        if (err instanceof D24Refusal && (err.status === 404 || err.status === 400)) throw new ProviderNoticeError(`Directa24 knows no deposit ${String(id)}`);
        throw err;
      }
      const charged = chargedOf(deposit);
      return redirectEventOf(
        'directa24',
        // one event per deposit and status: D24 sending it again (it may) is the same event
        { id: String(deposit.deposit_id), status: d24Status(deposit.status), state: deposit.status.toLowerCase(), amountMinor: charged.amountMinor, currency: charged.currency, metadata: metadataOf(deposit) },
        receivedAt,
      );
    },
  };
}
