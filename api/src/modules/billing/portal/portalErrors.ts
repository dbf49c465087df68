import { BILLING_ERROR_CODES as CODES, BILLING_ERRORS, type BillingErrorCode, type SubscriptionStatus } from '@fable/contracts';
import { AppError } from '../../../http/appError';

const billingError = (code: BillingErrorCode, details?: unknown, message: string = BILLING_ERRORS[code].message) =>
  new AppError(BILLING_ERRORS[code].status, code, message, details);

/** The portal's errors (contracts' billingErrors): the texts are the contract's unless a provider gave its own. */
export const portalErrors = {
  /** 404: no such subscription of the caller (another member's answers the same). */
  subscriptionNotFound: () => billingError(CODES.SUBSCRIPTION_NOT_FOUND),
  /** 404: the order named is not one of the subscription's. */
  orderNotFound: () => billingError(CODES.ORDER_NOT_FOUND),
  /** 409: the subscription's state does not allow the action; `reason` says why. */
  actionNotAllowed: (action: string, status: SubscriptionStatus, reason: string) => billingError(CODES.ACTION_NOT_ALLOWED, { action, subscription_status: status, reason }),
  /** 409: the member's subscription is the mobile app's or a supporter platform's. */
  managedElsewhere: (platform: string) => billingError(CODES.MANAGED_ELSEWHERE, { platform }),
  /** 402 with the provider's message (e.g. 'Your card was declined.'), and the state the subscription stays in. */
  paymentFailed: (message: string, code: string, status: SubscriptionStatus) => billingError(CODES.PAYMENT_FAILED, { provider_code: code, subscription_status: status }, message),
  /** 503: the provider could not be reached; nothing was charged (a retry uses the same key). */
  paymentsUnavailable: () => billingError(CODES.PAYMENTS_UNAVAILABLE),
  planNotFound: (planId: string) => billingError(CODES.PLAN_NOT_FOUND, { plan_id: planId }),
};
