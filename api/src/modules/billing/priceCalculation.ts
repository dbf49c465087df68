import type { PriceCalculation, PriceCalculationRequest } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';
import { invalidCoupon, offerNotFound, planNotFound } from './billingErrors';
import { checkoutPriceOf, couponProblem, priceInMajor, type Coupon, type PriceBreakdown, type PricedPlan } from '@fable/rules/billing';
import { checkCheckoutAddress } from './checkoutRules';
import { couponRedemptions, findCoupon } from './coupons';
import { loadOnFile } from './customers';
import { findPlan } from './plans';
import { taxRateBps } from './taxRates';

export interface CalculatedPrice {
  plan: PricedPlan;
  coupon: Coupon | null;
  state: string;
  breakdown: PriceBreakdown;
}

/** A code that must apply to the plan now: a coupon ('Invalid coupon' otherwise) or an offer (404 otherwise). */
async function usableCoupon(db: Queryable, applicationId: string, plan: PricedPlan, code: string, kind: Coupon['kind'], now: Date): Promise<Coupon> {
  const coupon = await findCoupon(db, applicationId, code, kind);
  const fail = (reason: string) => (kind === 'offer' ? offerNotFound() : invalidCoupon(reason));
  if (!coupon) throw fail('not_found');
  const problem = couponProblem(coupon, plan, now, await couponRedemptions(db, applicationId, coupon.code));
  if (problem) throw fail(problem);
  return coupon;
}

/**
 * The price of a plan for a member at `now` (document 2 §3, §5, §7 checkout/calculate): the address and email rules,
 * the plan of the caller's application, the offer (o_id) and the promo code (one discount: the promo code when both
 * are given, the offer otherwise), the tax of the country and state. The subscribe call (next) charges this same
 * breakdown. The rules are @fable/rules/billing's (checkoutAddressProblem, couponProblem, checkoutPriceOf), which the
 * mock API calls too; here the reads of the plan, the codes, their redemptions and the tax rate.
 */
export async function calculatePrice(db: Queryable, applicationId: string, input: PriceCalculationRequest, now: Date): Promise<CalculatedPrice> {
  const { state } = checkCheckoutAddress({ email: input.email, country: input.country, state: input.state ?? '', postal_code: input.postal_code });
  const plan = await findPlan(db, applicationId, input.plan_id);
  if (!plan) throw planNotFound(input.plan_id);
  const offerId = input.offer_id?.trim();
  const offer = offerId ? await usableCoupon(db, applicationId, plan, offerId, 'offer', now) : null;
  const promoCode = input.promo_code?.trim();
  const promo = promoCode ? await usableCoupon(db, applicationId, plan, promoCode, 'coupon', now) : null;
  const { coupon, breakdown } = checkoutPriceOf(plan, { promo, offer }, await taxRateBps(db, input.country, state));
  return { plan, coupon, state, breakdown };
}

/** The price calculation answer, with the member's card on file. */
export async function priceCalculationAnswer(db: Queryable, applicationId: string, userId: string, input: PriceCalculationRequest, now: Date): Promise<PriceCalculation> {
  const { plan, breakdown } = await calculatePrice(db, applicationId, input, now);
  return { ...priceInMajor(plan.name, breakdown), on_file: await loadOnFile(db, userId, applicationId) };
}
