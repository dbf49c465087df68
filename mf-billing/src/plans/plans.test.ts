import { MOCK_CATALOG_OPTIONS } from '@fable/mocks';
import { TIER_CONTEXT_TOKENS } from '@fable/contracts';
import { comparisonRows, cryptoPlans, discounted, FREE_FEATURES, formatPrice, isBillingFrequency, priceOf, TIER_FEATURES, tiersFor, withContext } from './plans';

const plans = MOCK_CATALOG_OPTIONS.plans;

it('shows the tiers the purchase options sell for a frequency: the minimal tier only annually', () => {
  expect(tiersFor(plans, 'monthly')).toEqual(['basic', 'premium']);
  expect(tiersFor(plans, 'annual')).toEqual(['minimal', 'basic', 'premium']);
  expect(priceOf(plans, 'minimal', 'monthly')).toBeNull();
  expect(priceOf(plans, 'basic', 'annual')).toBe(149.99);
  expect(priceOf(plans, 'free', 'annual')).toBe(0);
});

it('formats prices with two decimals', () => {
  expect(formatPrice(15)).toBe('$15.00');
  expect(formatPrice(249.99)).toBe('$249.99');
  expect(formatPrice(0.99)).toBe('$0.99');
});

it('lowers a price by a percentage to the cent', () => {
  expect(discounted(50, 40)).toBe(30);
  expect(discounted(149.99, 40)).toBe(89.99);
  expect(discounted(249.99, 40)).toBe(149.99);
  expect(discounted(24.99, 0)).toBe(24.99);
});

it('accepts monthly and annual as the frequency', () => {
  expect(isBillingFrequency('monthly')).toBe(true);
  expect(isBillingFrequency('annual')).toBe(true);
  expect(isBillingFrequency('yearly')).toBe(false);
  expect(isBillingFrequency(undefined)).toBe(false);
});

it('lists each feature once, from the lowest tier that has it', () => {
  const rows = comparisonRows();
  expect(rows.filter((r) => /^\d+K (context|memory)$/.test(r.feature))).toEqual([
    { feature: '4K context', from: 'free' },
    { feature: '8K memory', from: 'basic' },
    { feature: '16K memory', from: 'premium' },
  ]);
  expect(rows.find((r) => r.feature === 'memory manager')?.from).toBe('minimal');
  expect(rows.find((r) => r.feature === 'access to 45B models')?.from).toBe('basic');
  expect(rows.at(-1)).toEqual({ feature: 'conversation images on private bots', from: 'premium' });
});

it('takes the context per tier from the one list the chat obeys (the permissions)', () => {
  expect(TIER_CONTEXT_TOKENS).toEqual({ free: 4096, minimal: 4096, basic: 8192, premium: 16384 });
  expect(FREE_FEATURES).toContain('4K context');
  expect(TIER_FEATURES.minimal.some((f) => f.endsWith('context'))).toBe(false);
  expect(TIER_FEATURES.basic[0]).toBe('8K memory');
  expect(TIER_FEATURES.premium[0]).toBe('16K memory');
  // A plan's own list gets the line once.
  expect(withContext('basic', ['8K memory', 'x'])).toEqual(['8K memory', 'x']);
});

it('links each crypto plan to the checkout of its plan', () => {
  const crypto = cryptoPlans(plans);
  expect(crypto.map((p) => p.annual.paymentLink)).toEqual(['/checkout?plan_id=minimal_1y', '/checkout?plan_id=basic_1y', '/checkout?plan_id=premium_1y']);
  expect(crypto[0]?.monthly).toBeUndefined();
  expect(crypto[1]?.monthly).toEqual({ price: 15, paymentLink: '/checkout?plan_id=basic_1m', currency: 'USD' });
});

it('lists on each crypto plan what it adds over the lower tiers', () => {
  const [taste, supporter, allIn] = cryptoPlans(plans);
  expect(taste?.features.map((f) => f.title)).toEqual(['Skip the waiting line', 'Memory manager']);
  expect(supporter?.features.map((f) => f.title)).toEqual(['8K memory', 'Semantic memory 2.0', 'Longer responses', 'Conversation images', 'Access to 45B models']);
  expect(allIn?.features.map((f) => f.title)).toEqual(['16K memory', 'A priority generation queue', 'A 70b model (beta)', 'Conversation images on private bots']);
});

it('gives a sale price against the plan price, with the sale’s offer on the checkout link', () => {
  const [taste, supporter] = cryptoPlans(plans, {
    saleOf: (plan) => (plan.plan_id === 'minimal_1y' ? { price: 36, offerId: 'BF_MINIMAL' } : null),
    saleText: 'Black Friday offer up to 40% off',
  });
  expect(taste?.annual).toEqual({
    price: 50,
    discountedPrice: 36,
    paymentLink: '/checkout?plan_id=minimal_1y&o_id=BF_MINIMAL',
    discountText: 'Black Friday offer up to 40% off',
    currency: 'USD',
  });
  expect(supporter?.annual.discountedPrice).toBeUndefined();
  expect(supporter?.annual.discountText).toBe('2 months free / 16% Off');
});
