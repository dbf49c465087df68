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
} as const satisfies Record<BillingErrorCode, { status: number; message: string }>;

/** 'Invalid Zip' or 'Invalid Postal Code' for a country (document 2 §5, by the field's label). */
export function postalCodeMessage(country: string): string {
  return postalCodeLabel(country) === 'Zip' ? M.invalidZip : M.invalidPostalCode;
}
