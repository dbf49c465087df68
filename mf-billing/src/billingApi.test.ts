import { api } from '@fable/shared';
import { billingApi, readPurchaseOptions } from './billingApi';

it('adds billing_getPlans to the one shared api', () => {
  expect(billingApi).toBe(api);
  expect(Object.keys(api.endpoints)).toContain('billing_getPlans');
});

it('reads purchase options and drops plans it cannot read', () => {
  const options = readPurchaseOptions({
    default_plan_id: 'premium_1y',
    payment_methods: ['card', 'coinpayments'],
    annual_tagline: '2 months free / 16% Off',
    plans: {
      monthly: [{ plan_id: 'basic_1m', role: 'paid_basic', period: 'monthly', currency: 'USD', features: [], price: '14.95' }, { nope: true }],
      annual: [{ plan_id: 'premium_1y', role: 'paid_premium', price: 249.99 }],
    },
  });
  expect(options.defaultPlanId).toBe('premium_1y');
  expect(options.paymentMethods).toEqual(['card', 'coinpayments']);
  expect(options.plans.monthly).toEqual([
    { plan_id: 'basic_1m', role: 'paid_basic', period: 'monthly', currency: 'USD', features: [], price: 14.95 },
  ]);
  expect(options.plans.annual[0]).toMatchObject({ plan_id: 'premium_1y', currency: 'USD', price: 249.99 });
});

it('defaults to card when the server lists no payment method', () => {
  expect(readPurchaseOptions({ payment_methods: [] }).paymentMethods).toEqual(['card']);
});
