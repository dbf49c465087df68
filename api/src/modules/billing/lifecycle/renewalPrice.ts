import type { Queryable } from '../../../infra/db/database';
import { discountOf, priceOf, type Coupon, type Discount, type PriceBreakdown } from '@fable/rules/billing';
import { taxRateBps } from '../taxRates';
import { requirePlan, type LifecyclePlan } from './subscriptionPlans';
import type { SubscriptionRow } from './subscriptionStore';

/** The member's tax rate (billing_customers' country and state; 0 without an address). */
export async function memberTaxRateBps(db: Queryable, userId: string, applicationId: string): Promise<number> {
  const { rows } = await db.query<{ country: string | null; state: string | null }>(
    'select country, state from billing_customers where user_id = $1 and application_id = $2',
    [userId, applicationId],
  );
  const row = rows[0];
  return row?.country ? taxRateBps(db, row.country, row.state ?? '') : 0;
}

/**
 * The coupon still discounting the subscription's charges: its code is kept and charges are left (null left = every
 * charge, a `forever` coupon), and it still exists.
 */
async function remainingDiscount(db: Queryable, sub: SubscriptionRow): Promise<Discount | null> {
  if (!sub.coupon_code || sub.coupon_charges_left === 0) return null;
  const { rows } = await db.query<Pick<Coupon, 'percent_off' | 'amount_off_minor' | 'currency'>>(
    `select percent_off::text as percent_off, amount_off_minor, currency from billing_coupons where application_id = $1 and code = $2
      order by kind limit 1`,
    [sub.application_id, sub.coupon_code],
  );
  return rows[0] ? discountOf(rows[0]) : null;
}

export interface RenewalPrice {
  plan: LifecyclePlan;
  price: PriceBreakdown;
  /** The coupon charges left after this charge (unchanged when no coupon applies). */
  couponChargesLeft: number | null;
  /** Whether the coupon discounts this charge. */
  discounted: boolean;
}

/**
 * What the next period costs (a renewal, or the amount due in grace): the next plan (next_plan_id, else the current
 * one) at its price, less the coupon's remaining discount, plus the member's tax.
 */
export async function renewalPrice(db: Queryable, sub: SubscriptionRow): Promise<RenewalPrice> {
  const plan = await requirePlan(db, sub.application_id, sub.next_plan_id ?? sub.plan_id);
  const discount = await remainingDiscount(db, sub);
  const usableDiscount = discount && (discount.kind === 'percent' || discount.currency === plan.currency) ? discount : null;
  const price = priceOf(plan, usableDiscount, await memberTaxRateBps(db, sub.user_id, sub.application_id));
  const left = sub.coupon_charges_left;
  return {
    plan,
    price,
    discounted: price.discount_minor > 0,
    couponChargesLeft: usableDiscount && left !== null ? Math.max(0, left - 1) : left,
  };
}
