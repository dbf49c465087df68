import { z } from 'zod';
import { AppError } from '../../../http/appError';
import type { ApiPlugin } from '../../../http/apiPlugin';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { PaymentsUnavailableError, ProviderNotConfiguredError, ProviderNoticeError, WebhookSignatureError, type NotifyingProvider, type PaymentEvent } from '../../../infra/payments/paymentsGateway';
import { paymentsUnavailable } from '../subscribe/subscribeErrors';
import { redirectPaymentOf } from '../providers/redirectPayments';
import { claimEvent, markApplied, newerEventApplied, recordEvent, releaseEvent } from './webhookEvents';
import { WEBHOOK_HANDLERS } from './webhookHandlers';

/** Where the provider posts its events (payments-sandbox's API_WEBHOOK_PATH; Stripe's endpoint setting). */
export const PAYMENTS_WEBHOOK_PATH = '/v2/payments/webhook';
/** Where Payssion posts its notifications (the notify URL of the merchant's settings at Payssion). */
export const PAYSSION_NOTIFY_PATH = '/v2/payments/payssion/notify';
/** Where CoinPayments posts its IPNs (each payment's ipn_url, or the IPN URL of the merchant's settings). */
export const COINPAYMENTS_IPN_PATH = '/v2/payments/coinpayments/ipn';
/** Where Volt posts its notifications (each payment's notificationUrl, or the notification URL of the Fuzebox application). */
export const VOLT_NOTIFY_PATH = '/v2/payments/volt/notify';
/** Where Directa24 posts its notifications (each deposit's notification_url, or the Merchant Panel's Confirm URL). */
export const D24_NOTIFY_PATH = '/v2/payments/directa24/notify';
/** Where UpGate posts its postbacks (the callback URL of the merchant account, set in UpGate's back office). */
export const UPGATE_POSTBACK_PATH = '/v2/payments/upgate/postback';
/** Where Overpay posts its notifications (each checkout's settings.notification_url: OVERPAY_NOTIFICATION_URL). */
export const OVERPAY_NOTIFY_PATH = '/v2/payments/overpay/notify';
/** Where PayOK posts its notifications (the notification URL of the shop's settings at PayOK). */
export const PAYOK_NOTIFY_PATH = '/v2/payments/payok/notify';
/** The largest event body accepted (Stripe's events are a few kilobytes). */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

