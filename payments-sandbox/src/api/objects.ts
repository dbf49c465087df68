// The objects the sandbox keeps, in the shape Stripe answers them (the subset our adapter reads).
import type { CardBrand } from '../cards/cardChecks';
import type { Metadata } from '../protocol/params';
import { unixNow } from './ids';

export interface Customer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Metadata;
  invoice_settings: { default_payment_method: string | null };
  livemode: false;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  created: number;
  customer: string | null;
  billing_details: { email: string | null; name: string | null; address: { country: string | null; postal_code: string | null } };
  card: {
    brand: CardBrand;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: 'credit';
    country: 'US';
    fingerprint: string;
    checks: { cvc_check: 'pass' };
  };
  metadata: Metadata;
  livemode: false;
}

export interface PaymentError {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  message: string;
  payment_method?: PaymentMethod;
  doc_url?: string;
}

export type PaymentIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  created: number;
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  payment_method_types: ['card'];
  status: PaymentIntentStatus;
  client_secret: string;
  description: string | null;
  receipt_email: string | null;
  metadata: Metadata;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  latest_charge: string | null;
  last_payment_error: PaymentError | null;
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string | null } } | null;
  setup_future_usage: 'off_session' | 'on_session' | null;
  cancellation_reason: string | null;
  livemode: false;
}

export type SetupIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

/** A card saved for later payments (Stripe's SetupIntent): authenticated once now, so renewals pass without the member. */
export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  created: number;
  customer: string | null;
  payment_method: string | null;
  payment_method_types: ['card'];
  status: SetupIntentStatus;
  usage: 'off_session' | 'on_session';
  client_secret: string;
  description: string | null;
  metadata: Metadata;
  last_setup_error: PaymentError | null;
  next_action: PaymentIntent['next_action'];
  cancellation_reason: string | null;
  livemode: false;
}

export interface Charge {
  id: string;
  object: 'charge';
  created: number;
  amount: number;
  amount_refunded: number;
  currency: string;
  customer: string | null;
  payment_intent: string;
  payment_method: string;
  paid: boolean;
  refunded: boolean;
  status: 'succeeded' | 'failed';
  metadata: Metadata;
  livemode: false;
}

/** A refund of a card charge (charge and payment_intent) or of a redirect session (ours: redirect_session). */
export interface Refund {
  id: string;
  object: 'refund';
  created: number;
  amount: number;
  charge: string | null;
  payment_intent: string | null;
  /** Ours: the redirect session refunded (POST /v1/redirect_sessions/:id/refund); null for a card refund. */
  redirect_session: string | null;
  currency: string;
  reason: string | null;
  status: 'succeeded';
  metadata: Metadata;
}

/** Our own small protocol for the redirect providers (see docs/adr/0004-payments-sandbox.md). */
export interface RedirectSession {
  id: string;
  object: 'redirect_session';
  created: number;
  provider: string;
  amount: number;
  /** What was paid back (refunds.ts), as a charge's amount_refunded; the whole amount → status refunded. */
  amount_refunded: number;
  currency: string;
  status: 'open' | 'completed' | 'canceled' | 'refunded';
  url: string;
  return_url: string;
  cancel_url: string;
  metadata: Metadata;
  livemode: false;
  /** Made through Payssion's API (payssion/payssionApi.ts): its order id, method and notify address, not Stripe events. */
  payssion?: { order_id: string; pm_id: string; description: string };
  /** Made through CoinPayments' API (coinpayments/coinPaymentsApi.ts): what create_transaction was given; IPNs, not Stripe events. */
  coinpayments?: CoinPaymentsTransaction;
  /** Made through Volt's API (volt/voltApi.ts): what POST /v2/payments was given; signed notifications, not Stripe events. */
  volt?: VoltPaymentFields;
  /** Made through Directa24's Deposits API (directa24/d24Api.ts): what POST /v3/deposits was given; `{ deposit_id }` notifications, not Stripe events. */
  directa24?: D24DepositFields;
  /** Made through UpGate's checkout API (upgate/upgateApi.ts): what POST /v1/checkout was given; signed postbacks, not Stripe events. */
  upgate?: UpgateCheckoutFields;
  /** Made through Overpay's checkout API (overpay/overpayApi.ts): what POST /ctp/api/checkouts was given; its own notifications, not Stripe events. */
  overpay?: OverpayCheckoutFields;
  /** Opened through PayOK's payment link (payok/payokApi.ts): what the link said; signed notifications, not Stripe events. */
  payok?: PayokPaymentFields;
}

