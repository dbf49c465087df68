import { HOSTED_CHECKOUT_PARAMS as P, TIER_OF_ROLE, type HostedCheckoutRequest, type ProviderPaymentResult, type SubscriptionRole } from '@fable/contracts';
import { planNotFound } from '../billingErrors';
import { findPlan } from '../plans';
import type { ProviderPaymentMethod } from './providerMethods';
import { payWithMethod, providerRequestHash, type Payer, type ProviderPaymentDeps } from './providerPayment';

/** The provider's checkout page, on the origin of the session it made (payments-sandbox hosted/hostedCheckoutPage.ts). */
export const HOSTED_CHECKOUT_PATH = '/hosted_pages/checkout';
/** The payment method value of the purchase options, and the request hash's segment. */
const METHOD = 'hosted_checkout';

/**
 * A plan's item price id at the billing provider, in a Chargebee-style catalog's form: tier, currency, period
 * (premium_1m → premium-USD-Monthly, minimal_1y → minimal-USD-Yearly).
 */
export function itemPriceIdOf(plan: { role: SubscriptionRole; currency: string; period: 'monthly' | 'annual' }): string {
  return `${TIER_OF_ROLE[plan.role]}-${plan.currency.toUpperCase()}-${plan.period === 'annual' ? 'Yearly' : 'Monthly'}`;
}

export interface HostedLinkFields {
  itemPriceId: string;
  email: string;
  userId: string;
  coupon: string | null;
}

/**
 * The hosted checkout link (document 2 §7): the item price id, quantity 1, the customer's email, the user id as a
 * custom field, the coupon when one applies, and the provider's page (session) it opens.
 */
export function hostedCheckoutLink(providerPageUrl: string, pageId: string, fields: HostedLinkFields): string {
  const url = new URL(HOSTED_CHECKOUT_PATH, providerPageUrl);
  url.searchParams.set(P.itemPriceId, fields.itemPriceId);
  url.searchParams.set(P.quantity, '1');
  url.searchParams.set(P.email, fields.email);
  url.searchParams.set(P.userId, fields.userId);
  if (fields.coupon) url.searchParams.set(P.coupon, fields.coupon);
  url.searchParams.set(P.page, pageId);
  return url.toString();
}

/**
 * POST checkout/hosted_checkout: the checkout's details priced and the order made exactly as for a redirect provider
 * (payWithMethod: idempotency key, one open purchase, already subscribed, the method offered by the application,
 * 'Invalid coupon'); the provider's session then carries the amount, the return and cancel URLs and what the link says
 * (item price, email, coupon, beside the order and user ids it always carries), and the answer is the link. The
 * provider's redirect_session.completed pays the order (redirectSessionEvents.ts), as for every redirect provider.
 */
export function hostedCheckout(deps: ProviderPaymentDeps, payer: Payer, body: HostedCheckoutRequest): Promise<ProviderPaymentResult> {
  const email = body.email.trim();
  const chosen: ProviderPaymentMethod = {
    method: METHOD,
    page: METHOD,
    pageOf: async (order) => {
      const plan = await findPlan(deps.db, order.application_id, order.plan_id);
      if (!plan) throw planNotFound(order.plan_id);
      const fields: HostedLinkFields = { itemPriceId: itemPriceIdOf(plan), email, userId: order.user_id, coupon: order.coupon_code };
      return {
        metadata: { item_price_id: fields.itemPriceId, customer_email: email, ...(fields.coupon ? { coupon_id: fields.coupon } : {}) },
        urlOf: (session) => hostedCheckoutLink(session.url, session.sessionId, fields),
      };
    },
  };
  return payWithMethod(deps, payer, chosen, providerRequestHash(METHOD, { ...body, payment_option: null }), body);
}
