import { ProviderNoticeError, WebhookSignatureError, type PaymentEvent, type RedirectSessionStatus } from '../paymentsGateway';
import { headerOf, hmacHex, redirectEventOf, requestProvider, signaturesMatch } from '../providerApi';
import type { RedirectProviderClient } from '../redirectProviders';
import type { UpgateConfig } from './upgateConfig';

/**
 * UpGate's API v1.2 (https://docs.upgate.com/openapi) as its documentation gives it:
 *
 * - Every call carries `X-Api-Key`. Errors are `{ errors: [{ error_code, error_message }] }` with 400, 401, 429 or
 *   500; error_code is one of INVALID_REQUEST_PARAMETER, INVALID_REQUEST, INTERNAL_ERROR, TOO_MANY_REQUESTS, NOT_FOUND
 *   (UpgateRefusal).
 * - `POST /v1/checkout` (Sale request, JSON): `payment_data` (`type: SALE`, `merchant_payment_id`: our order id,
 *   `methods`: the one method chosen, `amount` in major units, `currency_code`), `customer` (`merchant_customer_id`,
 *   `email`, `country_code`), `callback` (`success_url`, `failure_url`), `products` (one SALE product: the plan) →
 *   `{ id, created_at, merchant_id, session: { created_at, expires_at, redirect_url }, … }`; the payer goes to
 *   `session.redirect_url`. UpGate deduplicates on `X-Idempotency-Key`, but answers the same key again with an error,
 *   not with the first answer: a checkout whose answer was lost could not be read back, so the checkout is made
 *   without one (a lost answer leaves an unused checkout session that expires; nothing is charged until the payer pays).
 * - `GET /v1/transaction` (Fetch transactions by filters: `transaction_type` comma-separated, `limit` up to 1000,
 *   `prev_id` for the next page) → `{ type: TRANSACTION, data: [{ transaction_id, transaction_type, transaction_status
 *   (SUCCESS | DECLINE | ERROR), created_at, response_code, response_text, payment, … }], meta: { next_prev_id } }`.
 *   UpGate has no call reading one checkout or payment: its status is read from its transactions.
 * - `POST /v1/refund`: `transaction_id` (the SALE's), `amount` and `currency_code` (none: the full remaining amount),
 *   `reason`, `initiated_by` → `{ type: REFUND, data: { transaction_id, … } }`. Sent with our refund's
 *   X-Idempotency-Key, so a refund whose answer was lost is not made twice.
 * - Postbacks: UpGate POSTs `{ type: TRANSACTION, data: { transaction_id, transaction_type, transaction_status,
 *   transaction_amount, transaction_currency_code, payment: { … }, … } }` to the merchant account's callback URL for
 *   each transaction, signed with HMAC-SHA256 and the secret key UpGate provides.
 * - Statuses: a SALE with SUCCESS pays the order; a SALE with DECLINE or ERROR cancels it; a SUCCESS REFUND of all of it
 *   is refunded; no SALE yet is still open. Other transactions (THREE_DS, REFUND, CHARGEBACK, …) are recorded only.
 *
 * Not in the documentation we could read (the closest documented shape is followed, and the sandbox does the same):
 * the postback signature's header and encoding (UpGate's FAQ says only "HMAC-SHA256 with the secret key": we read the
 * hex HMAC of the raw body from `X-Signature`, as a public UpGate SDK does); the fields of `data.payment` (we read
 * `payment_id`, `merchant_payment_id`, `merchant_customer_id`, `amount`, `currency_code`, the names of the Sale
 * request and of the older PAYMENT answers) and that `payment.payment_id` is the checkout's `id`; whether the list of
 * transactions comes newest first (we read up to LIST_PAGES pages, whatever the order); the error_code and message of
 * a reused X-Idempotency-Key, and of a refund UpGate will not make; whether `data.transaction_id` of the refund answer
 * is the new REFUND transaction's (we keep it as the refund's id either way); the method codes ALIPAY and UPI
 * (KAKAO_PAY is in UpGate's examples). A payer who declines on UpGate's page and could try again there would have the
 * order canceled by the first DECLINE; a later SUCCESS then pays a given-up order, which billing refunds.
 */

/** The checkout's page names for UpGate's options (document 2 §3: ug_alipay, ug_kakao, ug_upi) and UpGate's method codes. */
export const UPGATE_METHODS: Readonly<Record<string, string>> = { ug_alipay: 'ALIPAY', ug_kakao: 'KAKAO_PAY', ug_upi: 'UPI' };
export const isUpgatePage = (provider: string): boolean => Object.hasOwn(UPGATE_METHODS, provider);

