import { CHECKOUT_MESSAGES as M, postalCodeLabel } from '../limits/billingLimits';

/**
 * The errors of the billing calls (billingCalls), by `error.code`. The texts of the coupon, postal code and email are
 * the spec's (document 2 §5); the spec shows no code or text for the others: ours. The postal code answers
 * 'Invalid Zip' where the field is labelled Zip (US, PH, IR) and 'Invalid Postal Code' elsewhere, under the one code
 * invalid_postal_code.
 */
export const BILLING_ERROR_CODES = {
  INVALID_COUPON: 'invalid_coupon',
  INVALID_POSTAL_CODE: 'invalid_postal_code',
  INVALID_EMAIL: 'invalid_email',
  INVALID_STATE: 'invalid_state',
  UNKNOWN_COUNTRY: 'unknown_country',
  PLAN_NOT_FOUND: 'plan_not_found',
  OFFER_NOT_FOUND: 'offer_not_found',
  NO_PURCHASE_OPTIONS: 'no_purchase_options',
  /** The same idempotency key came with other parameters. */
  IDEMPOTENCY_MISMATCH: 'idempotency_mismatch',
  /** The member already has a live subscription of this application. */
  ALREADY_SUBSCRIBED: 'already_subscribed',
  /** The card or the provider refused the payment: the message is the provider's (e.g. 'Your card was declined.'). */
  PAYMENT_FAILED: 'payment_failed',
  /** A payment method the application does not offer. */
  PAYMENT_METHOD_NOT_OFFERED: 'payment_method_not_offered',
  ORDER_NOT_FOUND: 'order_not_found',
  SUBSCRIPTION_NOT_FOUND: 'subscription_not_found',
  /** A portal action the subscription's state does not allow (e.g. uncancel of an active one). */
  ACTION_NOT_ALLOWED: 'action_not_allowed',
  /** Managed by the mobile app's store or a supporter platform, not on the web. */
  MANAGED_ELSEWHERE: 'managed_elsewhere',
  /** The payments provider could not be reached; nothing was charged. */
  PAYMENTS_UNAVAILABLE: 'payments_unavailable',
  /** The supporter platform refused the code or could not be reached. */
  LINK_FAILED: 'link_failed',
} as const;

export type BillingErrorCode = (typeof BILLING_ERROR_CODES)[keyof typeof BILLING_ERROR_CODES];

export const BILLING_ERRORS = {
  [BILLING_ERROR_CODES.INVALID_COUPON]: { status: 400, message: M.invalidCoupon },
  /** The message by country: postalCodeMessage(country). */
  [BILLING_ERROR_CODES.INVALID_POSTAL_CODE]: { status: 400, message: M.invalidPostalCode },
  [BILLING_ERROR_CODES.INVALID_EMAIL]: { status: 400, message: M.invalidEmail },
  [BILLING_ERROR_CODES.INVALID_STATE]: { status: 400, message: 'Choose a state or province of the selected country.' },
  [BILLING_ERROR_CODES.UNKNOWN_COUNTRY]: { status: 404, message: 'We do not sell in this country.' },
  [BILLING_ERROR_CODES.PLAN_NOT_FOUND]: { status: 404, message: 'This plan is not available.' },
  [BILLING_ERROR_CODES.OFFER_NOT_FOUND]: { status: 404, message: 'This offer is not available.' },
  [BILLING_ERROR_CODES.NO_PURCHASE_OPTIONS]: { status: 404, message: 'Subscriptions are not sold on this site.' },
  [BILLING_ERROR_CODES.IDEMPOTENCY_MISMATCH]: { status: 409, message: 'This payment was already sent with other details. Reload the page and try again.' },
  [BILLING_ERROR_CODES.ALREADY_SUBSCRIBED]: { status: 409, message: 'You already have an active subscription' },
  [BILLING_ERROR_CODES.PAYMENT_FAILED]: { status: 402, message: 'Your payment was declined.' },
  [BILLING_ERROR_CODES.PAYMENT_METHOD_NOT_OFFERED]: { status: 400, message: 'This payment method is not available.' },
  [BILLING_ERROR_CODES.ORDER_NOT_FOUND]: { status: 404, message: 'This order was not found.' },
  [BILLING_ERROR_CODES.SUBSCRIPTION_NOT_FOUND]: { status: 404, message: 'You have no subscription to manage.' },
  [BILLING_ERROR_CODES.ACTION_NOT_ALLOWED]: { status: 409, message: 'This cannot be done with your subscription as it is now.' },
  [BILLING_ERROR_CODES.MANAGED_ELSEWHERE]: { status: 409, message: 'Your subscription is managed in the app you subscribed with.' },
  [BILLING_ERROR_CODES.PAYMENTS_UNAVAILABLE]: { status: 503, message: 'Payments are unavailable right now. Nothing was charged; please try again in a few minutes.' },
  [BILLING_ERROR_CODES.LINK_FAILED]: { status: 502, message: 'There was an error linking your account.' },
} as const satisfies Record<BillingErrorCode, { status: number; message: string }>;

/** 'Invalid Zip' or 'Invalid Postal Code' for a country (document 2 §5, by the field's label). */
export function postalCodeMessage(country: string): string {
  return postalCodeLabel(country) === 'Zip' ? M.invalidZip : M.invalidPostalCode;
}
