import { createHash, verify, type KeyObject } from 'node:crypto';
import { ProviderNoticeError, WebhookSignatureError, type PaymentEvent, type ProviderNotice, type RedirectSessionRef, type RedirectSessionStatus } from '../paymentsGateway';
import { headerOf, redirectEventOf, requestProvider, signaturesMatch } from '../providerApi';
import type { RedirectProviderClient } from '../redirectProviders';
import { overpayPublicKey, type OverpayConfig } from './overpayConfig';

/**
 * Overpay's API (https://docs.overpay.io, the BeGateway platform) as its documentation gives it:
 *
 * - Every call uses HTTP Basic authentication with the shop id and secret key, JSON, `Accept: application/json`.
 *   Errors are 4xx `{ message, errors: { … } }` (OverpayRefusal).
 * - `POST {checkout}/ctp/api/checkouts` with `X-API-Version: 2` ("Create a payment token"): `checkout` with
 *   `transaction_type: payment`, `test`, `order` (`amount` in minor units, `currency`, `description`, `tracking_id`:
 *   our order id), `settings` (`success_url`, `decline_url`, `fail_url`, `cancel_url`, `notification_url`,
 *   `language`) and `customer.email` → `{ checkout: { token, redirect_url } }`; the payer goes to `redirect_url`. Overpay
 *   takes no idempotency key: a create repeated after a lost answer makes another checkout (the unused one expires;
 *   nothing is charged until the payer pays), and billing keeps the first one it recorded.
 * - `GET {checkout}/ctp/api/checkouts/{token}` ("Query"): `{ checkout: { token, finished, expired, status, order, …,
 *   gateway_response: { payment: { uid, status, … } } } }`: the status read, and the payment's uid a refund names.
 * - `POST {api}/beyag/transactions/refunds`: `{ request: { parent_uid: <the payment's uid>, reason, amount (none: all
 *   that is left), tracking_id: our order } }` → `{ transaction: { uid, parent_uid, type: refund, status, amount,
 *   currency, … } }`. No idempotency key either, so the request is sent once (requestProvider `retries: 0`): a refund
 *   whose answer was lost is not asked again by us; billing's retry of it is refused by Overpay as more than what is
 *   left, and given up for a person to look at, never refunded twice.
 * - Notifications: Overpay POSTs the transaction (`{ transaction: { uid, type, status, amount, currency, tracking_id,
 *   … } }`, the shape of a transaction response) to the checkout's `notification_url` whenever its status changes
 *   (pending, expired, failed, successful), with HTTP Basic authentication (the shop id and secret key: checked in
 *   constant time) and a `Content-Signature` (base64 RSA-SHA256 of the raw body with the shop's private key, checked
 *   with OVERPAY_PUBLIC_KEY when it is set). A token that expires unpaid is notified as the checkout (`{ token, order,
 *   … }`). The transaction names our order (`tracking_id`), not the checkout's token that is our session: the session
 *   billing recorded for that order is asked for (ProviderNotice.recordedSessionOf), and a notification naming none of
 *   our Overpay checkouts is not ours to take.
 * - Statuses: a payment `successful` pays the order; `failed` or `expired` cancels it; anything else (`pending`,
 *   `incomplete`) is recorded. Refunds and other transactions are recorded only.
 *
 * Not in the documentation we could read (the closest documented shape is followed, and the sandbox does the same):
 * the exact status values of the checkout read (we take `successful`, `failed`, `expired` and `incomplete`, and the
 * `expired` flag) and whether it ever says a payment was refunded (we never answer `refunded`: a payment refunded in
 * full already cannot be told from the calls we use, see refunds above); the fields of the refund's answer beyond
 * uid, status and message, what a refund without `amount` refunds (we take: all that is left, as the sandbox does), and
 * whether a refund can answer 200 with status `failed` (taken as a refusal) or `pending` (taken as made); whether
 * Overpay notifies refunds at all, and with which tracking_id (we send ours with each refund, and record such
 * notifications without applying them); the exact shape of the token-expiry notification (we read `token`, `order`,
 * `status` or `expired`, at the top level or under `checkout`); the 4xx Overpay answers for wrong credentials. A payer
 * who has several attempts on Overpay's page (`attempts`, not sent: one) could have the order canceled by the first
 * failed one; a later successful one then pays a given-up order, which billing refunds.
 */

/** The checkout's page name for Overpay (document 2 §7; no payment options: Overpay's page lets the payer choose). */
export const OVERPAY_PAGE = 'overpay';
export const isOverpayPage = (provider: string): boolean => provider === OVERPAY_PAGE;

/** HTTP Basic authentication with the shop id and secret key, as every call and every notification carries it. */
export const overpayBasicAuth = (shopId: string, secretKey: string): string => `Basic ${Buffer.from(`${shopId}:${secretKey}`, 'utf8').toString('base64')}`;

/** A payment transaction's (or a checkout's) status at Overpay as a redirect session's. */
export function overpayStatus(status: string | null | undefined): RedirectSessionStatus {
  if (status === 'successful') return 'completed';
  if (status === 'failed' || status === 'expired') return 'canceled';
  return 'open';
}

