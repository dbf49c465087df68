// The billing rules: money in minor units, prices with one discount and tax, coupons' applicability and discount,
// the proration of a plan change, billing periods, the checkout's address rules and the tier features. Pure
// functions of plain values: the API reads its tables and the mock API its state, and both call these.
export { basisPointsOf, percentToBasisPoints, roundDiv, toMajor, toMinor } from './money';
export { discountOn, priceOf, prorate, type Discount, type PriceBreakdown, type PricedPlan, type Proration } from './pricing';
export { couponProblem, discountOf, normalCode, type Coupon, type CouponProblem } from './coupons';
export { checkoutPriceOf, priceInMajor, type CheckoutPrice, type PriceInMajor } from './checkoutPrice';
export { checkoutAddressProblem, type AddressBook, type CheckoutAddress, type CheckoutAddressProblem } from './checkoutAddress';
export { changeablePlans, planChangeProblem, type PlanChangeProblem } from './planChanges';
export { DAY_MS, PERIOD_MONTHS, periodEnd } from './periods';
export { addMonths } from '../calendar/calendar';
export { TIER_FEATURES, type PaidTier } from './tierFeatures';
