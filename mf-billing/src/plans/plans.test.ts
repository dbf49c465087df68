import { comparisonRows, cryptoPlans, formatPrice, isBillingFrequency, priceOf, tiersFor } from './plans';

it('hides the minimal tier in the monthly view only', () => {
  expect(tiersFor('monthly')).toEqual(['basic', 'premium']);
  expect(tiersFor('annual')).toEqual(['minimal', 'basic', 'premium']);
  expect(priceOf('minimal', 'monthly')).toBeNull();
  expect(priceOf('free', 'annual')).toBe(0);
});

it('formats prices with two decimals', () => {
  expect(formatPrice(15)).toBe('$15.00');
  expect(formatPrice(249.99)).toBe('$249.99');
});

it('accepts monthly and annual as the frequency', () => {
  expect(isBillingFrequency('monthly')).toBe(true);
  expect(isBillingFrequency('annual')).toBe(true);
  expect(isBillingFrequency('yearly')).toBe(false);
  expect(isBillingFrequency(undefined)).toBe(false);
});

it('lists each feature once, from the lowest tier that has it', () => {
  const rows = comparisonRows();
  expect(rows.filter((r) => r.feature === '4K context')).toEqual([{ feature: '4K context', from: 'free' }]);
  expect(rows.find((r) => r.feature === 'memory manager')?.from).toBe('minimal');
  expect(rows.find((r) => r.feature === 'access to 45B models')?.from).toBe('basic');
  expect(rows.at(-1)).toEqual({ feature: 'conversation images on private bots', from: 'premium' });
});

it('marks annual crypto plan ids with 1y', () => {
  const plans = cryptoPlans();
  expect(plans.map((p) => p.annual.paymentLink)).toEqual([
    '/api/checkout/crypto/crypto_minimal_1y',
    '/api/checkout/crypto/crypto_basic_1y',
    '/api/checkout/crypto/crypto_premium_1y',
  ]);
  expect(plans[0]?.monthly).toBeUndefined();
});

it('lists on each crypto plan what it adds over the lower tiers', () => {
  const [taste, supporter, allIn] = cryptoPlans();
  expect(taste?.features.map((f) => f.title)).toEqual(['Skip the waiting line', 'Memory manager']);
  expect(supporter?.features.map((f) => f.title)).toEqual(['Semantic memory 2.0', 'Longer responses', 'Conversation images', 'Access to 45B models']);
  expect(allIn?.features).toHaveLength(4);
});
