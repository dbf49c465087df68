import Stripe from 'stripe';
import type { PaymentsConfig } from './paymentsConfig';
import { WebhookSignatureError, type ChargeResult, type PaymentsGateway, type RedirectSessionStatus } from './paymentsGateway';
import { withRedirectProviders } from './redirectProviders';
import { call, cardFailure, cardOf, idOf, unsupportedNextAction, unusableCard } from './stripeCalls';
import { setUpCard } from './stripeCardSetup';

export { UNUSABLE_CARD_MESSAGE } from './stripeCalls';

/**
 * The PaymentsGateway over Stripe's protocol with the official SDK (issue 15): pointed at our sandbox
 * (payments-sandbox/, `host`/`port`/`protocol` from PAYMENTS_SANDBOX_URL) or at Stripe itself. The same code serves
 * both; only the client's address and the card fields' page differ.
 *
 * Errors: a card refusal (StripeCardError, 402) is a `failed` answer; no connection, a timeout, a 5xx, a rate limit or
 * a refused key throw PaymentsUnavailableError (the caller answers 503 and keeps its order pending); anything else
 * (a 400 we caused, an unknown object) is rethrown as is: a bug to see in the logs, not a member's problem.
 */

/** Webhook signatures older (or newer) than this are refused, as Stripe's own default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Network retries of the SDK (connection errors, 409 idempotency_key_in_use, 5xx) before a call fails. */
const MAX_NETWORK_RETRIES = 2;
/** One request's limit; a charge that takes longer is answered 503 and found again by its idempotency key. */
const REQUEST_TIMEOUT_MS = 20_000;

/** The gateway's calls of Stripe's protocol: all but the redirect providers with an API of their own (redirectProviders.ts). */
export type StripeProtocolGateway = Omit<PaymentsGateway, 'providerNotification' | 'offersMethod'>;