/** Overpay answered a 4xx (its `{ message, errors }`), or a refund it did not make: a bug of ours, credentials it does not take, a refund it will not make. */
export class OverpayRefusal extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors: unknown = undefined,
  ) {
    super(`Overpay refused (${status}): ${detail}`);
    this.name = 'OverpayRefusal';
  }
}

interface OverpayError {
  message?: string;
  errors?: unknown;
  response?: { message?: string };
}

export interface OverpayCheckout {
  token?: string;
  finished?: boolean;
  expired?: boolean;
  status?: string | null;
  order?: { amount?: number; currency?: string; description?: string; tracking_id?: string | null };
  gateway_response?: { payment?: { uid?: string; status?: string } | null } | null;
}

interface OverpayTransaction {
  uid?: unknown;
  parent_uid?: unknown;
  type?: unknown;
  status?: unknown;
  amount?: unknown;
  currency?: unknown;
  tracking_id?: unknown;
  message?: unknown;
}

/** What a checkout read says: the payment's status (its transaction's, else the checkout's) and the payment's uid. */
function checkoutStatus(checkout: OverpayCheckout): { status: RedirectSessionStatus; paymentUid: string | null } {
  const payment = checkout.gateway_response?.payment ?? null;
  const stated = payment?.status ?? checkout.status;
  const status = overpayStatus(checkout.expired === true && stated !== 'successful' ? 'expired' : stated);
  return { status, paymentUid: typeof payment?.uid === 'string' ? payment.uid : null };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Overpay's calls as a redirect provider's (redirectProviders.ts); its refund is Overpay's refund request. */
export function createOverpayClient(config: OverpayConfig): RedirectProviderClient {
  const authorization = overpayBasicAuth(config.shopId, config.secretKey);
  const publicKey: KeyObject | null = config.publicKey ? overpayPublicKey(config.publicKey) : null;

  async function call<T>(url: string, request: { method: 'GET' | 'POST'; body?: object; checkoutApi: boolean; once?: boolean }): Promise<T> {
    const answer = await requestProvider<T & OverpayError>('Overpay', url, {
      method: request.method,
      headers: {
        authorization,
        ...(request.checkoutApi ? { 'x-api-version': '2' } : {}),
        ...(request.body ? { 'content-type': 'application/json' } : {}),
      },
      body: request.body ? JSON.stringify(request.body) : undefined,
      ...(request.once ? { retries: 0 } : {}),
    });
    if (answer.status >= 400) throw new OverpayRefusal(answer.status, answer.body.message ?? answer.body.response?.message ?? 'no message', answer.body.errors);
    return answer.body;
  }

  const checkoutOf = async (session: RedirectSessionRef): Promise<OverpayCheckout> => {
    const read = await call<{ checkout?: OverpayCheckout }>(`${config.url}/ctp/api/checkouts/${encodeURIComponent(session.sessionId)}`, { method: 'GET', checkoutApi: true });
    if (!read.checkout) throw new OverpayRefusal(200, `the checkout ${session.sessionId} was answered without its checkout`);
    return read.checkout;
  };

  /** Basic authentication (always) and Content-Signature (with a public key), or WebhookSignatureError. */
  function authenticate(notice: ProviderNotice): void {
    const given = headerOf(notice, 'authorization');
    if (!given || !/^basic\s+/i.test(given)) throw new WebhookSignatureError('The Overpay notification lacks HTTP Basic authentication');
    const credentials = Buffer.from(given.replace(/^basic\s+/i, '').trim(), 'base64').toString('utf8');
    // compared as digests: constant time, and exactly (signaturesMatch compares hex without case)
    if (!signaturesMatch(sha256(credentials), sha256(`${config.shopId}:${config.secretKey}`))) throw new WebhookSignatureError('The Overpay notification’s HTTP Basic credentials are not the shop’s');
    if (!publicKey) return;
    const signature = headerOf(notice, 'content-signature');
    if (!signature) throw new WebhookSignatureError('The Overpay notification lacks Content-Signature');
    let valid = false;
    try {
      valid = verify('sha256', Buffer.from(notice.rawBody, 'utf8'), publicKey, Buffer.from(signature.trim(), 'base64'));
    } catch {
      valid = false;
    }
    if (!valid) throw new WebhookSignatureError('The Overpay notification’s Content-Signature does not verify');
  }

  return {
    async create(input) {
      const orderId = input.metadata.order_id;
      if (!orderId || !isOverpayPage(input.provider)) throw new Error('Overpay: a checkout needs the order id, for Overpay’s page');
      const made = await call<{ checkout?: { token?: string; redirect_url?: string } }>(`${config.url}/ctp/api/checkouts`, {
        method: 'POST',
        checkoutApi: true,
        body: {
          checkout: {
            transaction_type: 'payment',
            test: config.test,
            order: { amount: input.amountMinor, currency: input.currency.toUpperCase(), description: `Fable ${input.metadata.plan_id ?? 'subscription'}`, tracking_id: orderId },
            settings: {
              success_url: input.returnUrl,
              decline_url: input.cancelUrl,
              fail_url: input.cancelUrl,
              cancel_url: input.cancelUrl,
              ...(config.notificationUrl ? { notification_url: config.notificationUrl } : {}),
              language: 'en',
            },
            ...(input.buyerEmail ? { customer: { email: input.buyerEmail } } : {}),
          },
        },
      });
      if (!made.checkout?.token || !made.checkout.redirect_url) throw new OverpayRefusal(200, 'the checkout was created without a token or a redirect_url');
      return { sessionId: made.checkout.token, url: made.checkout.redirect_url };
    },

    async details(session) {
      const checkout = await checkoutOf(session);
      return {
        status: checkoutStatus(checkout).status,
        amountMinor: checkout.order?.amount ?? 0,
        currency: (checkout.order?.currency ?? '').toUpperCase(),
        metadata: { order_id: checkout.order?.tracking_id ?? session.orderId },
      };
    },

    async refund(session, amountMinor) {
      const checkout = await checkoutOf(session);
      const { status, paymentUid } = checkoutStatus(checkout);
      if (status !== 'completed' || !paymentUid) throw new OverpayRefusal(400, `the checkout ${session.sessionId} has no successful payment to refund`);
      const made = await call<{ transaction?: OverpayTransaction }>(`${config.apiUrl}/beyag/transactions/refunds`, {
        method: 'POST',
        checkoutApi: false,
        // no idempotency key at Overpay: never sent twice by us
        once: true,
        // no amount: all that is left (Overpay's amount is optional; what it does without one is not documented)
        body: { request: { parent_uid: paymentUid, reason: `Fable order ${session.orderId}`, ...(amountMinor === null ? {} : { amount: amountMinor }), tracking_id: session.orderId } },
      });
      const refund = made.transaction;
      if (typeof refund?.uid !== 'string') throw new OverpayRefusal(200, 'the refund was answered without its transaction uid');
      // a refund Overpay answers but did not make (declined by the method's provider): a refusal; pending: made, it completes there
      if (refund.status === 'failed' || refund.status === 'error') throw new OverpayRefusal(200, `the refund ${refund.uid} is ${refund.status}: ${typeof refund.message === 'string' ? refund.message : 'no message'}`);
      return { refundId: refund.uid };
    },

    async notification(notice, receivedAt): Promise<PaymentEvent> {
      authenticate(notice);
      let body: { transaction?: OverpayTransaction; checkout?: OverpayCheckout } & OverpayCheckout;
      try {
        body = JSON.parse(notice.rawBody) as typeof body;
      } catch {
        throw new ProviderNoticeError('The Overpay notification is not JSON');
      }
      if (typeof body !== 'object' || body === null) throw new ProviderNoticeError('The Overpay notification is not a JSON object');
      const transaction = body.transaction;
      if (transaction) {
        const { uid, type, status, amount, currency, tracking_id: trackingId } = transaction;
        if (typeof uid !== 'string' || typeof type !== 'string' || typeof status !== 'string' || !isCount(amount) || typeof currency !== 'string') {
          throw new ProviderNoticeError('The Overpay notification lacks the transaction’s uid, type, status, amount or currency');
        }
        if (typeof trackingId !== 'string' || trackingId === '') throw new ProviderNoticeError('The Overpay notification lacks tracking_id (our order)');
        const recorded = (await notice.recordedSessionOf?.(trackingId)) ?? null;
        const ours = recorded && isOverpayPage(recorded.page) ? recorded.sessionId : null;
        // a payment pays or cancels our order's checkout: it must be one of ours
        if (type === 'payment' && !ours) throw new ProviderNoticeError(`The Overpay notification names no Overpay checkout of ours (tracking_id ${trackingId})`);
        return redirectEventOf(
          'overpay',
          {
            id: ours ?? uid,
            // a payment's outcome pays or cancels the order; any other transaction (a refund, …) is recorded
            status: type === 'payment' ? overpayStatus(status) : 'open',
            state: `${type}_${status}`,
            // one event per transaction and status: Overpay sending it again is the same event
            notice: `${uid}:${status}`,
            amountMinor: amount,
            currency,
            metadata: { order_id: trackingId },
          },
          receivedAt,
        );
      }
      // a token that expired unpaid: the checkout itself (its token is our session)
      const checkout = body.checkout ?? body;
      if (typeof checkout.token === 'string' && checkout.token !== '' && checkout.order && isCount(checkout.order.amount) && typeof checkout.order.currency === 'string') {
        const expired = checkout.expired === true || checkout.status === 'expired';
        return redirectEventOf(
          'overpay',
          {
            id: checkout.token,
            status: expired ? 'canceled' : 'open',
            state: `checkout_${expired ? 'expired' : (checkout.status ?? 'unknown')}`,
            amountMinor: checkout.order.amount,
            currency: checkout.order.currency,
            metadata: { order_id: checkout.order.tracking_id ?? '' },
          },
          receivedAt,
        );
      }
      throw new ProviderNoticeError('The Overpay notification is neither a transaction nor a checkout');
    },
  };
}
