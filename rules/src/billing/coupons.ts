import { percentToBasisPoints } from './money';
import type { Discount, PricedPlan } from './pricing';

/**
 * A coupon (promo code) or an offer (the checkout's o_id): the API's billing_coupons row, the mock API's coupon
 * table. Plain values; where they are kept is the caller's business.
 */
export interface Coupon {
  code: string;
  kind: 'coupon' | 'offer';
  /** A percentage of two decimals as the database's numeric(5,2) reads ('12.50'), or null for an amount off. */
  percent_off: string | null;
  amount_off_minor: number | null;
  currency: string | null;
  duration: 'once' | 'forever' | 'months';
  duration_months: number | null;
  valid_from: Date | null;
  valid_until: Date | null;
  max_redemptions: number | null;
  plan_ids: string[] | null;
}

/** Why a coupon cannot be used (every reason answers 'Invalid coupon'; the reason goes into the details). */
export type CouponProblem = 'not_started' | 'expired' | 'used_up' | 'other_plan' | 'other_currency';

/**
 * Whether a coupon applies to a plan at `now`, given how many paid orders used it: inside its window (valid_from
 * inclusive, valid_until exclusive), under max_redemptions, for the plan, in the plan's currency. null: it applies.
 */
export function couponProblem(coupon: Coupon, plan: PricedPlan, now: Date, redemptions: number): CouponProblem | null {
  if (coupon.valid_from && now < coupon.valid_from) return 'not_started';
  if (coupon.valid_until && now >= coupon.valid_until) return 'expired';
  if (coupon.max_redemptions !== null && redemptions >= coupon.max_redemptions) return 'used_up';
  if (coupon.plan_ids && !coupon.plan_ids.includes(plan.plan_id)) return 'other_plan';
  if (coupon.currency !== null && coupon.currency !== plan.currency) return 'other_currency';
  return null;
}

/** A coupon's discount for the prices. */
export function discountOf(coupon: Pick<Coupon, 'percent_off' | 'amount_off_minor' | 'currency'>): Discount {
  if (coupon.percent_off !== null) return { kind: 'percent', bps: percentToBasisPoints(coupon.percent_off) };
  return { kind: 'amount', amount_minor: coupon.amount_off_minor as number, currency: coupon.currency as string };
}

/** The normal form of a code as typed: trimmed, upper case. */
export function normalCode(code: string): string {
  return code.trim().toUpperCase();
}
