import { randomUUID } from 'node:crypto';
import { buildApp, type App } from '../../../app';
import { testConfig } from '../../../config';
import { DEFAULT_RATE_LIMITS } from '../../../http/rateLimits';
import type { Database } from '../../../infra/db/database';
import { eventually } from '../../../testing/eventually';
import { CARDS, startPaymentsLine, type PaymentsLine } from '../../../testing/paymentsSandbox';
import { describePayments } from '../../../testing/paymentsDescribe';
import { LOOSE_LIMITS, TEST_JWT_SECRET } from '../../../testing/testApp';
import { DB_SETUP_TIMEOUT_MS } from '../../../testing/testDatabases';
import { acquireOrderLease, isOrderLeased, releaseOrderLease, waitForOrderLease } from './orderLease';
import { insertOrder } from './orders';

// Two API instances behind one database (issue 15): a double-clicked Subscribe whose two requests land on different
// instances charges once. The second instance's line to the provider is cut, so it can only answer without calling the
// provider: it waits for the order's lease (orderLease.ts) held by the first instance, then answers the same order.
describePayments('card subscribe across API instances on %s', (rig, backend) => {
  let second: App;
  let secondDb: Database;
  let cutLine: PaymentsLine;

  beforeAll(async () => {
    // the main brand offers payport too: the sandbox's generic redirect sessions, through the cut line
    await rig.t.db.query(`update billing_purchase_options set payment_methods = $1 where application_id = 'fable'`, [JSON.stringify(['card', 'volt', 'coinpayments', 'payssion', 'payport'])]);
    cutLine = await startPaymentsLine(rig.payments.sandbox.url);
    cutLine.setMode('down');
    // PostgreSQL: a pool of its own, as another process has; PGlite is one in-memory database, shared.
    secondDb = backend === 'postgres' ? await rig.t.scratch.open() : rig.t.db;
    second = await buildApp(testConfig({ jwtSecret: TEST_JWT_SECRET, payments: { ...rig.payments.config, sandboxUrl: cutLine.url } }), {
      db: secondDb,
      clock: rig.t.clock,
      limits: { ...DEFAULT_RATE_LIMITS, ...LOOSE_LIMITS },
    });
    await second.ready();
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await second?.close();
    await cutLine?.close();
  });

  const body = async (extra: object = {}) => ({
    payment_token: await rig.payments.cardToken(CARDS.approves),
    email: 'twice@example.com',
    first_name: 'Double',
    last_name: 'Click',
    country: 'GB',
    postal_code: 'SW1A 1AA',
    plan_id: 'basic_1m',
    idempotency_key: randomUUID(),
    ...extra,
  });
  const subscribeOn = (app: App, headers: Record<string, string>, payload: object) =>
    app.inject({ method: 'POST', url: '/api/checkout/subscribe', headers, payload }).then((res) => ({ status: res.statusCode, json: res.json() }));
  const ordersOf = async (userId: string) =>
    (await rig.t.db.query<{ status: string; lease_holder: string | null }>('select status, lease_holder from billing_orders where user_id = $1', [userId])).rows;
  const paidOf = (userId: string) => rig.payments.paidCharges().filter((c) => c.metadata.user_id === userId);

  it('a double click landing on two instances charges once and answers the same order on both', async () => {
    const m = await rig.member('twice');
    const payload = await body();
    const first = subscribeOn(rig.t.app, m.headers, payload);
    // The second click reaches the other instance once the first has made the order (leased while it is charged).
    await eventually(async () => (await ordersOf(m.id)).length === 1);
    const [a, b] = await Promise.all([first, subscribeOn(second, m.headers, payload)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.json).toEqual(a.json);
    expect(paidOf(m.id)).toHaveLength(1);
    expect(await ordersOf(m.id)).toEqual([{ status: 'succeeded', lease_holder: null }]);
  });

  it('two tabs on two instances: the second waits for the first’s charge and is told the member is subscribed', async () => {
    const m = await rig.member('tabs');
    const first = subscribeOn(rig.t.app, m.headers, await body());
    // The second tab's request comes while the first order is being charged (leased) on the first instance.
    await eventually(async () => (await ordersOf(m.id)).length === 1);
    const secondTab = await subscribeOn(second, m.headers, await body({ plan_id: 'premium_1m' }));
    expect((await first).status).toBe(200);
    expect(secondTab.status).toBe(409);
    expect(secondTab.json.error.code).toBe('already_subscribed');
    expect(paidOf(m.id)).toHaveLength(1);
  });

  it('a request for an order leased elsewhere waits for the lease, then drives the order itself', async () => {
    const m = await rig.member('waits');
    const payload = await body();
    // The first instance's request made the order and is charging it (its lease), as far as the second can tell.
    const first = subscribeOn(rig.t.app, m.headers, payload);
    await eventually(async () => (await ordersOf(m.id)).length === 1);
    await first;
    const { rows } = await rig.t.db.query<{ id: string }>('select id::text as id from billing_orders where user_id = $1', [m.id]);
    const orderId = rows[0]!.id;
    await rig.t.db.query(`update billing_orders set status = 'pending' where id = $1`, [orderId]);
    const holder = (await acquireOrderLease(rig.t.db, orderId, rig.t.clock.now()))!;
    let answered = false;
    const waiting = subscribeOn(second, m.headers, payload).finally(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    // Released with the order still pending: the second instance drives it, through its cut line (503, the order kept).
    await releaseOrderLease(rig.t.db, orderId, holder);
    const res = await waiting;
    expect(res.status).toBe(503);
    expect(paidOf(m.id)).toHaveLength(1);
  });

  it('a redirect provider payment clicked twice on two instances makes one session and answers it on both', async () => {
    const m = await rig.member('redirect');
    const payload = { email: 'r@example.com', first_name: 'Re', last_name: 'Direct', country: 'US', state: 'CA', postal_code: '90210', plan_id: 'basic_1m', payment_option: null, idempotency_key: randomUUID() };
    const payOn = (app: App) => app.inject({ method: 'POST', url: '/api/checkout/payport_new_payment', headers: m.headers, payload }).then((res) => ({ status: res.statusCode, json: res.json() }));
    const first = payOn(rig.t.app);
    await eventually(async () => (await ordersOf(m.id)).length === 1);
    const [a, b] = await Promise.all([first, payOn(second)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.json).toEqual(a.json);
    expect(a.json.url).toEqual(expect.any(String));
    expect([...rig.payments.sandbox.state.redirectSessions.values()].filter((session) => session.metadata.user_id === m.id)).toHaveLength(1);
  });

  it('a lease is taken once, released by its holder only, and runs out when its process is gone', async () => {
    const m = await rig.member('lease');
    const now = rig.t.clock.now();
    const order = (await insertOrder(
      rig.t.db,
      { userId: m.id, applicationId: 'fable', planId: 'basic_1m', subtotalMinor: 1500, discountMinor: 0, taxMinor: 0, totalMinor: 1500, currency: 'USD', couponCode: null, idempotencyKey: randomUUID(), requestHash: 'test', provider: 'sandbox' },
      now,
    ))!;
    const [one, two] = await Promise.all([acquireOrderLease(rig.t.db, order.id, now), acquireOrderLease(secondDb, order.id, now)]);
    expect([one, two].filter((h) => h !== null)).toHaveLength(1);
    const holder = (one ?? two)!;
    await releaseOrderLease(rig.t.db, order.id, 'someone-else');
    expect(await isOrderLeased(rig.t.db, order.id, now)).toBe(true);
    expect(await waitForOrderLease(rig.t, order.id, 120)).toBeNull();
    // Its holder died: the lease runs out and another request may take it.
    rig.t.clock.set(new Date(now.getTime() + 2 * 60_000 + 1));
    expect(await isOrderLeased(rig.t.db, order.id, rig.t.clock.now())).toBe(false);
    expect(await acquireOrderLease(secondDb, order.id, rig.t.clock.now())).toEqual(expect.any(String));
    await releaseOrderLease(rig.t.db, order.id, holder);
    expect(await isOrderLeased(rig.t.db, order.id, rig.t.clock.now())).toBe(true);
  });
});
