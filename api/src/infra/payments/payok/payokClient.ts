import { createHash } from 'node:crypto';
import { ManualRefundRequiredError, ProviderNoticeError, WebhookSignatureError, type RedirectSessionRef, type RedirectSessionStatus } from '../paymentsGateway';
import { formOf, md5OfParts, minorOfAmount, postToProvider, redirectEventOf, signaturesMatch, toAmount } from '../providerApi';
import type { RedirectProviderClient } from '../redirectProviders';
import type { PayokConfig } from './payokConfig';

/**
 * PayOK as its documentation (payok.io/cabinet/documentation: doc_main.php, doc_sendback.php, doc_api_transaction)
 * and its public SDKs (kravetsone/payok, Badiboy/pyPayokAPI) give it:
 *
 * - No create call: the payer is sent to `<url>/pay?amount=…&payment=…&shop=…&desc=…&currency=…&sign=…` (plus the
 *   optional `email`, `success_url`, `method`, `lang`), `amount` in major units, `payment` the merchant's id of the
 *   payment, `currency` RUB, UAH, USD or EUR, `sign` = the lower-case hex MD5 of `amount|payment|shop|currency|desc|
 *   secret` with the shop's secret key. The link is the payment: nothing exists at PayOK until the payer opens it.
 * - Notification: once the payment is paid (PayOK notifies successful payments only), a form POST to the notification
 *   URL of the shop's settings: `payment_id` (our `payment`), `shop`, `amount`, `profit` (less PayOK's commission),
 *   `desc`, `currency`, `sign` = MD5 of `secret|desc|currency|shop|payment_id|amount` (the link's order reversed),
 *   `email`, `date`, `method`, `custom`. Answered `OK` (webhookRoutes.ts), as kravetsone/payok's handler answers.
 * - Status: `POST <url>/api/transaction`, form `API_ID`, `API_KEY`, `shop`, `payment` → `{ status: 'success', '1': {
 *   transaction, payment_id, amount, currency, amount_profit, transaction_status, … } }`; a refusal is `{ status:
 *   'error', text, error_code }` (PayokRefusal), 10 being "no transactions" (a link not opened yet: still open).
 * - No refund API: a payment is paid back by hand (ManualRefundRequiredError), as CoinPayments'.
 *
 * The payment id: our order ids are UUIDs (subscribe/orders.ts insertOrder, randomUUID), 36 characters, and PayOK takes
 * at most 16 (kravetsone/payok: "up to 16 characters (a-z0-9-_)"; pyPayokAPI says 36 — not settled, so the stricter).
 * It is 16 hex digits of the SHA-256 of the order id (payokPaymentId): 64 bits whatever the UUID's version (a prefix of
 * the order id would share its bits with any other order made in the same millisecond under a time-ordered UUID), the
 * same for every attempt at the same order (a repeated create is the same link, as another provider replays its answer
 * to the order's key). It is recorded as the order's session (billing_redirect_payments.session_id, unique) before the
 * payer has the link, and a notification's payment_id names the order through that record
 * (providers/redirectSessionEvents.ts). Two orders with one payment id (one chance in 2^64 for a pair) would have the
 * second's session refused by the unique index: never paid to the wrong order.
 *
 * Not verified against PayOK (the closest documented shape is followed, and the sandbox does the same): the 16
 * characters, the reply body `OK` (and that PayOK retries until it reads it), the `transaction_status` codes (`1` paid
 * and `0` waiting from the docs' examples; `2` failed is pyPayokAPI's, read here as canceled), error 10 for a payment
 * without a transaction (pyPayokAPI's reading), and how `amount` is written in a notification (read exactly, to the
 * cent, whatever its decimals).
 */

/** The checkout's page name for PayOK (document 2 §7; no payment options). */
export const PAYOK_PAGE = 'payok';
export const isPayokPage = (provider: string): boolean => provider === PAYOK_PAGE;

