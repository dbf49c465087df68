import type { Queryable } from '../../infra/db/database';
import { percentToBasisPoints } from './money';
import type { Discount, PricedPlan } from './pricing';

/** A coupon (promo code) or an offer (the checkout's o_id) as stored (billing_coupons). */
export interface Coupon {
  code: string;
  kind: 'coupon' | 'offer';
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
export function discountOf(coupon: Coupon): Discount {
  if (coupon.percent_off !== null) return { kind: 'percent', bps: percentToBasisPoints(coupon.percent_off) };
  return { kind: 'amount', amount_minor: coupon.amount_off_minor as number, currency: coupon.currency as string };
}

/** The normal form of a code as typed: trimmed, upper case. */
export function normalCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A coupon or offer of an application by code (any case), or null. */
export async function findCoupon(db: Queryable, applicationId: string, code: string, kind: Coupon['kind']): Promise<Coupon | null> {
  const { rows } = await db.query<Coupon>(
    `select code, kind, percent_off::text as percent_off, amount_off_minor, currency, duration, duration_months, valid_from, valid_until,
            max_redemptions, plan_ids
       from billing_coupons where application_id = $1 and code = $2 and kind = $3`,
    [applicationId, normalCode(code), kind],
  );
  return rows[0] ?? null;
}

/** How many paid orders used a coupon (max_redemptions counts these). */
export async function couponRedemptions(db: Queryable, applicationId: string, code: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from billing_orders where application_id = $1 and coupon_code = $2 and status = 'succeeded'`,
    [applicationId, code],
  );
  return rows[0]?.n ?? 0;
}