/** The postback's signature: the hex HMAC-SHA256 of the raw body with the secret key. */
export const upgateSignature = (secretKey: string, body: string): string => hmacHex('sha256', secretKey, body);

/** How many pages of 1000 transactions a status read goes through at most. */
const LIST_PAGES = 5;

/** UpGate answered a 4xx (its first error's code and message): a bug of ours, a key it does not take, a refund it will not make. */
export class UpgateRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly detail: string,
  ) {
    super(`UpGate refused (${status}${code ? ` ${code}` : ''}): ${detail}`);
    this.name = 'UpgateRefusal';
  }
}

interface UpgateErrors {
  errors?: Array<{ error_code?: string; error_message?: string }>;
}

export interface UpgatePayment {
  payment_id?: string;
  merchant_payment_id?: string;
  merchant_customer_id?: string;
  amount?: string | number;
  currency_code?: string;
}

export interface UpgateTransaction {
  transaction_id: string;
  transaction_type: string;
  transaction_status: string;
  created_at?: string;
  transaction_amount?: string | number;
  transaction_currency_code?: string;
  payment?: UpgatePayment;
}

const toMinor = (major: string | number | undefined): number => Math.round(Number(major) * 100);
const major = (minor: number): number => Math.round(minor) / 100;

/** A SALE transaction's outcome as a redirect session's status. */
export function upgateSaleStatus(status: string): RedirectSessionStatus {
  if (status === 'SUCCESS') return 'completed';
  if (status === 'DECLINE' || status === 'ERROR') return 'canceled';
  return 'open';
}

/** What one payment's transactions say: its status, what it charged, what was refunded. */
function summaryOf(transactions: UpgateTransaction[]) {
  const sales = transactions.filter((t) => t.transaction_type === 'SALE');
  const paid = sales.find((t) => t.transaction_status === 'SUCCESS');
  const sale = paid ?? sales[0];
  const refunded = transactions.filter((t) => t.transaction_type === 'REFUND' && t.transaction_status === 'SUCCESS').reduce((sum, t) => sum + toMinor(t.transaction_amount), 0);
  const amountMinor = sale ? toMinor(sale.transaction_amount ?? sale.payment?.amount) : 0;
  let status: RedirectSessionStatus = sale ? upgateSaleStatus(sale.transaction_status) : 'open';
  if (paid && refunded > 0 && refunded >= amountMinor) status = 'refunded';
  return { status, sale, paid, refunded, amountMinor, currency: (sale?.transaction_currency_code ?? sale?.payment?.currency_code ?? '').toUpperCase() };
}

