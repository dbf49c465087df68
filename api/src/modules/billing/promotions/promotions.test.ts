import { API_HEADERS, PromotionsSchema } from '@fable/contracts';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../../testing/testDatabases';
import { bearer, forApplication, signUp, startTestApp, testGuestId, type TestApp } from '../../../testing/testApp';

describe.each(BACKENDS)('GET /subscriptions/promotions on %s', (backend) => {
  let t: TestApp;
  const guest = { [API_HEADERS.guestUserId]: testGuestId() };

  beforeAll(async () => {
    t = await startTestApp(backend);
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  const promotionsAt = async (at: string, headers: Record<string, string> = guest) => {
    t.clock.set(new Date(at));
    const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/promotions', headers });
    expect(res.statusCode).toBe(200);
    return PromotionsSchema.parse(res.json()).promotions;
  };
  const ids = (list: { id: string }[]) => list.map((p) => p.id);
  /** A member signed in at `at` (tokens live 15 minutes of the moved clock). */
  const memberAt = async (at: string) => {
    t.clock.set(new Date(at));
    const name = `promo_${Math.random().toString(36).slice(2, 10)}`;
    return bearer((await signUp(t.app, `${name}@example.com`, name)).token);
  };

  it('answers nothing between sales', async () => {
    expect(await promotionsAt('2025-06-01T12:00:00Z')).toEqual([]);
    expect(await promotionsAt('2025-02-16T00:00:00Z')).toEqual([]); // the birthday window's end is exclusive
  });

  it('announces the birthday sale a week ahead and answers it during Feb 13 to 15 2025, $0.99 with its offer', async () => {
    expect(await promotionsAt('2025-02-05T23:59:59Z')).toEqual([]);
    const upcoming = await promotionsAt('2025-02-06T00:00:00Z');
    expect(ids(upcoming)).toEqual(['birthday-2025', 'valentine-2025']);
    const during = await promotionsAt('2025-02-14T09:00:00Z');
    expect(during.find((p) => p.kind === 'birthday')).toEqual({
      id: 'birthday-2025',
      kind: 'birthday',
      title: "Birthday sale: I'm All In for $0.99 for your first month",
      starts_at: '2025-02-13T00:00:00.000Z',
      ends_at: '2025-02-16T00:00:00.000Z',
      price: 0.99,
      plan_id: 'premium_1m',
      offer_id: 'BIRTHDAY2025',
      percent_off: null,
      currency: 'USD',
    });
    // the Valentine/Birthday modal: same $0.99 offer, its countdown ends with the window
    expect(during.find((p) => p.kind === 'valentine')).toMatchObject({ price: 0.99, offer_id: 'BIRTHDAY2025', ends_at: '2025-02-16T00:00:00.000Z' });
    expect(ids(await promotionsAt('2025-02-15T23:59:59Z'))).toEqual(['birthday-2025', 'valentine-2025']);
  });

  it('answers Black Friday with the crypto page prices and up to 40% off', async () => {
    const bf = await promotionsAt('2026-11-27T10:00:00Z');
    expect(bf.map((p) => [p.kind, p.plan_id, p.price, p.percent_off, p.offer_id])).toEqual([
      ['black_friday', 'basic_1y', 110, 38.89, 'BLACKFRIDAY2026_BASIC'],
      ['black_friday', 'minimal_1y', 36, 40, 'BLACKFRIDAY2026_MINIMAL'],
      ['black_friday', 'premium_1y', 180, 40, 'BLACKFRIDAY2026_PREMIUM'],
    ]);
    expect(Math.max(...bf.map((p) => p.percent_off ?? 0))).toBe(40);
    expect(await promotionsAt('2026-12-01T00:00:00Z')).toEqual([]);
    expect(ids(await promotionsAt('2025-11-30T10:00:00Z'))).toEqual(['black-friday-2025-basic', 'black-friday-2025-minimal', 'black-friday-2025-premium']);
  });

  it('follows the table: a promotion added or moved by configuration shows at once, per application', async () => {
    await t.db.query(
      `insert into billing_promotions (application_id, id, kind, title, shown_from, starts_at, ends_at, price_minor, plan_id)
       values ('tales', 'birthday-2027', 'birthday', 'Tales turns two', '2027-03-01T00:00:00Z', '2027-03-05T00:00:00Z', '2027-03-08T00:00:00Z', 99, 'basic_1m')`,
    );
    const tales = { ...forApplication('tales'), [API_HEADERS.guestUserId]: testGuestId('tales') };
    expect(ids(await promotionsAt('2027-03-06T00:00:00Z', tales))).toEqual(['birthday-2027']);
    expect(await promotionsAt('2027-03-06T00:00:00Z')).toEqual([]); // not the main brand's
  });

  it('answers members too, and refuses callers without a guest id or of an unknown application', async () => {
    expect(ids(await promotionsAt('2025-02-14T00:00:00Z', await memberAt('2025-02-14T00:00:00Z')))).toContain('birthday-2025');
    expect((await t.app.inject({ method: 'GET', url: '/api/subscriptions/promotions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/subscriptions/promotions', headers: { ...guest, ...forApplication('nosuchapp') } })).statusCode).toBe(404);
  });

  it('prices the birthday offer at $0.99 for the first month at checkout during the sale, and refuses it after', async () => {
    const calc = async (at: string, extra: object) => {
      const headers = await memberAt(at);
      return t.app.inject({
        method: 'POST',
        url: '/api/checkout/calculate',
        headers,
        payload: { plan_id: 'premium_1m', email: 'bday@example.com', country: 'BR', state: '', postal_code: '01310-100', ...extra },
      });
    };
    const during = await calc('2025-02-14T12:00:00Z', { offer_id: 'birthday2025' });
    expect(during.statusCode).toBe(200);
    expect(during.json()).toMatchObject({ subtotal: 24.99, discounts: 24, total: 0.99 });
    expect((await calc('2025-02-16T00:00:01Z', { offer_id: 'BIRTHDAY2025' })).statusCode).toBe(404);
    // only for the monthly plan it names
    expect((await calc('2025-02-14T12:00:00Z', { offer_id: 'BIRTHDAY2025', plan_id: 'premium_1y' })).statusCode).toBe(404);
    const bf = await calc('2026-11-28T12:00:00Z', { offer_id: 'BLACKFRIDAY2026_MINIMAL', plan_id: 'minimal_1y' });
    expect(bf.json()).toMatchObject({ subtotal: 50, total: 36 });
  });
});
