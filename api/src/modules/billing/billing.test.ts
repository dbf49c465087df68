import { API_HEADERS, CountryListSchema, CountryStatesSchema, PriceCalculationSchema, PurchaseOptionsSchema } from '@fable/contracts';
import { TIER_FEATURES, type PaidTier } from '@fable/rules/billing';
import { randomUUID } from 'node:crypto';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { bearer, forApplication, signUp, startTestApp, testGuestId, type TestApp } from '../../testing/testApp';

describe.each(BACKENDS)('billing calls on %s', (backend) => {
  let t: TestApp;
  let members = 0;
  const guest = { [API_HEADERS.guestUserId]: testGuestId() };

  beforeAll(async () => {
    t = await startTestApp(backend);
    t.clock.set(new Date('2026-03-15T12:00:00Z'));
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  async function member(headers: Record<string, string> = {}) {
    members += 1;
    const username = `buyer_${members}_${Math.random().toString(36).slice(2, 6)}`;
    const signedIn = await signUp(t.app, `${username}@example.com`, username, headers);
    return { id: signedIn.user.id, headers: { ...headers, ...bearer(signedIn.token) } };
  }

  const call = async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };

  const checkout = (extra: object = {}) => ({ plan_id: 'basic_1y', email: 'buyer@example.com', country: 'US', state: 'CA', postal_code: '90210', ...extra });
  const calculate = (headers: Record<string, string>, extra: object = {}) => call('POST', '/checkout/calculate', headers, checkout(extra));

  async function addCoupon(code: string, extra: Record<string, unknown> = {}) {
    const c = { application_id: 'fable', kind: 'coupon', percent_off: null, amount_off_minor: null, currency: null, duration: 'once', valid_from: null, valid_until: null, max_redemptions: null, plan_ids: null, ...extra };
    await t.db.query(
      `insert into billing_coupons (application_id, code, kind, percent_off, amount_off_minor, currency, duration, valid_from, valid_until, max_redemptions, plan_ids, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now())`,
      [c.application_id, code, c.kind, c.percent_off, c.amount_off_minor, c.currency, c.duration, c.valid_from, c.valid_until, c.max_redemptions, c.plan_ids] as never[],
    );
  }

  /** A plan only tales sells (tests run in random order: each adds it). */
  const addTalesPromo = () =>
    t.db.query(
      `insert into billing_plans (application_id, plan_id, name, role, period, price_minor, sort)
       values ('tales', 'basic_1m_promo', 'Promo', 'paid_basic', 'monthly', 999, 9) on conflict do nothing`,
    );

  describe('GET /subscriptions/purchase_options', () => {
    it('answers guests and members the application plans from the database, by period', async () => {
      const res = await call('GET', '/subscriptions/purchase_options', guest);
      expect(res.status).toBe(200);
      const options = PurchaseOptionsSchema.parse(res.body);
      expect(options.default_plan_id).toBe('premium_1y');
      // fable sells with card, volt, coinpayments, payssion and the hosted checkout; the three providers with APIs of
      // their own are not configured in this app, so they are left out: the checkout never shows a method that fails
      expect(options.payment_methods).toEqual(['card', 'hosted_checkout']);
      expect(options.annual_tagline).toBe('2 months free / 16% Off');
      expect(options.plans.monthly.map((p) => [p.plan_id, p.role, p.tier, p.price])).toEqual([
        ['basic_1m', 'paid_basic', 'basic', 15],
        ['premium_1m', 'paid_premium', 'premium', 24.99],
      ]);
      expect(options.plans.annual.map((p) => [p.plan_id, p.name, p.price])).toEqual([
        ['minimal_1y', 'Get a Taste', 50],
        ['basic_1y', 'True Supporter', 149.99],
        ['premium_1y', "I'm All In", 249.99],
      ]);
      expect(options.plans.annual[0]?.features).toEqual(['skip the waiting line', 'memory manager']);
      // Every plan lists the rules' features, none a context of its own (context per tier is the permissions' list).
      for (const plan of [...options.plans.monthly, ...options.plans.annual]) {
        expect(plan.features).toEqual(TIER_FEATURES[plan.tier as PaidTier]);
      }
      const m = await member();
      expect((await call('GET', '/subscriptions/purchase_options', m.headers)).body).toEqual(res.body);
    });

    it('follows the database: a changed price and a retired plan show at once', async () => {
      await addTalesPromo();
      await t.db.query(`update billing_plans set active = false where application_id = 'tales' and plan_id = 'premium_1m'`);
      const tales = { ...forApplication('tales'), [API_HEADERS.guestUserId]: testGuestId('tales') };
      const res = await call('GET', '/subscriptions/purchase_options', tales);
      expect(res.status).toBe(200);
      expect(res.body.plans.monthly.map((p: { plan_id: string; price: number }) => [p.plan_id, p.price])).toEqual([
        ['basic_1m', 15],
        ['basic_1m_promo', 9.99],
      ]);
      expect(res.body.payment_methods).toEqual(['card']);
      // the main brand is untouched
      expect((await call('GET', '/subscriptions/purchase_options', guest)).body.plans.monthly).toHaveLength(2);
    });

    it('refuses callers without a guest id, and an unknown application', async () => {
      expect((await call('GET', '/subscriptions/purchase_options', {})).status).toBe(401);
      expect((await call('GET', '/subscriptions/purchase_options', { ...guest, ...forApplication('nosuchapp') })).status).toBe(404);
    });
  });

  describe('POST /checkout/calculate', () => {
    it('is for members only', async () => {
      expect((await calculate({})).status).toBe(401);
      expect((await calculate(guest)).status).toBe(401);
    });

    it('prices a plan with the tax of the state, in two decimals, without on_file for a new member', async () => {
      const m = await member();
      const res = await calculate(m.headers);
      expect(res.status).toBe(200);
      // 149.99 + 7.25 % (10.874 → 10.87)
      expect(PriceCalculationSchema.parse(res.body)).toEqual({
        line_items: [{ name: 'True Supporter', total: 149.99 }],
        subtotal: 149.99,
        discounts: 0,
        tax: 10.87,
        total: 160.86,
        currency: 'USD',
        on_file: null,
      });
    });

    it('uses the state rate over the country rate, the country rate without a state, and 0 elsewhere', async () => {
      const m = await member();
      const tax = async (extra: object) => (await calculate(m.headers, { plan_id: 'basic_1m', ...extra })).body.tax;
      expect(await tax({ country: 'CA', state: 'ON', postal_code: 'K1A 0B1' })).toBe(1.95); // 13 % of 15
      expect(await tax({ country: 'CA', state: 'AB', postal_code: 'T5J0N3' })).toBe(0.75); // GST 5 %
      expect(await tax({ country: 'CA', state: '', postal_code: 'T5J0N3' })).toBe(0.75);
      expect(await tax({ country: 'US', state: 'OR', postal_code: '97201' })).toBe(0);
      expect(await tax({ country: 'GB', state: '', postal_code: 'SW1A 1AA' })).toBe(3);
      expect(await tax({ country: 'JP', state: '', postal_code: '1000001' })).toBe(0);
      // a state in any case is the list's
      expect(await tax({ country: 'us', state: 'ny', postal_code: '10001' })).toBe(undefined);
      expect(await tax({ country: 'US', state: 'ny', postal_code: '10001' })).toBe(0.6);
    });

    it('applies a coupon: percent or amount off, before the tax', async () => {
      const m = await member();
      await addCoupon('SPRING25', { percent_off: 25 });
      await addCoupon('FIVEOFF', { amount_off_minor: 500, currency: 'USD', duration: 'forever' });
      const spring = await calculate(m.headers, { promo_code: ' spring25 ' });
      expect(spring.status).toBe(200);
      // 25 % of 149.99 = 37.4975 → 37.50; tax 7.25 % of 112.49 = 8.155 → 8.16
      expect(spring.body).toMatchObject({ subtotal: 149.99, discounts: 37.5, tax: 8.16, total: 120.65 });
      const five = await calculate(m.headers, { plan_id: 'basic_1m', state: 'OR', postal_code: '97201', promo_code: 'FIVEOFF' });
      expect(five.body).toMatchObject({ subtotal: 15, discounts: 5, tax: 0, total: 10 });
    });

    it("answers 'Invalid coupon' for an unknown, expired, not yet valid, used up or other plan's coupon", async () => {
      const m = await member();
      await addCoupon('OLD', { percent_off: 10, valid_until: new Date('2026-03-01T00:00:00Z') });
      await addCoupon('LATER', { percent_off: 10, valid_from: new Date('2026-04-01T00:00:00Z') });
      await addCoupon('ONCE', { percent_off: 10, max_redemptions: 1 });
      await addCoupon('PREMIUMONLY', { percent_off: 10, plan_ids: ['premium_1y'] });
      const reasons: Record<string, string> = { NOPE: 'not_found', OLD: 'expired', LATER: 'not_started', PREMIUMONLY: 'other_plan' };
      for (const [code, reason] of Object.entries(reasons)) {
        const res = await calculate(m.headers, { promo_code: code });
        expect([code, res.status, res.body.error]).toEqual([code, 400, { code: 'invalid_coupon', message: 'Invalid coupon', details: { reason } }]);
      }
      expect((await calculate(m.headers, { plan_id: 'premium_1y', promo_code: 'PREMIUMONLY' })).status).toBe(200);
      expect((await calculate(m.headers, { promo_code: 'ONCE' })).status).toBe(200);
      await t.db.query(
        `insert into billing_orders (id, user_id, application_id, plan_id, kind, status, subtotal_minor, total_minor, currency, coupon_code,
                                     idempotency_key, request_hash, provider, created_at, updated_at)
         values ($1, $2, 'fable', 'basic_1y', 'purchase', 'succeeded', 14999, 13499, 'USD', 'ONCE', 'k1', 'h', 'sandbox', now(), now())`,
        [randomUUID(), m.id],
      );
      expect((await calculate(m.headers, { promo_code: 'ONCE' })).body.error.details).toEqual({ reason: 'used_up' });
      // another application's coupon is unknown here
      await addCoupon('TALESONLY', { application_id: 'tales', percent_off: 10 });
      expect((await calculate(m.headers, { promo_code: 'TALESONLY' })).body.error.details).toEqual({ reason: 'not_found' });
    });

    it('applies an offer (o_id), and the promo code over it when both are given', async () => {
      const m = await member();
      await addCoupon('BIRTHDAY', { kind: 'offer', amount_off_minor: 1401, currency: 'USD', plan_ids: ['basic_1m'] });
      await addCoupon('TENPCT', { percent_off: 10 });
      const offer = await calculate(m.headers, { plan_id: 'basic_1m', state: 'OR', postal_code: '97201', offer_id: 'birthday' });
      expect(offer.body).toMatchObject({ subtotal: 15, discounts: 14.01, total: 0.99 });
      const both = await calculate(m.headers, { plan_id: 'basic_1m', state: 'OR', postal_code: '97201', offer_id: 'BIRTHDAY', promo_code: 'TENPCT' });
      expect(both.body).toMatchObject({ discounts: 1.5, total: 13.5 });
      // an offer is not a promo code, nor the reverse
      expect((await calculate(m.headers, { plan_id: 'basic_1m', promo_code: 'BIRTHDAY' })).body.error.code).toBe('invalid_coupon');
      const notOffer = await calculate(m.headers, { plan_id: 'basic_1m', offer_id: 'TENPCT' });
      expect([notOffer.status, notOffer.body.error.code]).toEqual([404, 'offer_not_found']);
    });

    it("answers the spec's postal code and email messages, by country", async () => {
      const m = await member();
      const error = async (extra: object) => {
        const res = await calculate(m.headers, extra);
        return [res.status, res.body.error?.code, res.body.error?.message];
      };
      expect(await error({ postal_code: '9021' })).toEqual([400, 'invalid_postal_code', 'Invalid Zip']);
      expect(await error({ postal_code: '90210-12' })).toEqual([400, 'invalid_postal_code', 'Invalid Zip']);
      expect((await calculate(m.headers, { postal_code: '90210-1234' })).status).toBe(200);
      expect(await error({ country: 'PH', state: '', postal_code: '' })).toEqual([400, 'invalid_postal_code', 'Invalid Zip']);
      expect(await error({ country: 'CA', state: 'ON', postal_code: '12345' })).toEqual([400, 'invalid_postal_code', 'Invalid Postal Code']);
      expect(await error({ country: 'GB', state: '', postal_code: 'SW1A_1AA' })).toEqual([400, 'invalid_postal_code', 'Invalid Postal Code']);
      expect(await error({ email: 'not-an-email' })).toEqual([400, 'invalid_email', 'Invalid email address']);
      expect(await error({ email: '' })).toEqual([400, 'invalid_email', 'Invalid email address']);
    });

    it('refuses an unknown plan, country or state, and bad input, with 4xx', async () => {
      const m = await member();
      await addTalesPromo();
      const res = async (extra: object) => calculate(m.headers, extra);
      expect((await res({ plan_id: 'gold_1y' })).body.error.code).toBe('plan_not_found');
      expect((await res({ plan_id: 'gold_1y' })).status).toBe(404);
      expect((await res({ plan_id: 'basic_1m_promo' })).status).toBe(404); // tales' plan
      expect((await res({ country: 'ZZ', state: '' })).status).toBe(404);
      expect((await res({ state: 'XX' })).body.error).toMatchObject({ code: 'invalid_state' });
      expect((await res({ country: 'FR', state: 'IDF', postal_code: '75001' })).body.error.code).toBe('invalid_state');
      for (const bad of [{ country: 'usa' }, { plan_id: '' }, { postal_code: '1'.repeat(17) }, { email: `${'a'.repeat(320)}@x.com` }, { promo_code: 7 }]) {
        const r = await res(bad);
        expect([JSON.stringify(bad), r.status, r.body.error.code]).toEqual([JSON.stringify(bad), 400, 'validation_error']);
      }
      const missing = await call('POST', '/checkout/calculate', m.headers, { plan_id: 'basic_1y' });
      expect(missing.status).toBe(400);
      for (const field of ['email', 'promo_code', 'plan_id', 'state']) {
        const nul = await res({ [field]: 'a\u0000b' });
        expect([field, nul.status]).toEqual([field, 400]);
      }
    });

    it('answers the card on file of the member, with the last paid order', async () => {
      const m = await member();
      const other = await member();
      await t.db.query(
        `insert into billing_customers (user_id, application_id, provider, first_name, last_name, country, state, postal_code, card, updated_at)
         values ($1, 'fable', 'sandbox', 'Ada', 'Lovelace', 'US', 'CA', '90210', $2, now())`,
        [m.id, JSON.stringify({ last_4: '4242', type: 'visa', exp: '12/30' })],
      );
      const orderId = randomUUID();
      await t.db.query(
        `insert into billing_orders (id, user_id, application_id, plan_id, kind, status, subtotal_minor, total_minor, currency,
                                     idempotency_key, request_hash, provider, created_at, updated_at)
         values ($1, $2, 'fable', 'basic_1y', 'purchase', 'succeeded', 14999, 14999, 'USD', 'k-onfile', 'h', 'sandbox', now(), now())`,
        [orderId, m.id],
      );
      const res = await calculate(m.headers);
      expect(res.body.on_file).toEqual({
        first_name: 'Ada',
        last_name: 'Lovelace',
        country: 'US',
        state: 'CA',
        postal_code: '90210',
        order_id: orderId,
        credit_card: { last_4: '4242', type: 'visa', exp: '12/30' },
      });
      expect((await calculate(other.headers)).body.on_file).toBeNull();
      // a deleted card is no card on file
      await t.db.query(`update billing_customers set card = null where user_id = $1`, [m.id]);
      expect((await calculate(m.headers)).body.on_file).toBeNull();
    });

    it("prices with the member's application's plans", async () => {
      const tales = { ...forApplication('tales'), [API_HEADERS.guestUserId]: testGuestId('tales') };
      const m = await member(tales);
      await addTalesPromo();
      const res = await calculate(m.headers, { plan_id: 'basic_1m_promo', state: 'OR', postal_code: '97201' });
      expect(res.body).toMatchObject({ line_items: [{ name: 'Promo', total: 9.99 }], total: 9.99 });
    });
  });

  describe('GET /checkout/countries and /checkout/countries/:iso2/states', () => {
    it('answers guests the countries and states, an empty list for a country without states', async () => {
      const countries = await call('GET', '/checkout/countries', guest);
      expect(countries.status).toBe(200);
      expect(CountryListSchema.parse(countries.body).countries).toContainEqual({ id: 'DE', iso2: 'DE', name: 'Germany' });
      const states = await call('GET', '/checkout/countries/us/states', guest);
      expect(CountryStatesSchema.parse(states.body).states).toContainEqual({ id: 'US-NY', name: 'New York', state_code: 'NY' });
      expect((await call('GET', '/checkout/countries/FR/states', guest)).body).toEqual({ states: [] });
    });

    it('refuses callers without a guest id, unknown countries and NUL bytes', async () => {
      expect((await call('GET', '/checkout/countries', {})).status).toBe(401);
      expect((await call('GET', '/checkout/countries/US/states', {})).status).toBe(401);
      const unknown = await call('GET', '/checkout/countries/ZZ/states', guest);
      expect([unknown.status, unknown.body.error.code]).toEqual([404, 'unknown_country']);
      expect((await call('GET', '/checkout/countries/U%00S/states', guest)).status).toBe(400);
      expect((await call('GET', `/checkout/countries/${'A'.repeat(9)}/states`, guest)).status).toBe(400);
    });
  });
});
