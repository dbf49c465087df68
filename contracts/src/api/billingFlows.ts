import { z } from 'zod';
import { CountryCodeSchema, CurrencySchema, IdSchema, TimestampSchema } from '../entities/common';
import { PaymentMethodSchema, PaymentResponseSchema } from '../entities/checkout';
import { PortalActionRequestSchema, PortalActionResultSchema, PortalSubscriptionSchema, SupporterLinkStateSchema } from '../entities/subscription';
import { CHECKOUT_LIMITS as L } from '../limits/billingLimits';
import { defineCall } from './apiCall';

/**
 * The paying calls of billing (document 2 §4, §7): card subscribe and its 3-D Secure confirmation, the redirect
 * providers, the order a return page reads, the checkout-abandon event, the card fields' configuration, the
 * subscriber portal (GET/PUT subscriptions/sticky), supporter-platform linking and the promotions. Paths the spec
 * does not show are ours. Errors: BILLING_ERRORS.
 *
 * Exactly once: every call that may charge carries `idempotency_key` (the checkout makes one per attempt and sends it
 * again on a retry or a double click). The same key with the same parameters answers the first answer again; the same
 * key with other parameters answers 409 idempotency_mismatch.
 */

export const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

const checkoutPerson = {
  email: z.string().max(L.emailMax),
  first_name: z.string().max(L.firstNameMax),
  last_name: z.string().max(L.lastNameMax),
  country: CountryCodeSchema,
  state: z.string().max(64).default(''),
  postal_code: z.string().max(L.postalCodeMax),
};

/** Card subscribe (document 2 §7; path ours): the card fields' token (or none to charge the card on file). */
export const CardSubscribeRequestSchema = z.object({
  /** The hosted card fields' payment method token; null or absent = the card on file. */
  payment_token: z.string().max(255).nullish(),
  ...checkoutPerson,
  plan_id: IdSchema.max(64),
  offer_id: z.string().max(64).nullish(),
  promo_code: z.string().max(64).nullish(),
  platform: z.string().max(32).nullish(),
  /** The fraud device session id (document 2 §7 session_id). */
  session_id: z.string().max(128).nullish(),
  idempotency_key: IdempotencyKeySchema,
});
export type CardSubscribeRequest = z.input<typeof CardSubscribeRequestSchema>;

/**
 * The purchase answer (document 2 §3 "Purchase/payment response") with what the success page shows.
 * resp_msg 'Approved' = paid; another value with iframe_3ds_url = open the 3-D Secure frame; error_message = shown in red.
 */
export const PurchaseResultSchema = PaymentResponseSchema.extend({
  subscription_id: IdSchema.nullish(),
  transaction_id: z.string().nullish(),
  plan: z.string().nullish(),
  date: TimestampSchema.nullish(),
});
export type PurchaseResult = z.infer<typeof PurchaseResultSchema>;

/** The providers' segment of POST checkout/{provider}_new_payment: `volt_new_payment`, … (document 2 §7). */
export const PROVIDER_PAYMENT_SEGMENTS = [
  'volt', 'payport', 'antrpay', 'directa24', 'luxfin', 'payok', 'inwizo', 'upgate', 'coinpayments', 'overpay', 'fpay', 'payssion',
].map((provider) => `${provider}_new_payment`);
export const ProviderPaymentParamsSchema = z.object({ payment: z.string().max(64) });

/** POST checkout/{provider}_new_payment (document 2 §7): answers the provider page's url, or error_message. */
export const ProviderPaymentRequestSchema = z.object({
  ...checkoutPerson,
  plan_id: IdSchema.max(64),
  offer_id: z.string().max(64).nullish(),
  promo_code: z.string().max(64).nullish(),
  /** The payment method value (document 2 §3) the member picked, e.g. inwizo_sbp, payssion with payment_option gcash. */
  payment_option: z.string().max(32).nullish(),
  idempotency_key: IdempotencyKeySchema,
});
export type ProviderPaymentRequest = z.input<typeof ProviderPaymentRequestSchema>;
export const ProviderPaymentResultSchema = z.object({
  url: z.string().nullish(),
  order_id: IdSchema.nullish(),
  error_message: z.string().nullish(),
});
export type ProviderPaymentResult = z.infer<typeof ProviderPaymentResultSchema>;

/**
 * The hosted checkout link of a subscription billing provider (document 2 §7): the checkout's details as for a
 * redirect provider, without a payment option. Answers the link the browser goes to ({ url, order_id }), or
 * error_message for a finished order's key.
 */
export const HostedCheckoutRequestSchema = ProviderPaymentRequestSchema.omit({ payment_option: true });
export type HostedCheckoutRequest = z.input<typeof HostedCheckoutRequestSchema>;

/**
 * The link's parameters, in the hosted checkout links of a Chargebee-style billing provider: the plan's item price,
 * quantity 1, the customer's email, the member's user id as a custom field, the coupon when one applies; and ours, the
 * provider's page (session) the link opens.
 */
export const HOSTED_CHECKOUT_PARAMS = {
  itemPriceId: 'subscription_items[item_price_id][0]',
  quantity: 'subscription_items[quantity][0]',
  email: 'customer[email]',
  userId: 'subscription[cf_user_id]',
  coupon: 'coupon_ids[0]',
  page: 'hosted_page_id',
} as const;

export const ORDER_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** An order as the return and success pages read it (ours). */
export const CheckoutOrderSchema = z.object({
  order_id: IdSchema,
  status: OrderStatusSchema,
  plan: z.string(),
  plan_id: IdSchema,
  orderTotal: z.number(),
  currency: CurrencySchema,
  subscription_id: IdSchema.nullish(),
  transaction_id: z.string().nullish(),
  date: TimestampSchema,
  error_message: z.string().nullish(),
});
export type CheckoutOrder = z.infer<typeof CheckoutOrderSchema>;
export const OrderParamsSchema = z.object({ order_id: IdSchema.max(64) });