/** UpGate's calls as a redirect provider's (redirectProviders.ts); its refund is UpGate's refund request. */
export function createUpgateClient(config: UpgateConfig): RedirectProviderClient {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: object, idempotencyKey?: string): Promise<T> {
    const answer = await requestProvider<T & UpgateErrors>('UpGate', `${config.url}${path}`, {
      method,
      headers: {
        'x-api-key': config.apiKey,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(idempotencyKey ? { 'x-idempotency-key': idempotencyKey } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (answer.status >= 400) {
      const first = answer.body.errors?.[0];
      throw new UpgateRefusal(answer.status, first?.error_code, first?.error_message ?? 'no message');
    }
    return answer.body;
  }

  /** The payment's SALE and REFUND transactions (UpGate lists transactions, not payments). */
  async function transactionsOf(paymentId: string): Promise<UpgateTransaction[]> {
    const found: UpgateTransaction[] = [];
    let prev: string | undefined;
    for (let page = 0; page < LIST_PAGES; page++) {
      const query = new URLSearchParams({ transaction_type: 'SALE,REFUND', limit: '1000', ...(prev ? { prev_id: prev } : {}) });
      const listed = await call<{ data?: UpgateTransaction[]; meta?: { next_prev_id?: string | null } }>('GET', `/v1/transaction?${query.toString()}`);
      found.push(...(listed.data ?? []).filter((t) => t.payment?.payment_id === paymentId));
      prev = listed.meta?.next_prev_id ?? undefined;
      if (!prev || (listed.data ?? []).length === 0) break;
    }
    return found;
  }

  return {
    async create(input) {
      const orderId = input.metadata.order_id;
      const method = UPGATE_METHODS[input.provider];
      if (!orderId || !method) throw new Error('UpGate: a checkout needs the order id and one of its methods');
      const price = major(input.amountMinor);
      const plan = input.metadata.plan_id ?? 'plan';
      const made = await call<{ id?: string; session?: { redirect_url?: string } }>('POST', '/v1/checkout', {
        payment_data: { type: 'SALE', merchant_payment_id: orderId, methods: [method], amount: price, currency_code: input.currency.toUpperCase() },
        customer: {
          merchant_customer_id: input.metadata.user_id ?? orderId,
          ...(input.buyerEmail ? { email: input.buyerEmail } : {}),
          ...(input.buyer?.country ? { country_code: input.buyer.country.toUpperCase() } : {}),
        },
        callback: { success_url: input.returnUrl, failure_url: input.cancelUrl },
        products: [{ type: 'SALE', merchant_product_id: plan, name: `Fable ${plan}`, price }],
      });
      if (!made.id || !made.session?.redirect_url) throw new UpgateRefusal(200, undefined, 'the checkout was created without an id or a session redirect_url');
      return { sessionId: made.id, url: made.session.redirect_url };
    },

    async details(session) {
      const summary = summaryOf(await transactionsOf(session.sessionId));
      // no transaction yet (the payer has not paid): UpGate has no call showing the checkout's own amount
      return { status: summary.status, amountMinor: summary.amountMinor, currency: summary.currency, metadata: { order_id: summary.sale?.payment?.merchant_payment_id ?? session.orderId } };
    },

    async refund(session, amountMinor, idempotencyKey) {
      const summary = summaryOf(await transactionsOf(session.sessionId));
      // refunded in full already (a retry whose answer was lost): done
      if (amountMinor === null && summary.paid && summary.refunded >= summary.amountMinor) return { refundId: `${session.sessionId}:refunded` };
      if (!summary.paid) throw new UpgateRefusal(400, 'INVALID_REQUEST', `payment ${session.sessionId} has no successful SALE to refund`);
      const made = await call<{ data?: { transaction_id?: string } }>(
        'POST',
        '/v1/refund',
        {
          transaction_id: summary.paid.transaction_id,
          ...(amountMinor === null ? {} : { amount: major(amountMinor).toFixed(2), currency_code: summary.currency }),
          reason: `Fable order ${session.orderId}`,
          initiated_by: 'fable',
        },
        idempotencyKey,
      );
      return { refundId: made.data?.transaction_id ?? `${summary.paid.transaction_id}:refund` };
    },

    notification(notice, receivedAt): PaymentEvent {
      const signature = headerOf(notice, 'x-signature');
      if (!signature) throw new WebhookSignatureError('The UpGate postback lacks X-Signature');
      if (!signaturesMatch(signature, upgateSignature(config.secretKey, notice.rawBody))) throw new WebhookSignatureError('The UpGate postback signature (X-Signature) does not match');
      let body: { type?: unknown; data?: Partial<UpgateTransaction> & { subscription_id?: unknown } };
      try {
        body = JSON.parse(notice.rawBody) as typeof body;
      } catch {
        throw new ProviderNoticeError('The UpGate postback is not JSON');
      }
      const data = body?.data;
      // a SUBSCRIPTION postback (no subscriptions are made here): taken, nothing to apply
      if (body?.type === 'SUBSCRIPTION') return { id: `upgate:subscription:${String(data?.subscription_id ?? 'unknown')}`, type: 'upgate.subscription', created: Math.floor(receivedAt.getTime() / 1000), object: {} };
      const payment = data?.payment;
      if (body?.type !== 'TRANSACTION' || typeof data?.transaction_id !== 'string' || typeof data.transaction_type !== 'string' || typeof data.transaction_status !== 'string') {
        throw new ProviderNoticeError('The UpGate postback lacks transaction_id, transaction_type or transaction_status');
      }
      if (!payment || typeof payment.payment_id !== 'string' || typeof payment.merchant_payment_id !== 'string' || !Number.isFinite(Number(data.transaction_amount)) || typeof data.transaction_currency_code !== 'string') {
        throw new ProviderNoticeError('The UpGate postback lacks its payment, amount or currency');
      }
      const sale = data.transaction_type === 'SALE';
      const metadata: Record<string, string> = { order_id: payment.merchant_payment_id };
      if (payment.merchant_customer_id) metadata.user_id = payment.merchant_customer_id;
      return redirectEventOf(
        'upgate',
        {
          id: payment.payment_id,
          // a SALE's outcome pays or cancels the order; any other transaction (a REFUND, a CHARGEBACK, …) is recorded
          status: sale ? upgateSaleStatus(data.transaction_status) : 'open',
          state: `${data.transaction_type}_${data.transaction_status}`.toLowerCase(),
          // one event per transaction: UpGate sending its postback again is the same event
          notice: data.transaction_id,
          amountMinor: toMinor(data.transaction_amount),
          currency: data.transaction_currency_code,
          metadata,
        },
        receivedAt,
      );
    },
  };
}
