/**
 * The payments provider as billing sees it (issue 15). One implementation speaks Stripe's protocol through the
 * official `stripe` SDK (stripeGateway.ts): pointed at our sandbox (payments-sandbox/, the embedded default) or at
 * Stripe (by environment). Amounts are integers in minor units. Every call that creates or moves money takes an
 * idempotency key, sent as Stripe's `Idempotency-Key`: the provider replays the first answer to a repeat.
 *
 * Errors: a card or provider refusal is an answer (`ChargeResult` failed), not a throw. A provider that cannot be
 * reached or answers 5xx throws PaymentsUnavailableError (the caller answers 503 payments_unavailable and keeps the
 * order pending, so a retry with the same key finds it).
 */

export type PaymentsProvider = 'sandbox' | 'stripe';

export interface CardOnFile {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type ChargeResult =
  | { status: 'succeeded'; intentId: string; chargeId: string | null }
  /** 3-D Secure: the page to frame (the sandbox's /3ds/:id, Stripe's next_action.redirect_to_url.url). */
  | { status: 'requires_action'; intentId: string; redirectUrl: string }
  | { status: 'processing'; intentId: string }
  /** code: Stripe's (card_declined, expired_card, authentication_required, payment_intent_authentication_failure, …). */
  | { status: 'failed'; intentId: string | null; code: string; declineCode: string | null; message: string };

/**
 * A card saved for renewals through a SetupIntent (the change-card dialog): set up at once, waiting for the member's
 * 3-D Secure challenge (the page to frame; the same call again reads its outcome), or refused.
 */
export type CardSetupResult =
  | { status: 'succeeded'; card: CardOnFile }
  | { status: 'requires_action'; setupId: string; redirectUrl: string }
  | Extract<ChargeResult, { status: 'failed' }>;

export interface ChargeInput {
  customerId: string;
  paymentMethodId: string;
  amountMinor: number;
  currency: string;
  description: string;
  /** Ours: user_id, order_id, plan_id, application — come back on the webhook events. */
  metadata: Record<string, string>;
  /** Renewals and rebills charge without the member: no 3-D Secure challenge can be passed (authentication_required). */
  offSession: boolean;
  /**
   * The card pays the renewals too: saved for payments without the member (Stripe's `setup_future_usage:
   * off_session`), authenticated once now, so that strong customer authentication does not refuse the renewals.
   */
  saveForRenewals?: boolean;
  /** Where a top-level 3-D Secure page returns (not used when framed). */
  returnUrl?: string;
}

export interface RedirectSessionInput {
  /** The payment method value (volt, inwizo_sbp, payssion_gcash, …) the sandbox's provider page shows. */
  provider: string;
  amountMinor: number;
  currency: string;
  returnUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  /** The checkout's email, for a provider that asks for the buyer's (CoinPayments' buyer_email, Volt's payer email). */
  buyerEmail?: string;
  /** The checkout's name and country, for a provider that asks for them (Directa24's payer and deposit country). */
  buyer?: { firstName: string; lastName: string; country: string };
}

/** A redirect payment as billing recorded it (billing_redirect_payments): the provider's page name tells whose it is. */
export interface RedirectSessionRef {
  sessionId: string;
  /** The page name the session was made for (volt, payssion_gcash, …). */
  provider: string;
  orderId: string;
}

/** refunded: all of it paid back (refundRedirectSession); a part refunded leaves it completed. */
export type RedirectSessionStatus = 'open' | 'completed' | 'canceled' | 'refunded';

/** A verified provider event (Stripe's event object). */
export interface PaymentEvent {
  id: string;
  type: string;
  /** The provider's event time, seconds since the epoch (Stripe's `created`). */
  created: number;
  object: Record<string, unknown>;
}

export interface PaymentsGateway {
  readonly provider: PaymentsProvider;
  /**
   * Whether a purchase option's payment method can be paid here: card always; a redirect provider's when its adapter
   * (its own API) is configured, or, without one, when the payments sandbox serves its generic redirect sessions.
   */
  offersMethod(method: string): boolean;
  /** What the checkout needs for the card fields: publishable key, the fields' page (sandbox) and its origin. */
  publicConfig(): { provider: PaymentsProvider; publishableKey: string; cardFieldsUrl: string | null; frameOrigin: string | null };
  /** Creates the provider's customer (or updates the one given) with the member's email and name. */
  ensureCustomer(input: { existingId: string | null; email: string; name: string; metadata: Record<string, string> }, idempotencyKey: string): Promise<{ customerId: string }>;
  /** Attaches the card fields' token to the customer and makes it the default; a declining card answers failed. */
  attachCard(customerId: string, paymentMethodId: string, idempotencyKey: string): Promise<{ ok: true; card: CardOnFile } | Extract<ChargeResult, { status: 'failed' }>>;
  /**
   * Saves a card for payments without the member (a SetupIntent, usage off_session, confirmed at once) and makes it
   * the customer's default once set up. Called again with the same key after the member's challenge, it reads the
   * setup's state then (the provider replays the first answer to the key).
   */
  setUpCard(customerId: string, paymentMethodId: string, idempotencyKey: string): Promise<CardSetupResult>;
  /** Creates and confirms a payment intent. */
  charge(input: ChargeInput, idempotencyKey: string): Promise<ChargeResult>;
  /** Reads a payment intent's state (after 3-D Secure, or to reconcile). */
  getCharge(intentId: string): Promise<ChargeResult>;
  /** Cancels an unpaid intent (an abandoned 3-D Secure). */
  cancelCharge(intentId: string): Promise<void>;
  /** Refunds a card payment (its payment intent); amountMinor null: all that is left. */
  refund(intentId: string, amountMinor: number | null, idempotencyKey: string): Promise<{ refundId: string }>;
  createRedirectSession(input: RedirectSessionInput, idempotencyKey: string): Promise<{ sessionId: string; url: string }>;
  getRedirectSession(session: RedirectSessionRef): Promise<{ status: RedirectSessionStatus; amountMinor: number; currency: string; metadata: Record<string, string> }>;
  /**
   * Refunds a completed redirect payment (its session; amountMinor null: all that is left). The provider refuses a
   * session not completed or already refunded (rethrown as is, as refund's refusals are).
   */
  refundRedirectSession(session: RedirectSessionRef, amountMinor: number | null, idempotencyKey: string): Promise<{ refundId: string }>;
  /**
   * A notification a redirect provider with an API of its own posted to us (Payssion's form with notify_sig at
   * PAYSSION_NOTIFY_PATH, CoinPayments' IPN with its HMAC header at COINPAYMENTS_IPN_PATH, Volt's JSON with
   * X-Volt-Signed at VOLT_NOTIFY_PATH, Directa24's unsigned `{ deposit_id }` at D24_NOTIFY_PATH, UpGate's postback with
   * X-Signature at UPGATE_POSTBACK_PATH, Overpay's with HTTP Basic authentication at OVERPAY_NOTIFY_PATH, PayOK's form
   * with its MD5 sign at PAYOK_NOTIFY_PATH) as a redirect_session event; rejects with WebhookSignatureError when its
   * signature does not verify, ProviderNoticeError when it is signed but not one we can take (another merchant or shop,
   * a field missing or malformed, no payment of ours), PaymentsUnavailableError when that provider is not configured,
   * or cannot be asked about the payment the notification names (Volt: its currency is read from the payment;
   * Directa24: all of it).
   */
  providerNotification(provider: NotifyingProvider, notice: ProviderNotice, receivedAt: Date): Promise<PaymentEvent>;
  /**
   * Verifies a webhook delivery (HMAC-SHA256 over timestamp and raw body, constant-time, 300 s tolerance, each live
   * secret) and returns its event; throws WebhookSignatureError when no secret verifies it.
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}

/** The redirect providers whose outcome arrives as their own notification (redirectProviders.ts). */
export type NotifyingProvider = 'payssion' | 'coinpayments' | 'volt' | 'directa24' | 'upgate' | 'overpay' | 'payok';

/** A provider's notification as received: the raw body (what its signature covers) and the headers. */
export interface ProviderNotice {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  /**
   * The payment billing recorded for one of our orders (billing_redirect_payments: the session id and the page it was
   * made for; null: none), for a provider whose notification names our order but not the payment it was made as:
   * Overpay's names the transaction and our tracking_id, not the checkout's token that is the session. Given by the
   * webhook route; without it such a notification cannot be taken.
   */
  recordedSessionOf?: (orderId: string) => Promise<{ sessionId: string; page: string } | null>;
}

export class PaymentsUnavailableError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'PaymentsUnavailableError';
  }
}

/** A redirect provider with an API of its own whose variables are not set: unavailable (503), its notifications 404. */
export class ProviderNotConfiguredError extends PaymentsUnavailableError {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderNotConfiguredError';
  }
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A notification whose signature verifies but that we cannot take (another merchant, a field missing): 400 with why. */
export class ProviderNoticeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderNoticeError';
  }
}

/**
 * The provider has no refund call (CoinPayments' legacy API, PayOK): the money goes back by hand, from the provider's
 * dashboard. Not a refusal to retry: the refund is given up at once as a manual task for an admin (refundRetry.ts).
 */
export class ManualRefundRequiredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ManualRefundRequiredError';
  }
}