/** The currencies a PayOK link may name. */
export const PAYOK_CURRENCIES: readonly string[] = ['RUB', 'UAH', 'USD', 'EUR'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order's PayOK payment id: 16 hex digits of the SHA-256 of its id (see above). */
export function payokPaymentId(orderId: string): string {
  if (!UUID.test(orderId)) throw new Error(`PayOK: order id ${orderId} is not a UUID`);
  return createHash('sha256').update(orderId.toLowerCase(), 'utf8').digest('hex').slice(0, 16);
}

/** The link's `sign`: MD5 of amount|payment|shop|currency|desc|secret. */
export const payokLinkSign = (secretKey: string, f: { amount: string; payment: string; shop: string; currency: string; desc: string }): string =>
  md5OfParts([f.amount, f.payment, f.shop, f.currency, f.desc, secretKey]);

/** The notification's `sign`: MD5 of secret|desc|currency|shop|payment_id|amount. */
export const payokNotificationSign = (secretKey: string, f: { desc: string; currency: string; shop: string; payment_id: string; amount: string }): string =>
  md5OfParts([secretKey, f.desc, f.currency, f.shop, f.payment_id, f.amount]);

/** A transaction's `transaction_status` as a redirect session's: 1 paid, 2 failed, anything else still open. */
export function payokStatus(code: string | number | undefined): RedirectSessionStatus {
  if (String(code) === '1') return 'completed';
  if (String(code) === '2') return 'canceled';
  return 'open';
}

/** PayOK answered `{ status: 'error' }` (its error_code and text): a bug of ours, keys it does not take. */
export class PayokRefusal extends Error {
  constructor(
    readonly code: string,
    readonly text: string,
  ) {
    super(`PayOK refused (${code}): ${text}`);
    this.name = 'PayokRefusal';
  }
}

/** PayOK's error_code for a shop or payment without transactions (pyPayokAPI's reading). */
const NO_TRANSACTIONS = '10';

interface PayokTransaction {
  transaction?: string | number;
  payment_id?: string | number;
  amount?: string | number;
  currency?: string;
  transaction_status?: string | number;
}

/** PayOK's calls as a redirect provider's (redirectProviders.ts); it has no create call and no refund API. */
export function createPayokClient(config: PayokConfig): RedirectProviderClient {
  async function call(method: string, fields: Record<string, string>): Promise<Record<string, unknown>> {
    const answer = await postToProvider<Record<string, unknown>>('PayOK', `${config.url}/api/${method}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ API_ID: config.apiId, API_KEY: config.apiKey, ...fields }).toString(),
    });
    if (answer.status !== 'success') throw new PayokRefusal(String(answer.error_code ?? ''), String(answer.text ?? answer.error_text ?? 'no text'));
    return answer;
  }

  /** The payment's transaction at PayOK; null while the payer has not opened the link. */
  async function transactionOf(session: RedirectSessionRef): Promise<PayokTransaction | null> {
    let answer;
    try {
      answer = await call('transaction', { shop: config.shopId, payment: session.sessionId });
    } catch (err) {
      if (err instanceof PayokRefusal && err.code === NO_TRANSACTIONS) return null;
      throw err;
    }
    // the transactions are the answer's numbered keys ("1", "2", …)
    const listed = Object.entries(answer).filter(([key]) => /^\d+$/.test(key)).map(([, value]) => value as PayokTransaction);
    return listed.find((t) => String(t.payment_id) === session.sessionId) ?? null;
  }

  return {
    create(input) {
      const orderId = input.metadata.order_id;
      if (!orderId) return Promise.reject(new Error('PayOK: a payment needs the order id'));
      const currency = input.currency.toUpperCase();
      if (!PAYOK_CURRENCIES.includes(currency)) return Promise.reject(new Error(`PayOK: a link takes ${PAYOK_CURRENCIES.join(', ')}, not ${currency}`));
      const fields = { amount: toAmount(input.amountMinor), payment: payokPaymentId(orderId), shop: config.shopId, currency, desc: `Fable ${input.metadata.plan_id ?? 'subscription'}` };
      const link = new URLSearchParams({ ...fields, sign: payokLinkSign(config.secretKey, fields), ...(input.buyerEmail ? { email: input.buyerEmail } : {}), success_url: input.returnUrl });
      return Promise.resolve({ sessionId: fields.payment, url: `${config.url}/pay?${link.toString()}` });
    },

    async details(session) {
      const transaction = await transactionOf(session);
      // not opened yet: PayOK knows nothing of it, not even its amount
      if (!transaction) return { status: 'open', amountMinor: 0, currency: '', metadata: { order_id: session.orderId } };
      return {
        status: payokStatus(transaction.transaction_status),
        amountMinor: minorOfAmount(transaction.amount === undefined ? undefined : String(transaction.amount)) ?? 0,
        currency: (transaction.currency ?? '').toUpperCase(),
        metadata: { order_id: session.orderId },
      };
    },

    refund(session) {
      return Promise.reject(
        new ManualRefundRequiredError(`PayOK has no refund API: pay back the payment ${session.sessionId} of order ${session.orderId} by hand (PayOK's cabinet or support)`),
      );
    },

    notification(notice, receivedAt) {
      const form = formOf(notice);
      if (!form.sign) throw new WebhookSignatureError('The PayOK notification lacks sign');
      const signed = { desc: form.desc ?? '', currency: form.currency ?? '', shop: form.shop ?? '', payment_id: form.payment_id ?? '', amount: form.amount ?? '' };
      if (!signaturesMatch(form.sign, payokNotificationSign(config.secretKey, signed))) throw new WebhookSignatureError('The PayOK notification signature (sign) does not match');
      if (signed.shop !== config.shopId) throw new ProviderNoticeError('The PayOK notification is for another shop');
      if (!signed.payment_id || !signed.currency) throw new ProviderNoticeError('The PayOK notification lacks payment_id or currency');
      const amountMinor = minorOfAmount(signed.amount);
      if (amountMinor === null) throw new ProviderNoticeError(`amount is not an amount in cents: ${signed.amount || 'missing'}`);
      return redirectEventOf(
        'payok',
        // a notification means paid; it names only our payment id, whose order billing finds through the session it
        // recorded (`page`). It has no id of its own: PayOK sending it again (the same amount and currency) is the same
        // event, kept once; one saying another amount or currency is another (not applied: not the order's price)
        { id: signed.payment_id, page: PAYOK_PAGE, status: 'completed', state: 'paid', notice: `paid:${amountMinor}:${signed.currency.toUpperCase()}`, amountMinor, currency: signed.currency, metadata: {} },
        receivedAt,
      );
    },
  };
}
