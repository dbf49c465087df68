import { api } from '@fable/shared';
import { billingApi, readPurchaseOptions } from './billingApi';

it('adds billing_getPlans to the one shared api', () => {
  expect(billingApi).toBe(api);
  expect(Object.keys(api.endpoints)).toContain('billing_getPlans');
});

it('reads purchase options with the contract’s schema and drops plans it refuses', () => {
  const options = readPurchaseOptions({
    default_plan_id: 'premium_1y',
    payment_methods: ['card', 'coinpayments'],
    annual_tagline: '2 months free / 16% Off',
    plans: {
      monthly: [
        { plan_id: 'basic_1m', role: 'paid_basic', tier: 'basic', period: 'monthly', currency: 'USD', features: [], price: 14.95 },
        { plan_id: 'odd_1m', role: 'paid_basic', tier: 'basic', period: 'monthly', price: '14.95' },
        { nope: true },
      ],
      annual: [{ plan_id: 'premium_1y', role: 'paid_premium', tier: 'premium', period: 'annual', price: 249.99 }],
    },
  });
  expect(options.defaultPlanId).toBe('premium_1y');
  expect(options.paymentMethods).toEqual(['card', 'coinpayments']);
  expect(options.annualTagline).toBe('2 months free / 16% Off');
  expect(options.plans.monthly).toEqual([
    { plan_id: 'basic_1m', role: 'paid_basic', tier: 'basic', period: 'monthly', currency: 'USD', features: [], price: 14.95 },
  ]);
  expect(options.plans.annual[0]).toMatchObject({ plan_id: 'premium_1y', currency: 'USD', features: [], price: 249.99 });
});

it('refuses an answer that is not purchase options (no payment method, unknown method, no default plan)', () => {
  const plans = { monthly: [], annual: [] };
  expect(() => readPurchaseOptions({ default_plan_id: 'p', payment_methods: [], plans })).toThrow();
  expect(() => readPurchaseOptions({ default_plan_id: 'p', payment_methods: ['cheque'], plans })).toThrow();
  expect(() => readPurchaseOptions({ payment_methods: ['card'], plans })).toThrow();
  expect(readPurchaseOptions({ default_plan_id: 'p', payment_methods: ['card'], plans }).annualTagline).toBeNull();
});
