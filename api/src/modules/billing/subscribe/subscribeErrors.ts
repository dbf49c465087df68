import { BILLING_ERROR_CODES as CODES, BILLING_ERRORS, type BillingErrorCode } from '@fable/contracts';
import { AppError } from '../../../http/appError';

/** The paying calls' errors (contracts' billingErrors.ts), with the contract's status and message unless given. */
const billingError = (code: BillingErrorCode, message: string = BILLING_ERRORS[code].message, details?: unknown) =>
  new AppError(BILLING_ERRORS[code].status, code, message, details);

export const idempotencyMismatch = () => billingError(CODES.IDEMPOTENCY_MISMATCH);
export const alreadySubscribed = () => billingError(CODES.ALREADY_SUBSCRIBED);
/** 402 with the provider's words ('Your card was declined.'), its code and decline code in the details. */
export const paymentFailed = (message: string | null, details: { code?: string | null; decline_code?: string | null; order_id?: string }) =>
  billingError(CODES.PAYMENT_FAILED, message || BILLING_ERRORS[CODES.PAYMENT_FAILED].message, details);
export const paymentsUnavailable = (orderId?: string) => billingError(CODES.PAYMENTS_UNAVAILABLE, undefined, orderId ? { order_id: orderId } : undefined);
export const orderNotFound = () => billingError(CODES.ORDER_NOT_FOUND);
export const paymentMethodNotOffered = () => billingError(CODES.PAYMENT_METHOD_NOT_OFFERED);
/** No payment_token and no card on file: nothing to charge. */
export const noCardToCharge = () =>
  new AppError(400, 'validation_error', 'body.payment_token: enter a card (there is no card on file)', { issues: [{ path: 'body.payment_token', message: 'required: no card on file' }] });