/** The checkout-abandon event (document 2 §4): logged when the member leaves a provider payment unfinished. */
export const CheckoutAbandonRequestSchema = z.object({
  plan_id: IdSchema.max(64),
  payment_method: PaymentMethodSchema,
  order_id: IdSchema.max(64).nullish(),
});

/** What the checkout needs to show the hosted card fields (ours): the provider and its public key and page. */
export const PaymentConfigSchema = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  publishable_key: z.string(),
  /** The hosted card fields page to frame (the sandbox's `/elements/card`), null for Stripe (Stripe.js). */
  card_fields_url: z.string().nullable(),
  /** The origin the card fields and the 3-D Secure page post their messages from. */
  frame_origin: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;

/** GET link/subscribestar/oauth (document 2 §7): query subscribestar_code, redirect_url. */
export const SupporterLinkQuerySchema = z.object({ subscribestar_code: z.string().min(1).max(512), redirect_url: z.string().max(2048) });
export const SupporterLinkResultSchema = z.object({
  status: SupporterLinkStateSchema,
  /** 'no active pledge found' when the account has no pledge (document 2 §4). */
  message: z.string().nullish(),
  tier: z.string().nullish(),
});
export type SupporterLinkResult = z.infer<typeof SupporterLinkResultSchema>;
export const TransientLinkParamsSchema = z.object({ transientId: z.string().min(1).max(128) });
/** The supporter platform's authorize URL for the connect button (ours). */
export const SupporterAuthorizeQuerySchema = z.object({ redirect_url: z.string().max(2048) });
export const SupporterAuthorizeSchema = z.object({ url: z.string() });

/** A promotion of the subscribe page, from configuration (document 2 §2 sale banner, §9 birthday sale, Black Friday). */
export const PromotionSchema = z.object({
  id: z.string(),
  kind: z.enum(['birthday', 'black_friday', 'valentine']),
  title: z.string(),
  starts_at: TimestampSchema,
  ends_at: TimestampSchema,
  /** The sale price of the plan it applies to (the birthday and Valentine $0.99, for one month only). */
  price: z.number().nonnegative().nullish(),
  plan_id: IdSchema.nullish(),
  /** The offer id the checkout takes as o_id. */
  offer_id: z.string().nullish(),
  /** Black Friday: up to this percentage off. */
  percent_off: z.number().min(0).max(100).nullish(),
  currency: CurrencySchema.default('USD'),
});
export type Promotion = z.infer<typeof PromotionSchema>;
export const PromotionsSchema = z.object({ promotions: z.array(PromotionSchema) });

export const billingFlowCalls = {
  paymentConfig: defineCall({ method: 'GET', path: '/checkout/payment_config', access: 'member', response: PaymentConfigSchema }),
  /** Card subscribe: charges once per idempotency key; 3-D Secure answers iframe_3ds_url. */
  subscribe: defineCall({ method: 'POST', path: '/checkout/subscribe', access: 'member', body: CardSubscribeRequestSchema, response: PurchaseResultSchema }),
  /** After the 3-D Secure window message: the API reads the payment at the provider and finishes the order. */
  confirmOrder: defineCall({ method: 'POST', path: '/checkout/orders/:order_id/confirm', access: 'member', params: OrderParamsSchema, response: PurchaseResultSchema }),
  order: defineCall({ method: 'GET', path: '/checkout/orders/:order_id', access: 'member', params: OrderParamsSchema, response: CheckoutOrderSchema }),
  providerPayment: defineCall({
    method: 'POST',
    path: '/checkout/:payment',
    access: 'member',
    params: ProviderPaymentParamsSchema,
    body: ProviderPaymentRequestSchema,
    response: ProviderPaymentResultSchema,
  }),
  /** The hosted checkout link (document 2 §7): the browser goes to `url`; the provider's webhook pays the order. */
  hostedCheckout: defineCall({ method: 'POST', path: '/checkout/hosted_checkout', access: 'member', body: HostedCheckoutRequestSchema, response: ProviderPaymentResultSchema }),
  abandonCheckout: defineCall({ method: 'POST', path: '/checkout/abandon', access: 'member', body: CheckoutAbandonRequestSchema, status: 204 }),
  /** GET subscriptions/sticky (document 2 §7): the first item is the portal's subscription; [] = none. */
  portalSubscriptions: defineCall({ method: 'GET', path: '/subscriptions/sticky', access: 'member', response: z.array(PortalSubscriptionSchema) }),
  /** Update on subscriptions/sticky: cancel, uncancel, change_plan, change_card, charge_rebill. */
  portalAction: defineCall({ method: 'PUT', path: '/subscriptions/sticky', access: 'member', body: PortalActionRequestSchema, response: PortalActionResultSchema }),
  promotions: defineCall({ method: 'GET', path: '/subscriptions/promotions', access: 'guest', response: PromotionsSchema }),
  supporterAuthorize: defineCall({ method: 'GET', path: '/link/subscribestar/authorize', access: 'member', query: SupporterAuthorizeQuerySchema, response: SupporterAuthorizeSchema }),
  supporterLink: defineCall({ method: 'GET', path: '/link/subscribestar/oauth', access: 'member', query: SupporterLinkQuerySchema, response: SupporterLinkResultSchema }),
  supporterTransientLink: defineCall({ method: 'GET', path: '/link/subscribestar/:transientId', access: 'member', params: TransientLinkParamsSchema, response: SupporterLinkResultSchema }),
} as const;
