import { basisPointsOf, roundDiv } from './money';

/** A plan as the prices see it. */
export interface PricedPlan {
  plan_id: string;
  name: string;
  price_minor: number;
  currency: string;
  period: 'monthly' | 'annual';
}

/** A coupon's discount: a percentage in basis points or an amount in minor units of one currency. */
export type Discount = { kind: 'percent'; bps: number } | { kind: 'amount'; amount_minor: number; currency: string };

export interface PriceBreakdown {
  subtotal_minor: number;
  discount_minor: number;
  tax_minor: number;
  total_minor: number;
  currency: string;
}

/** The discount on an amount: never more than the amount; an amount off in another currency is an error. */
export function discountOn(amountMinor: number, currency: string, discount: Discount | null): number {
  if (!discount) return 0;
  if (discount.kind === 'percent') return Math.min(amountMinor, basisPointsOf(amountMinor, discount.bps));
  if (discount.currency !== currency) throw new RangeError(`a ${discount.currency} discount on a ${currency} price`);
  return Math.min(amountMinor, discount.amount_minor);
}

/**
 * The price of a plan (document 2 §3 "Price calculation result"): subtotal the plan's price, the discount off it,
 * the tax on what is left (rate in basis points, by country and state), total = subtotal - discount + tax. Each
 * rounding happens once, half up, in minor units.
 */
export function priceOf(plan: PricedPlan, discount: Discount | null, taxRateBps: number): PriceBreakdown {
  const subtotal = plan.price_minor;
  const off = discountOn(subtotal, plan.currency, discount);
  const tax = basisPointsOf(subtotal - off, taxRateBps);
  return { subtotal_minor: subtotal, discount_minor: off, tax_minor: tax, total_minor: subtotal - off + tax, currency: plan.currency };
}

export interface Proration {
  /** The unused part of the current plan's price, credited. */
  credit_minor: number;
  /** What the new plan costs for the time it will run now. */
  cost_minor: number;
  /**
   * The portal's upgrade_price (document 2 §3, §4) before taxes: charged now when above 0; 0 means the change takes
   * effect at the next billing cycle (a downgrade, or a plan that costs no more).
   */
  upgrade_price_minor: number;
  /** True when the new plan starts a new period now (a change of period: monthly to annual or back). */
  starts_new_period: boolean;
}

/**
 * Prorates a plan change at `now` within the current period [periodStart, periodEnd). Same period: the difference of
 * the two prices for the share of the period left. Another period (monthly to annual): the new plan starts now for
 * its full price, less the unused share of the current plan. Pure; the portal's change_plan uses it.
 */
export function prorate(currentPlan: PricedPlan, newPlan: PricedPlan, periodStart: Date, periodEnd: Date, now: Date): Proration {
  if (currentPlan.currency !== newPlan.currency) throw new RangeError(`cannot prorate ${currentPlan.currency} to ${newPlan.currency}`);
  const length = periodEnd.getTime() - periodStart.getTime();
  if (!(length > 0)) throw new RangeError('the period must end after it starts');
  const left = Math.min(length, Math.max(0, periodEnd.getTime() - now.getTime()));
  const credit = roundDiv(currentPlan.price_minor * left, length);
  const startsNewPeriod = currentPlan.period !== newPlan.period;
  const cost = startsNewPeriod ? newPlan.price_minor : roundDiv(newPlan.price_minor * left, length);
  return { credit_minor: credit, cost_minor: cost, upgrade_price_minor: Math.max(0, cost - credit), starts_new_period: startsNewPeriod };
}