const invalidSignature = (message: string) => new AppError(400, 'invalid_signature', message);
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /api/v2/payments/webhook (issue 15): the provider's signed events. The signature covers the raw body, so this
 * route (in its own encapsulated plugin) keeps JSON bodies as text. Verified with each live secret (gateway), kept
 * once per event id, claimed by one delivery at a time (a copy arriving while another applies it is acknowledged and
 * not run), skipped when a later event about the same object was applied already, then handed to its handler
 * (webhookHandlers.ts). 200 once applied (or a duplicate, or a type we ignore); 400 for a bad signature;
 * 5xx (the provider retries) when applying failed. The redirect providers with an API of their own post their own
 * notifications, turned into the same redirect_session events by the gateway and applied the same way:
 * POST /api/v2/payments/payssion/notify (Payssion: form-encoded, notify_sig), POST /api/v2/payments/coinpayments/ipn
 * (CoinPayments' IPN: form-encoded, HMAC header; answered `IPN OK`) and POST /api/v2/payments/volt/notify (Volt: JSON,
 * X-Volt-Signed; the payment it names is read at Volt, unreachable: 503 and Volt retries) and POST
 * /api/v2/payments/directa24/notify (Directa24: JSON `{ deposit_id }`, unsigned: only a trigger, the deposit is read
 * with D24's signed status call and the event says what D24 answers; unreachable: 503 and D24 retries) and POST
 * /api/v2/payments/upgate/postback (UpGate: JSON, X-Signature HMAC-SHA256 of the body; a SALE's outcome applied, other
 * transactions recorded), POST /api/v2/payments/overpay/notify (Overpay: JSON transaction, HTTP Basic authentication
 * with the shop's credentials, Content-Signature when OVERPAY_PUBLIC_KEY is set; it names our order, and the checkout
 * recorded for that order is its session; a payment's outcome applied, other transactions recorded) and POST
 * /api/v2/payments/payok/notify (PayOK: form-encoded, its MD5 `sign`; a notification means paid; answered `OK`). A
 * signature that does not verify: 400 invalid_signature; signed but not ours to take (another merchant or shop, a
 * field missing): 400 invalid_notification.
 */
export const webhookRoutes: ApiPlugin = async (app, deps) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', 'text/plain', 'application/x-www-form-urlencoded'], { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  /**
   * Keeps the event once, claims it for one delivery at a time, skips it when a later event about the same object was
   * applied, then hands it to its handler. A provider that cannot answer while applying: 503 (the provider retries).
   */
  async function apply(provider: string, event: PaymentEvent, log: FastifyBaseLogger): Promise<{ received: true }> {
    const now = deps.clock.now();
    const { applied } = await recordEvent(deps.db, provider, event, now);
    // Applied already, or another delivery of the same event is applying it right now: acknowledged, not run again.
    if (applied || !(await claimEvent(deps.db, provider, event.id, now))) return { received: true as const };
    const handler = WEBHOOK_HANDLERS[event.type];
    if (handler && !(await newerEventApplied(deps.db, provider, event))) {
      try {
        await handler({ db: deps.db, payments: deps.payments, clock: deps.clock, log }, event);
      } catch (err) {
        await releaseEvent(deps.db, provider, event.id);
        if (err instanceof PaymentsUnavailableError) throw paymentsUnavailable();
        throw err;
      }
    }
    await markApplied(deps.db, provider, event.id, deps.clock.now());
    return { received: true as const };
  }

  const received = { schema: { response: { 200: z.object({ received: z.literal(true) }) } }, config: { access: 'public' as const } };

  app.post(PAYMENTS_WEBHOOK_PATH, received, async (request) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const signature = request.headers['stripe-signature'];
    let event;
    try {
      event = deps.payments.verifyWebhook(Buffer.from(raw, 'utf8'), typeof signature === 'string' ? signature : undefined);
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw invalidSignature(err.message);
      throw err;
    }
    return apply(deps.payments.provider, event, request.log);
  });

  /** The session billing recorded for one of our orders, for a notification that names the order only (Overpay's). */
  const recordedSessionOf = async (orderId: string) => {
    const recorded = ORDER_ID.test(orderId) ? await redirectPaymentOf(deps.db, orderId) : null;
    return recorded ? { sessionId: recorded.session_id, page: recorded.provider } : null;
  };

  /** A provider's own notification (signed its way) as its redirect_session event, or the 4xx that says why not. */
  const notificationEvent = async (provider: NotifyingProvider, name: string, request: FastifyRequest): Promise<PaymentEvent> => {
    try {
      const notice = { rawBody: typeof request.body === 'string' ? request.body : '', headers: request.headers, recordedSessionOf };
      return await deps.payments.providerNotification(provider, notice, deps.clock.now());
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw invalidSignature(err.message);
      if (err instanceof ProviderNoticeError) throw new AppError(400, 'invalid_notification', err.message);
      if (err instanceof ProviderNotConfiguredError) throw AppError.notFound(`${name} is not configured here.`);
      // configured but not reachable while reading what the notification names (Volt): 503, the provider retries
      if (err instanceof PaymentsUnavailableError) throw paymentsUnavailable();
      throw err;
    }
  };

  app.post(PAYSSION_NOTIFY_PATH, received, async (request) => apply('payssion', await notificationEvent('payssion', 'Payssion', request), request.log));
  app.post(VOLT_NOTIFY_PATH, received, async (request) => apply('volt', await notificationEvent('volt', 'Volt', request), request.log));
  app.post(D24_NOTIFY_PATH, received, async (request) => apply('directa24', await notificationEvent('directa24', 'Directa24', request), request.log));
  app.post(UPGATE_POSTBACK_PATH, received, async (request) => apply('upgate', await notificationEvent('upgate', 'UpGate', request), request.log));
  app.post(OVERPAY_NOTIFY_PATH, received, async (request) => apply('overpay', await notificationEvent('overpay', 'Overpay', request), request.log));

  const answeredText = { schema: { response: { 200: z.string() } }, config: { access: 'public' as const } };

  // CoinPayments reads the answer's status; `IPN OK` as its own examples answer
  app.post(COINPAYMENTS_IPN_PATH, answeredText, async (request, reply) => {
    await apply('coinpayments', await notificationEvent('coinpayments', 'CoinPayments', request), request.log);
    void reply.type('text/plain; charset=utf-8');
    return 'IPN OK';
  });

  // PayOK: `OK`, as kravetsone/payok's handler answers (which words PayOK waits for is not documented)
  app.post(PAYOK_NOTIFY_PATH, answeredText, async (request, reply) => {
    await apply('payok', await notificationEvent('payok', 'PayOK', request), request.log);
    void reply.type('text/plain; charset=utf-8');
    return 'OK';
  });
};
