import { BILLING_ERROR_CODES as CODES, BILLING_ERRORS, postalCodeMessage, type BillingErrorCode } from '@fable/contracts';
import { AppError } from '../../http/appError';

/** The errors of the billing calls (contracts' billingErrors.ts). */
const fromContract = (code: BillingErrorCode, details?: unknown, message: string = BILLING_ERRORS[code].message) =>
  new AppError(BILLING_ERRORS[code].status, code, message, details);

/** 400 'Invalid coupon', with why (not_found, expired, used_up, other_plan, ...). */
export const invalidCoupon = (reason: string) => fromContract(CODES.INVALID_COUPON, { reason });
/** 400 'Invalid Zip' or 'Invalid Postal Code' by the country's label. */
export const invalidPostalCode = (country: string) => fromContract(CODES.INVALID_POSTAL_CODE, { country }, postalCodeMessage(country));
/** 400 'Invalid email address'. */
export const invalidEmail = () => fromContract(CODES.INVALID_EMAIL);
export const invalidState = (country: string) => fromContract(CODES.INVALID_STATE, { country });
export const unknownCountry = (country: string) => fromContract(CODES.UNKNOWN_COUNTRY, { country });
export const planNotFound = (planId: string) => fromContract(CODES.PLAN_NOT_FOUND, { plan_id: planId });
export const offerNotFound = () => fromContract(CODES.OFFER_NOT_FOUND);
export const noPurchaseOptions = () => fromContract(CODES.NO_PURCHASE_OPTIONS);