export function createStripeGateway(config: PaymentsConfig): StripeProtocolGateway {
  const sandboxUrl = config.provider === 'sandbox' ? new URL(config.sandboxUrl) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    timeout: REQUEST_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'fable-api' },
    ...(sandboxUrl
      ? {
          host: sandboxUrl.hostname,
          port: Number(sandboxUrl.port || (sandboxUrl.protocol === 'https:' ? 443 : 80)),
          protocol: sandboxUrl.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });

  return {
    provider: config.provider,

    publicConfig() {
      if (!sandboxUrl) return { provider: config.provider, publishableKey: config.publishableKey, cardFieldsUrl: null, frameOrigin: 'https://js.stripe.com' };
      const page = new URL('/elements/card', sandboxUrl);
      page.searchParams.set('key', config.publishableKey);
      return { provider: config.provider, publishableKey: config.publishableKey, cardFieldsUrl: page.toString(), frameOrigin: sandboxUrl.origin };
    },

    async ensureCustomer({ existingId, email, name, metadata }, idempotencyKey) {
      const customer = await call(() =>
        existingId
          ? stripe.customers.update(existingId, { email, name, metadata }, { idempotencyKey })
          : stripe.customers.create({ email, name, metadata }, { idempotencyKey }),
      );
      return { customerId: customer.id };
    },

    async attachCard(customerId, paymentMethodId, idempotencyKey) {
      try {
        const method = await call(() => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }, { idempotencyKey }));
        await call(() =>
          stripe.customers.update(customerId, { invoice_settings: { default_payment_method: method.id } }, { idempotencyKey: `${idempotencyKey}:default` }),
        );
        return { ok: true as const, card: cardOf(method) };
      } catch (err) {
        const failed = cardFailure(err) ?? unusableCard(err);
        if (failed) return failed;
        throw err;
      }
    },

    setUpCard: (customerId, paymentMethodId, idempotencyKey) => setUpCard(stripe, customerId, paymentMethodId, idempotencyKey),

    async charge(input, idempotencyKey) {
      try {
        const intent = await call(() =>
          stripe.paymentIntents.create(
            {
              amount: input.amountMinor,
              currency: input.currency.toLowerCase(),
              customer: input.customerId,
              payment_method: input.paymentMethodId,
              confirm: true,
              off_session: input.offSession,
              ...(input.saveForRenewals && !input.offSession ? { setup_future_usage: 'off_session' as const } : {}),
              description: input.description,
              metadata: input.metadata,
              ...(input.returnUrl && !input.offSession ? { return_url: input.returnUrl } : {}),
            },
            { idempotencyKey },
          ),
        );
        return chargeResultOf(intent);
      } catch (err) {
        const failed = cardFailure(err);
        if (failed) return failed;
        // Below the provider's minimum charge (50 cents): a refusal the member can read, not a bug.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'amount_too_small') {
          return { status: 'failed' as const, intentId: null, code: err.code, declineCode: null, message: err.message };
        }
        throw err;
      }
    },

    async getCharge(intentId) {
      return chargeResultOf(await call(() => stripe.paymentIntents.retrieve(intentId)));
    },

    async cancelCharge(intentId) {
      await call(() => stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' }));
    },

    async refund(intentId, amountMinor, idempotencyKey) {
      const refund = await call(() =>
        stripe.refunds.create({ payment_intent: intentId, ...(amountMinor === null ? {} : { amount: amountMinor }) }, { idempotencyKey }),
      );
      return { refundId: refund.id };
    },

    // Ours, not Stripe's: the sandbox's generic redirect sessions (redirectProviders.ts sends only those here). The SDK
    // has no resource for it, so it goes through rawRequest (same key, retries, errors).
    async createRedirectSession(input, idempotencyKey) {
      const session = await call(() =>
        stripe.rawRequest(
          'POST',
          '/v1/redirect_sessions',
          {
            provider: input.provider,
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            metadata: input.metadata,
          },
          { idempotencyKey },
        ),
      );
      return { sessionId: String(session.id), url: String(session.url) };
    },

    async getRedirectSession({ sessionId }) {
      const session = await call(() => stripe.rawRequest('GET', `/v1/redirect_sessions/${encodeURIComponent(sessionId)}`));
      return {
        status: session.status as RedirectSessionStatus,
        amountMinor: Number(session.amount),
        currency: String(session.currency).toUpperCase(),
        metadata: (session.metadata ?? {}) as Record<string, string>,
      };
    },

    async refundRedirectSession({ sessionId }, amountMinor, idempotencyKey) {
      const refund = await call(() =>
        stripe.rawRequest('POST', `/v1/redirect_sessions/${encodeURIComponent(sessionId)}/refund`, amountMinor === null ? {} : { amount: amountMinor }, { idempotencyKey }),
      );
      return { refundId: String(refund.id) };
    },

    verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError('No Stripe-Signature header');
      for (const secret of config.webhookSecrets) {
        try {
          const event = stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, WEBHOOK_TOLERANCE_SECONDS);
          return { id: event.id, type: event.type, created: event.created, object: event.data.object as unknown as Record<string, unknown> };
        } catch (err) {
          if (!(err instanceof Stripe.errors.StripeSignatureVerificationError)) throw new WebhookSignatureError((err as Error).message);
        }
      }
      throw new WebhookSignatureError('No webhook secret verifies the Stripe-Signature header (or it is older than 300 s)');
    },
  };
}

/** A payment intent's state as billing sees it. */
export function chargeResultOf(intent: Stripe.PaymentIntent): ChargeResult {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', intentId: intent.id, chargeId: idOf(intent.latest_charge) };
    case 'requires_action': {
      const url = intent.next_action?.redirect_to_url?.url;
      if (url) return { status: 'requires_action', intentId: intent.id, redirectUrl: url };
      return unsupportedNextAction(intent.id);
    }
    case 'processing':
    case 'requires_confirmation':
    case 'requires_capture':
      return { status: 'processing', intentId: intent.id };
    case 'canceled':
      return { status: 'failed', intentId: intent.id, code: 'payment_intent_canceled', declineCode: null, message: 'The payment was canceled.' };
    case 'requires_payment_method':
    default: {
      const error = intent.last_payment_error;
      return {
        status: 'failed',
        intentId: intent.id,
        code: error?.code ?? 'requires_payment_method',
        declineCode: error?.decline_code ?? null,
        message: error?.message ?? 'The payment was not completed.',
      };
    }
  }
}

/**
 * The gateway the configuration names (config.payments, read by readPaymentsConfig from PAYMENTS_PROVIDER and
 * the PAYMENTS_SANDBOX_* or STRIPE_* variables): both providers speak Stripe's protocol, so both are this adapter;
 * the redirect providers with an API of their own (Payssion, CoinPayments) go to theirs.
 */
export function createPaymentsGateway(config: PaymentsConfig): PaymentsGateway {
  return withRedirectProviders(createStripeGateway(config), config);
}
