import { discountOf, type Coupon } from './coupons';
import { toMajor } from './money';
import { priceOf, type PriceBreakdown, type PricedPlan } from './pricing';

export interface CheckoutPrice {
  /** The one coupon that discounts the price, or null. */
  coupon: Coupon | null;
  breakdown: PriceBreakdown;
}

/**
 * The checkout's price of a plan (document 2 §3, §7 checkout/calculate) from codes that already apply to it: one
 * discount, the promo code when both are given, the offer (o_id) otherwise; then the tax rate (basis points) of the
 * buyer's country and state on what is left. The subscribe call charges this same breakdown.
 */
export function checkoutPriceOf(plan: PricedPlan, codes: { promo: Coupon | null; offer: Coupon | null }, taxRateBps: number): CheckoutPrice {
  const coupon = codes.promo ?? codes.offer;
  return { coupon, breakdown: priceOf(plan, coupon ? discountOf(coupon) : null, taxRateBps) };
}

/** A price calculation as the checkout answers it (document 2 §3 "Price calculation result"), in major units. */
export interface PriceInMajor {
  line_items: { name: string; total: number }[];
  subtotal: number;
  discounts: number;
  tax: number;
  total: number;
  currency: string;
}

/** The breakdown of a plan's price in major units, one line item: the plan at its price. */
export function priceInMajor(planName: string, breakdown: PriceBreakdown): PriceInMajor {
  return {
    line_items: [{ name: planName, total: toMajor(breakdown.subtotal_minor) }],
    subtotal: toMajor(breakdown.subtotal_minor),
    discounts: toMajor(breakdown.discount_minor),
    tax: toMajor(breakdown.tax_minor),
    total: toMajor(breakdown.total_minor),
    currency: breakdown.currency,
  };
}
