import { checkoutAddressProblem, type AddressBook } from './checkoutAddress';
import { checkoutPriceOf, priceInMajor } from './checkoutPrice';
import type { Coupon } from './coupons';
import { toMinor } from './money';
import { changeablePlans, planChangeProblem } from './planChanges';
import type { PricedPlan } from './pricing';
import { TIER_FEATURES } from './tierFeatures';

const plan = (plan_id: string, price_minor: number, period: PricedPlan['period'], currency = 'USD'): PricedPlan => ({ plan_id, name: plan_id, price_minor, currency, period });
const basicMonthly = plan('basic_1m', 1500, 'monthly');
const premiumMonthly = plan('premium_1m', 2499, 'monthly');
const basicAnnual = plan('basic_1y', 14999, 'annual');
const premiumAnnual = plan('premium_1y', 24999, 'annual');

describe('toMinor', () => {
  it('reads an amount of two decimals as minor units, without the float error', () => {
    expect(toMinor(149.99)).toBe(14999);
    expect(toMinor(0.29)).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(toMinor(15)).toBe(1500);
  });
});

describe('checkoutPriceOf', () => {
  const coupon = (code: string, kind: Coupon['kind'], over: Partial<Coupon>): Coupon => ({
    code,
    kind,
    percent_off: null,
    amount_off_minor: null,
    currency: null,
    duration: 'once',
    duration_months: null,
    valid_from: null,
    valid_until: null,
    max_redemptions: null,
    plan_ids: null,
    ...over,
  });
  const promo = coupon('WELCOME10', 'coupon', { percent_off: '10.00' });
  const offer = coupon('BLACKFRIDAY_BASIC', 'offer', { amount_off_minor: 3999, currency: 'USD' });

  it('takes one discount: the promo code when both are given, the offer otherwise', () => {
    expect(checkoutPriceOf(basicAnnual, { promo, offer }, 0)).toEqual({ coupon: promo, breakdown: expect.objectContaining({ discount_minor: 1500 }) });
    expect(checkoutPriceOf(basicAnnual, { promo: null, offer }, 725)).toEqual({
      coupon: offer,
      breakdown: { subtotal_minor: 14999, discount_minor: 3999, tax_minor: 798, total_minor: 11798, currency: 'USD' }, // 7.25 % of 110.00 = 7.975
    });
    expect(checkoutPriceOf(basicAnnual, { promo: null, offer: null }, 0).coupon).toBeNull();
  });

  it('answers the breakdown in major units with the plan as its one line item', () => {
    const { breakdown } = checkoutPriceOf(basicAnnual, { promo: null, offer }, 725);
    expect(priceInMajor('True Supporter', breakdown)).toEqual({
      line_items: [{ name: 'True Supporter', total: 149.99 }],
      subtotal: 149.99,
      discounts: 39.99,
      tax: 7.98,
      total: 117.98,
      currency: 'USD',
    });
  });
});

describe('checkoutAddressProblem', () => {
  const book: AddressBook = {
    statesOf: (country) => ({ US: [{ state_code: 'CA' }, { state_code: 'NY' }], GB: [] })[country] ?? null,
    isValidPostalCode: (_country, postalCode) => /^\d{5}$|^[A-Z0-9 ]+$/.test(postalCode),
    isValidEmail: (email) => /^[^@\s]+@[^@\s]+$/.test(email),
  };
  const address = { email: ' a@b.co ', country: 'US', state: ' ca ', postal_code: '94105' };

  it('answers the state in its list’s case, or none for a country without a list', () => {
    expect(checkoutAddressProblem(address, book)).toEqual({ state: 'CA' });
    expect(checkoutAddressProblem({ ...address, state: '' }, book)).toEqual({ state: '' });
    expect(checkoutAddressProblem({ ...address, country: 'GB', state: '', postal_code: 'SW1A 1AA' }, book)).toEqual({ state: '' });
  });

  it('answers the first broken rule: country, state, postal code, email', () => {
    expect(checkoutAddressProblem({ ...address, country: 'ZZ', email: 'x' }, book)).toEqual({ problem: 'unknown_country' });
    expect(checkoutAddressProblem({ ...address, state: 'TX', postal_code: '?' }, book)).toEqual({ problem: 'invalid_state' });
    expect(checkoutAddressProblem({ ...address, country: 'GB', state: 'CA' }, book)).toEqual({ problem: 'invalid_state' });
    expect(checkoutAddressProblem({ ...address, postal_code: '?', email: 'x' }, book)).toEqual({ problem: 'invalid_postal_code' });
    expect(checkoutAddressProblem({ ...address, email: 'x' }, book)).toEqual({ problem: 'invalid_email' });
  });
});

describe('plan changes', () => {
  it('refuses the current plan, a monthly plan for a yearly subscriber and another currency', () => {
    expect(planChangeProblem(basicMonthly, basicMonthly)).toBe('current_plan');
    expect(planChangeProblem(basicAnnual, premiumMonthly)).toBe('yearly_subscriber_annual_only');
    expect(planChangeProblem(basicMonthly, { ...premiumMonthly, currency: 'EUR' })).toBe('other_currency');
    expect(planChangeProblem(basicMonthly, premiumAnnual)).toBeNull();
    expect(planChangeProblem(premiumMonthly, basicMonthly)).toBeNull();
  });

  it('lists the plans on sale a subscriber may change to, in their order', () => {
    const onSale = [basicMonthly, premiumMonthly, basicAnnual, premiumAnnual];
    expect(changeablePlans(basicMonthly, onSale).map((p) => p.plan_id)).toEqual(['premium_1m', 'basic_1y', 'premium_1y']);
    expect(changeablePlans(basicAnnual, onSale).map((p) => p.plan_id)).toEqual(['premium_1y']);
  });
});

describe('TIER_FEATURES', () => {
  it('gives each paid tier its own features, no tier repeating a higher one’s', () => {
    expect(Object.keys(TIER_FEATURES)).toEqual(['minimal', 'basic', 'premium']);
    const all = Object.values(TIER_FEATURES).flat();
    expect(new Set(all).size).toBe(all.length);
  });
});