/** An Overpay checkout's own fields (the session, whose id is the token, holds the amount, currency, status, success and cancel URLs). */
export interface OverpayCheckoutFields {
  tracking_id: string | null;
  description: string;
  test: boolean;
  language: string | null;
  email: string | null;
  decline_url: string | null;
  fail_url: string | null;
  /** Where its transactions are notified; null: not notified (Overpay notifies only the URL a checkout names). */
  notification_url: string | null;
  /** The payment transaction's uid, once the payer paid or was declined. */
  payment_uid: string | null;
}

/** A PayOK payment's own fields (the session holds the amount, currency, status and the return address). */
export interface PayokPaymentFields {
  /** PayOK's number of the payment (`transaction`). */
  transaction: number;
  shop: string;
  /** The merchant's payment id (`payment` of the link, `payment_id` of the notification). */
  payment: string;
  /** The link's amount and currency as written (what its sign covers). */
  amount: string;
  currency: string;
  desc: string;
  email: string | null;
  method: string | null;
  /** When the link was first opened, and when it was paid ("YYYY-MM-DD HH:MM:SS"). */
  date: string;
  pay_date: string | null;
}

/** An UpGate checkout's own fields (the session, whose id is the payment_id, holds the amount, currency, status and URLs). */
export interface UpgateCheckoutFields {
  merchant_payment_id: string | null;
  merchant_customer_id: string;
  email: string | null;
  country_code: string | null;
  methods: string[];
  products: Array<{ type: 'SALE'; name: string; price: number; merchant_product_id?: string; description?: string }>;
}

/** A Directa24 deposit's own fields (the session, whose id is the deposit_id, holds the amount, currency, status and URLs). */
export interface D24DepositFields {
  invoice_id: string;
  country: string;
  payer: { id?: string; email?: string; first_name?: string; last_name?: string; document?: string };
  description: string | null;
  /** Where the payer goes back to from a failed payment. */
  error_url: string | null;
  /** This deposit's notification URL; null: the Merchant Panel's Confirm URL. */
  notification_url: string | null;
  user_id: string;
}

/** A Volt payment's own fields (the session holds the amount, currency, status and the success and cancel URLs). */
export interface VoltPaymentFields {
  type: string;
  uniqueReference: string;
  merchantInternalReference: string | null;
  payer: { reference: string; email?: string; firstName?: string; lastName?: string };
  pendingUrl: string | null;
  failureUrl: string | null;
  /** This payment's notification URL; null: the merchant's settings' one. */
  notificationUrl: string | null;
}

/** A CoinPayments transaction's own fields (the session holds the amount in currency1, the status and the URLs). */
export interface CoinPaymentsTransaction {
  /** The coin the buyer sends, and how much of it (at the sandbox's fixed rates). */
  currency2: string;
  amount2: string;
  address: string;
  buyer_email: string;
  item_name: string;
  invoice: string;
  custom: string;
  /** This payment's IPN URL; empty: the merchant's settings' one. */
  ipn_url: string;
}

/** The redirect providers whose sessions are made and announced through a protocol of their own, not Stripe's. */
export type OwnProtocol = 'payssion' | 'coinpayments' | 'volt' | 'directa24' | 'upgate' | 'overpay' | 'payok';
const OWN_PROTOCOLS: readonly OwnProtocol[] = ['payssion', 'coinpayments', 'volt', 'directa24', 'upgate', 'overpay', 'payok'];

/** What a new redirect session is made of: the rest is the same for every one (open, nothing refunded, created now). */
export type NewRedirectSession = Pick<RedirectSession, 'id' | 'provider' | 'amount' | 'currency' | 'url' | 'return_url' | 'cancel_url'> &
  Partial<Pick<RedirectSession, 'metadata' | OwnProtocol>>;

/** A new redirect session: the generic API's (redirectSessions.ts) and each provider's of its own (payssion/, volt/, …). */
export function openRedirectSession(fields: NewRedirectSession): RedirectSession {
  return { object: 'redirect_session', created: unixNow(), amount_refunded: 0, status: 'open', metadata: {}, livemode: false, ...fields };
}

/** Whose protocol a session was made through: the one whose own fields it carries. */
export const ownProtocolOf = (session: RedirectSession): OwnProtocol | null => OWN_PROTOCOLS.find((name) => session[name] !== undefined) ?? null;

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}
