import { BILLING_TIMINGS, isValidPostalCode, PersonalInfoSchema, type CountryState } from '@fable/contracts';
import { apiErrorOf, useDebounce } from '@fable/shared';
import type { CheckoutPlan } from './CheckoutForm';
import type { CheckoutValues } from './checkoutForm';
import { CHECKOUT_TEXTS as T } from './checkoutTexts';
import { useCheckout_calculatePriceQuery } from './checkoutApi';

const emailOk = (email: string) => PersonalInfoSchema.shape.email.safeParse(email.trim()).success;

interface CheckoutPriceInput {
  plan: CheckoutPlan;
  offerId: string | null;
  /** The details as typed. */
  values: CheckoutValues;
  /** The country's states, null until they are known. */
  states: readonly CountryState[] | null;
  coupon: string;
}

/**
 * The price of the checkout (document 2 §4, §8): recalculated when the email or the postal code change (debounced
 * 600 ms), or the address or coupon; 'Invalid coupon' for the coupon field, other failures for the summary.
 */
export function useCheckoutPrice({ plan, offerId, values, states, coupon }: CheckoutPriceInput) {
  const country = values.country ?? '';
  const postalNow = values.postal_code ?? '';
  const email = useDebounce(values.email ?? '', BILLING_TIMINGS.priceRecalculationDebounceMs);
  const postal = useDebounce(postalNow, BILLING_TIMINGS.priceRecalculationDebounceMs);
  const stateValue = values.state ?? '';
  const canPrice = country !== '' && states !== null && emailOk(email) && isValidPostalCode(country, postal);
  const priceQuery = useCheckout_calculatePriceQuery(
    { plan_id: plan.plan_id, offer_id: offerId, email: email.trim(), state: stateValue, country, postal_code: postal.trim(), promo_code: coupon || null, platform: 'web' },
    { skip: !canPrice },
  );
  const price = canPrice ? (priceQuery.currentData ?? (priceQuery.isFetching ? priceQuery.data : undefined)) ?? null : null;
  const priceError = canPrice && priceQuery.isError && !priceQuery.isFetching ? apiErrorOf(priceQuery.error) : null;
  const couponError = priceError?.code === 'invalid_coupon' ? (priceError.message ?? T.invalidCoupon) : null;
  const summaryError = priceError && !couponError ? (priceError.message ?? T.unexpected) : null;
  // Subscribe waits for the price of the details as they are typed: while the debounce runs and while that price is on
  // its way, so that what is charged is the total shown (and the button does not flip to disabled under a click).
  const pricing = (values.email ?? '') !== email || postalNow !== postal || (canPrice && (priceQuery.isFetching || (priceQuery.currentData === undefined && !priceQuery.isError)));
  return { price, couponError, summaryError, pricing, loading: canPrice && priceQuery.isFetching };
}
