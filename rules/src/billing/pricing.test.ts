import { basisPointsOf, percentToBasisPoints, roundDiv, toMajor } from './money';
import { couponProblem, discountOf, normalCode, type Coupon } from './coupons';
import { discountOn, priceOf, prorate, type PricedPlan } from './pricing';

const plan = (plan_id: string, price_minor: number, period: PricedPlan['period'] = plan_id.includes('1y') ? 'annual' : 'monthly'): PricedPlan => ({
  plan_id,
  name: plan_id,
  price_minor,
  currency: 'USD',
  period,
});
const basicMonthly = plan('basic_1m', 1500);
const premiumMonthly = plan('premium_1m', 2499);
const basicAnnual = plan('basic_1y', 14999);
const premiumAnnual = plan('premium_1y', 24999);

describe('money', () => {
  it('rounds half up in minor units, once', () => {
    expect(roundDiv(5, 2)).toBe(3);
    expect(roundDiv(4, 3)).toBe(1);
    expect(roundDiv(0, 7)).toBe(0);
    expect(basisPointsOf(1000, 725)).toBe(73); // 72.5 → 73
    expect(basisPointsOf(14999, 1000)).toBe(1500); // 1499.9
    expect(percentToBasisPoints('12.50')).toBe(1250);
    expect(toMajor(14999)).toBe(149.99);
    expect(() => roundDiv(-1, 2)).toThrow(RangeError);
    expect(() => roundDiv(1, 0)).toThrow(RangeError);
  });
});

describe('priceOf', () => {
  it('is the plan price without discount or tax', () => {
    expect(priceOf(basicAnnual, null, 0)).toEqual({ subtotal_minor: 14999, discount_minor: 0, tax_minor: 0, total_minor: 14999, currency: 'USD' });
  });

  it('takes the discount off, then taxes what is left', () => {
    // 20 % of 149.99 = 29.998 → 30.00; tax 7.25 % of 119.99 = 8.699 → 8.70
    expect(priceOf(basicAnnual, { kind: 'percent', bps: 2000 }, 725)).toEqual({
      subtotal_minor: 14999,
      discount_minor: 3000,
      tax_minor: 870,
      total_minor: 14999 - 3000 + 870,
      currency: 'USD',
    });
  });

  it('never discounts more than the price, and refuses an amount off in another currency', () => {
    expect(discountOn(1500, 'USD', { kind: 'amount', amount_minor: 5000, currency: 'USD' })).toBe(1500);
    expect(priceOf(basicMonthly, { kind: 'percent', bps: 10_000 }, 2000).total_minor).toBe(0);
    expect(() => discountOn(1500, 'USD', { kind: 'amount', amount_minor: 100, currency: 'EUR' })).toThrow(RangeError);
  });
});

describe('prorate', () => {
  const start = new Date('2026-03-01T00:00:00Z');
  const end = new Date('2026-03-31T00:00:00Z'); // 30 days

  it('charges the difference for the share of the period left on an upgrade', () => {
    const halfway = new Date('2026-03-16T00:00:00Z');
    const p = prorate(basicMonthly, premiumMonthly, start, end, halfway);
    expect(p).toEqual({ credit_minor: 750, cost_minor: 1250, upgrade_price_minor: 500, starts_new_period: false }); // 1249.5 → 1250
  });

  it('answers 0 (the next billing cycle) for a downgrade or the same price', () => {
    expect(prorate(premiumMonthly, basicMonthly, start, end, new Date('2026-03-10T00:00:00Z')).upgrade_price_minor).toBe(0);
    expect(prorate(basicMonthly, basicMonthly, start, end, start).upgrade_price_minor).toBe(0);
  });

  it('charges the whole difference at the start and nothing at the end of the period', () => {
    expect(prorate(basicMonthly, premiumMonthly, start, end, start).upgrade_price_minor).toBe(999);
    expect(prorate(basicMonthly, premiumMonthly, start, end, end).upgrade_price_minor).toBe(0);
    // before the start or after the end: clamped
    expect(prorate(basicMonthly, premiumMonthly, start, end, new Date('2026-02-01T00:00:00Z')).upgrade_price_minor).toBe(999);
    expect(prorate(basicMonthly, premiumMonthly, start, end, new Date('2026-05-01T00:00:00Z')).upgrade_price_minor).toBe(0);
  });

  it('starts a new period on a change of period: the new price less the unused share', () => {
    const tenDaysIn = new Date('2026-03-11T00:00:00Z');
    const p = prorate(basicMonthly, premiumAnnual, start, end, tenDaysIn);
    expect(p).toEqual({ credit_minor: 1000, cost_minor: 24999, upgrade_price_minor: 23999, starts_new_period: true });
    expect(prorate(basicAnnual, premiumAnnual, start, end, tenDaysIn).starts_new_period).toBe(false);
  });

  it('refuses another currency or an empty period', () => {
    expect(() => prorate(basicMonthly, { ...premiumMonthly, currency: 'EUR' }, start, end, start)).toThrow(RangeError);
    expect(() => prorate(basicMonthly, premiumMonthly, end, start, start)).toThrow(RangeError);
  });
});

describe('coupon rules', () => {
  const coupon = (over: Partial<Coupon> = {}): Coupon => ({
    code: 'SPRING',
    kind: 'coupon',
    percent_off: '25.00',
    amount_off_minor: null,
    currency: null,
    duration: 'once',
    duration_months: null,
    valid_from: new Date('2026-03-01T00:00:00Z'),
    valid_until: new Date('2026-04-01T00:00:00Z'),
    max_redemptions: 2,
    plan_ids: null,
    ...over,
  });
  const now = new Date('2026-03-15T00:00:00Z');

  it('applies inside its window, under its redemptions, to its plans, in its currency', () => {
    expect(couponProblem(coupon(), basicMonthly, now, 1)).toBeNull();
    expect(couponProblem(coupon(), basicMonthly, new Date('2026-03-01T00:00:00Z'), 0)).toBeNull();
    expect(couponProblem(coupon(), basicMonthly, new Date('2026-02-28T23:59:59Z'), 0)).toBe('not_started');
    expect(couponProblem(coupon(), basicMonthly, new Date('2026-04-01T00:00:00Z'), 0)).toBe('expired');
    expect(couponProblem(coupon(), basicMonthly, now, 2)).toBe('used_up');
    expect(couponProblem(coupon({ max_redemptions: null }), basicMonthly, now, 10_000)).toBeNull();
    expect(couponProblem(coupon({ plan_ids: ['premium_1y'] }), basicMonthly, now, 0)).toBe('other_plan');
    expect(couponProblem(coupon({ plan_ids: ['premium_1y'] }), premiumAnnual, now, 0)).toBeNull();
    expect(couponProblem(coupon({ percent_off: null, amount_off_minor: 500, currency: 'EUR' }), basicMonthly, now, 0)).toBe('other_currency');
  });

  it('gives its discount and reads codes in any case', () => {
    expect(discountOf(coupon())).toEqual({ kind: 'percent', bps: 2500 });
    expect(discountOf(coupon({ percent_off: null, amount_off_minor: 500, currency: 'USD' }))).toEqual({ kind: 'amount', amount_minor: 500, currency: 'USD' });
    expect(normalCode('  spring ')).toBe('SPRING');
  });
});
