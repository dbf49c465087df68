import { z } from 'zod';
import { CountryCodeSchema, IdSchema } from '../entities/common';
import { CountrySchema, CountryStateSchema, PriceCalculationSchema, PurchaseOptionsSchema } from '../entities/checkout';
import { CHECKOUT_LIMITS as L } from '../limits/billingLimits';
import { defineCall } from './apiCall';

/**
 * The first billing calls (document 2 §3, §5, §7): the purchase options, the price calculation and the country and
 * state lists of the checkout. The paths of the purchase options and the calculation are the spec's
 * (`subscriptions/purchase_options`, `checkout/calculate`); the country and state paths are not shown: ours.
 *
 * Who may do what: anyone of an application (guest) reads its purchase options and the country lists (the
 * subscribe and comparison pages are open to guests); the price calculation needs a signed-in member (document 2 §6:
 * "Checkout ... pages need a signed-in user id"), because it answers the member's card on file. Errors:
 * BILLING_ERRORS (billingErrors.ts).
 */

/**
 * POST checkout/calculate (document 2 §7: plan_id, offer_id, email, state, country, postal_code, promo_code,
 * platform). Types and lengths are checked here; the email, postal code (by country), state, coupon and offer rules
 * answer the billing errors with the spec's texts. state may be empty (the form asks for it after the country;
 * the tax is then the country's).
 */
export const PriceCalculationRequestSchema = z.object({
  plan_id: IdSchema.max(64),
  offer_id: z.string().max(64).nullish(),
  email: z.string().max(L.emailMax),
  state: z.string().max(64).default(''),
  country: CountryCodeSchema,
  postal_code: z.string().max(L.postalCodeMax),
  promo_code: z.string().max(64).nullish(),
  /** The checkout's platform (web by default); kept for the record, it does not change the price. */
  platform: z.string().max(32).nullish(),
});
export type PriceCalculationRequest = z.input<typeof PriceCalculationRequestSchema>;

export const CountryListSchema = z.object({ countries: z.array(CountrySchema) });
export type CountryList = z.infer<typeof CountryListSchema>;
export const CountryStatesSchema = z.object({ states: z.array(CountryStateSchema) });
export type CountryStates = z.infer<typeof CountryStatesSchema>;
export const CountryParamsSchema = z.object({ iso2: z.string().max(8) });

export const billingCalls = {
  /** GET subscriptions/purchase_options: the caller's application's plans by period, payment methods, tagline. */
  purchaseOptions: defineCall({ method: 'GET', path: '/subscriptions/purchase_options', access: 'guest', response: PurchaseOptionsSchema }),
  /** POST checkout/calculate: plan price, discount, tax and total; on_file when the member has a card on file. */
  calculatePrice: defineCall({
    method: 'POST',
    path: '/checkout/calculate',
    access: 'member',
    body: PriceCalculationRequestSchema,
    response: PriceCalculationSchema,
  }),
  /** The checkout's country list (ISO 3166-1 alpha-2), by name. */
  countries: defineCall({ method: 'GET', path: '/checkout/countries', access: 'guest', response: CountryListSchema }),
  /** A country's states or provinces; an empty list means the state is optional (document 2 §4 "Checkout"). */
  countryStates: defineCall({
    method: 'GET',
    path: '/checkout/countries/:iso2/states',
    access: 'guest',
    params: CountryParamsSchema,
    response: CountryStatesSchema,
  }),
} as const;
