import { createHmac, randomUUID } from 'node:crypto';
import { CARDS, PAYMENTS_WEBHOOK_PATH, TEST_WEBHOOK_SECRETS, type PaymentsLine, type TestPaymentsSandbox } from '../../../testing/paymentsSandbox';
import { describePayments } from '../../../testing/paymentsDescribe';
import type { TestApp } from '../../../testing/testApp';

// POST /api/v2/payments/webhook against the sandbox's real deliveries (duplicated, reordered, redelivered) and against
// events signed here (bad signatures, late events), on both databases.

interface SandboxEvent {
  id: string;
  type: string;
  created: number;
  data: { object: { id: string; object: string; metadata?: Record<string, string> } };
}

describePayments('payments webhook on %s', (rig) => {
  let t: TestApp;
  let payments: TestPaymentsSandbox;
  let line: PaymentsLine;
  beforeAll(() => ({ t, payments, line } = rig));

  const member = () => rig.member('hook');
  const subscribe = async (headers: Record<string, string>, card: string, extra: object = {}) => {
    const payload = {
      payment_token: await payments.cardToken(card),
      email: 'hook@example.com',
      first_name: 'Hook',
      last_name: 'Member',
      country: 'GB',
      postal_code: 'SW1A 1AA',
      plan_id: 'premium_1m',
      idempotency_key: randomUUID(),
      ...extra,
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/checkout/subscribe', headers, payload });
    return { status: res.statusCode, body: res.json() };
  };
  const decide3ds = (url: string, outcome: 'success' | 'failure') => rig.decide3ds(url, outcome);
  const sandboxEvents = async () => (await payments.control('GET', '/_sandbox/events')).body.data as SandboxEvent[];
  const subscriptionsOf = async (userId: string) => (await t.db.query('select status from subscriptions where user_id = $1', [userId])).rows;
  const ordersOf = async (userId: string) =>
    (await t.db.query<{ status: string; id: string }>('select id::text as id, status from billing_orders where user_id = $1 order by created_at', [userId])).rows;
  const ledgerActions = async (userId: string) =>
    (await t.db.query<{ action: string; actor: string }>('select action, actor from billing_ledger where user_id = $1 order by id', [userId])).rows.map((r) => `${r.actor}:${r.action}`);

  /** Posts `body` signed with `secret` at `at` (seconds), as a provider would. */
  const post = async (body: string, signature: string | null) =>
    t.app.inject({
      method: 'POST',
      url: PAYMENTS_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
      payload: body,
    });
  const sign = (body: string, secret: string, at = Math.floor(Date.now() / 1000)) =>
    `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
  const eventBody = (type: string, created: number, object: Record<string, unknown>) =>
    JSON.stringify({ id: `evt_test_${randomUUID().replace(/-/g, '')}`, object: 'event', api_version: '2024-06-20', created, type, data: { object }, livemode: false });

  it('refuses a missing, foreign, tampered or stale signature with 400; accepts either live secret; a redelivery is recorded once', async () => {
    const body = eventBody('customer.created', Math.floor(Date.now() / 1000), { id: 'cus_test_x', object: 'customer' });
    const missing = await post(body, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('invalid_signature');
    expect((await post(body, sign(body, 'whsec_not_ours_at_all'))).statusCode).toBe(400);
    expect((await post(body.replace('cus_test_x', 'cus_test_y'), sign(body, TEST_WEBHOOK_SECRETS[0]))).statusCode).toBe(400);
    expect((await post(body, sign(body, TEST_WEBHOOK_SECRETS[0], Math.floor(Date.now() / 1000) - 301))).statusCode).toBe(400);
    const id = JSON.parse(body).id as string;
    expect((await t.db.query('select 1 from payment_webhook_events where event_id = $1', [id])).rows).toHaveLength(0);

    expect((await post(body, sign(body, TEST_WEBHOOK_SECRETS[1]))).statusCode).toBe(200);
    expect((await post(body, sign(body, TEST_WEBHOOK_SECRETS[0]))).statusCode).toBe(200);
    const rows = await t.db.query<{ applied: boolean }>('select applied_at is not null as applied from payment_webhook_events where event_id = $1', [id]);
    expect(rows.rows).toEqual([{ applied: true }]);
  });

  it('duplicated and reversed deliveries of a 3-D Secure payment whose tab was closed: one subscription, applied once', async () => {
    const m = await member();
    await payments.control('POST', '/_sandbox/webhooks/hold');
    await payments.control('POST', '/_sandbox/webhooks/duplicate_next', { count: 20 });
    const res = await subscribe(m.headers, CARDS.threeDSecure);
    expect(res.body.iframe_3ds_url).toBeTruthy();
    await decide3ds(res.body.iframe_3ds_url, 'success');
    await payments.control('POST', '/_sandbox/webhooks/release', { order: 'reverse' });
    await payments.sandbox.webhooks.idle();

    expect(await subscriptionsOf(m.id)).toEqual([{ status: 'active' }]);
    expect((await ordersOf(m.id)).map((o) => o.status)).toEqual(['succeeded']);
    expect(await ledgerActions(m.id)).toEqual(['member:order.requires_action', 'provider:order.succeeded', 'provider:subscription.created', 'provider:member.tier_changed']);
    const intentId = res.body.iframe_3ds_url.match(/\/3ds\/(pi_[^?]+)/)[1] as string;
    const stored = await t.db.query<{ event_id: string }>(`select event_id from payment_webhook_events where payload -> 'object' ->> 'id' = $1`, [intentId]);
    const deliveredIds = (await sandboxEvents()).filter((e) => e.data.object.id === intentId).map((e) => e.id);
    expect(stored.rows.map((r) => r.event_id).sort()).toEqual([...new Set(deliveredIds)].sort());
    const deliveries = (await payments.control('GET', '/_sandbox/deliveries')).body.data as Array<{ event_id: string }>;
    expect(deliveries.filter((d) => deliveredIds.includes(d.event_id)).length).toBeGreaterThan(deliveredIds.length);
  });

  it('the same event delivered three times at once applies once', async () => {
    const m = await member();
    await payments.control('POST', '/_sandbox/webhooks/hold');
    const res = await subscribe(m.headers, CARDS.threeDSecure);
    await decide3ds(res.body.iframe_3ds_url, 'success');
    const succeeded = (await sandboxEvents()).find((e) => e.type === 'payment_intent.succeeded' && e.data.object.metadata?.user_id === m.id)!;
    const body = JSON.stringify(succeeded);
    const answers = await Promise.all([1, 2, 3].map(() => post(body, sign(body, TEST_WEBHOOK_SECRETS[0]))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await subscriptionsOf(m.id)).toHaveLength(1);
    expect((await ledgerActions(m.id)).filter((a) => a.endsWith('order.succeeded'))).toHaveLength(1);
  });

  it('a late event older than one already applied to the same payment is recorded but not applied', async () => {
    const m = await member();
    await payments.control('POST', '/_sandbox/webhooks/hold');
    const res = await subscribe(m.headers, CARDS.threeDSecure);
    const [order] = await ordersOf(m.id);
    const intent = payments.sandbox.state.paymentIntents.get(res.body.iframe_3ds_url.match(/\/3ds\/(pi_[^?]+)/)[1])!;
    const now = Math.floor(Date.now() / 1000);
    const object = { id: intent.id, object: 'payment_intent', amount: intent.amount, currency: intent.currency, metadata: intent.metadata, status: 'canceled' };
    const newer = eventBody('payment_intent.canceled', now, object);
    const older = eventBody('payment_intent.succeeded', now - 60, { ...object, status: 'succeeded' });
    expect((await post(newer, sign(newer, TEST_WEBHOOK_SECRETS[0]))).statusCode).toBe(200);
    expect((await post(older, sign(older, TEST_WEBHOOK_SECRETS[0]))).statusCode).toBe(200);
    expect((await ordersOf(m.id)).map((o) => o.status)).toEqual(['failed']);
    expect(await subscriptionsOf(m.id)).toHaveLength(0);
    expect(await ledgerActions(m.id)).toEqual(['member:order.requires_action', 'provider:order.failed']);
    const late = await t.db.query<{ applied: boolean }>('select applied_at is not null as applied from payment_webhook_events where event_id = $1', [JSON.parse(older).id]);
    expect(late.rows).toEqual([{ applied: true }]);
    expect(order?.id).toBe(intent.metadata.order_id);
  });

  it('an event whose intent does not match its order (amount, member) changes nothing', async () => {
    const m = await member();
    const other = await member();
    await payments.control('POST', '/_sandbox/webhooks/hold');
    const res = await subscribe(m.headers, CARDS.threeDSecure);
    const intent = payments.sandbox.state.paymentIntents.get(res.body.iframe_3ds_url.match(/\/3ds\/(pi_[^?]+)/)[1])!;
    const now = Math.floor(Date.now() / 1000);
    for (const object of [
      { id: intent.id, object: 'payment_intent', amount: 1, currency: intent.currency, metadata: intent.metadata },
      { id: intent.id, object: 'payment_intent', amount: intent.amount, currency: intent.currency, metadata: { ...intent.metadata, user_id: other.id } },
    ]) {
      const body = eventBody('payment_intent.succeeded', now, object);
      expect((await post(body, sign(body, TEST_WEBHOOK_SECRETS[0]))).statusCode).toBe(200);
    }
    expect((await ordersOf(m.id)).map((o) => o.status)).toEqual(['requires_action']);
    expect(await subscriptionsOf(m.id)).toHaveLength(0);
    expect(await subscriptionsOf(other.id)).toHaveLength(0);
  });

  it('a payment that goes through for an order given up meanwhile is refunded: one net charge, one subscription', async () => {
    const m = await member();
    await payments.control('POST', '/_sandbox/webhooks/hold');
    line.setMode('lose_charge_answers');
    expect((await subscribe(m.headers, CARDS.approves)).status).toBe(503);
    line.setMode('pass');
    // Another tab, another key: the first order (its answer lost, nobody driving it) is given up, this one pays.
    const second = await subscribe(m.headers, CARDS.approves, { plan_id: 'basic_1m' });
    expect(second.status).toBe(200);
    await payments.control('POST', '/_sandbox/webhooks/release', { order: 'as_created' });
    await payments.sandbox.webhooks.idle();

    const orders = await ordersOf(m.id);
    expect(orders.map((o) => o.status).sort()).toEqual(['refunded', 'succeeded']);
    const paid = payments.paidCharges().filter((c) => c.metadata.user_id === m.id);
    expect(paid.map((c) => c.amount - c.refunded).sort()).toEqual([0, 1500 + 300]);
    expect(await subscriptionsOf(m.id)).toEqual([{ status: 'active' }]);
    expect(await ledgerActions(m.id)).toEqual([
      'member:order.failed',
      'member:order.succeeded',
      'member:subscription.created',
      'member:member.tier_changed',
      'provider:order.refunded',
    ]);
  });
});
