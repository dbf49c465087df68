import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PromotionsSchema, PurchaseOptionsSchema, TIER_OF_ROLE, type SubscriptionRole } from '@fable/contracts';
import { TIER_FEATURES, type PaidTier } from '@fable/rules/billing';
import { mockApi } from '../testing/mockApi';
import { MOCK_CATALOG_OPTIONS, setMockSale } from './billingCatalog';

const get = async (pathname: string) => {
  const response = await fetch(`/api${pathname}`);
  return { status: response.status, body: (await response.json()) as unknown };
};

/** The plans the API's migration seeds: (plan_id, name, role, period, price_minor, features, sort). */
function seededPlans() {
  const sql = readFileSync(path.join(__dirname, '../../../api/src/infra/db/migrations/016_billing.sql'), 'utf8');
  const rows = [...sql.matchAll(/\('(\w+_1[my])', '((?:[^']|'')+)', '(paid_\w+)', '(monthly|annual)', (\d+),\s*'(\[[^\]]*\])', \d+\)/g)];
  return rows.map(([, plan_id, name, role, period, priceMinor]) => ({
    plan_id,
    name: name!.replace(/''/g, "'"),
    role,
    period,
    price: Number(priceMinor) / 100,
    // The plans' features are the rules' (migration 040 took the context lines out of the seed's).
    features: [...TIER_FEATURES[TIER_OF_ROLE[role as SubscriptionRole] as PaidTier]],
  }));
}

it('answers the purchase options the API seeds for `fable` (016_billing.sql), in the contract’s shape', async () => {
  mockApi();
  const { status, body } = await get('/subscriptions/purchase_options');
  expect(status).toBe(200);
  const options = PurchaseOptionsSchema.parse(body);
  const seeded = seededPlans();
  expect(seeded).toHaveLength(5);
  const answered = [...options.plans.monthly, ...options.plans.annual].map(({ plan_id, name, role, period, price, features }) => ({ plan_id, name, role, period, price, features }));
  expect(answered.sort((a, b) => a.plan_id.localeCompare(b.plan_id))).toEqual(seeded.sort((a, b) => a.plan_id!.localeCompare(b.plan_id!)));
  expect(options.plans.monthly.every((p) => p.period === 'monthly')).toBe(true);
  expect(options).toMatchObject({ default_plan_id: 'premium_1y', payment_methods: ['card', 'volt', 'coinpayments', 'payssion', 'hosted_checkout'], annual_tagline: '2 months free / 16% Off' });
  expect(body).toEqual(MOCK_CATALOG_OPTIONS);
});

it('lists the spec’s birthday sale, over; a sale set on the database runs now', async () => {
  const { db } = mockApi();
  const before = PromotionsSchema.parse((await get('/subscriptions/promotions')).body).promotions;
  expect(before).toEqual([expect.objectContaining({ kind: 'birthday', starts_at: '2025-02-13T00:00:00.000Z', ends_at: '2025-02-16T00:00:00.000Z', price: 0.99 })]);

  setMockSale(db, 'black_friday');
  const during = PromotionsSchema.parse((await get('/subscriptions/promotions')).body).promotions;
  const running = during.filter((p) => Date.parse(p.starts_at) <= Date.now() && Date.now() < Date.parse(p.ends_at));
  expect(running.map((p) => [p.kind, p.plan_id, p.price])).toEqual([
    ['black_friday', 'minimal_1y', 36],
    ['black_friday', 'basic_1y', 110],
    ['black_friday', 'premium_1y', 180],
  ]);

  setMockSale(db, null);
  expect(PromotionsSchema.parse((await get('/subscriptions/promotions')).body).promotions).toHaveLength(1);
});

it('answers countries, a country’s states (none: optional) and 404 for a country it does not sell in', async () => {
  mockApi();
  const countries = (await get('/checkout/countries')).body as { countries: { iso2: string }[] };
  expect(countries.countries.map((c) => c.iso2)).toEqual(expect.arrayContaining(['US', 'CA', 'GB', 'RU', 'PH']));
  expect(((await get('/checkout/countries/US/states')).body as { states: { state_code: string }[] }).states.map((s) => s.state_code)).toContain('CA');
  expect((await get('/checkout/countries/GB/states')).body).toEqual({ states: [] });
  expect((await get('/checkout/countries/ZZ/states')).status).toBe(404);
});
