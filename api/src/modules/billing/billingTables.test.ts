import { randomUUID } from 'node:crypto';
import type { Database } from '../../infra/db/database';
import { BACKENDS, createScratchDatabase, DB_SETUP_TIMEOUT_MS, type ScratchDatabase } from '../../testing/testDatabases';
import { appendLedger, ledgerOf } from './ledger';

/** The billing tables' own guarantees: the append-only ledger, one live subscription, idempotency keys, event dedup. */
describe.each(BACKENDS)('billing tables on %s', (backend) => {
  let scratch: ScratchDatabase;
  let db: Database;
  const now = new Date('2026-03-15T12:00:00Z');

  beforeAll(async () => {
    scratch = await createScratchDatabase(backend, { migrated: true });
    db = await scratch.open();
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await scratch?.drop();
  });

  async function user(): Promise<string> {
    const id = randomUUID();
    await db.query(`insert into users (id, application_id, created_at, updated_at) values ($1, 'fable', $2, $2)`, [id, now]);
    return id;
  }

  async function subscription(userId: string, status = 'active'): Promise<string> {
    const id = randomUUID();
    await db.query(
      `insert into subscriptions (id, user_id, application_id, plan_id, status, current_period_start, current_period_end, provider, created_at, updated_at)
       values ($1, $2, 'fable', 'basic_1m', $3, $4, $5, 'sandbox', $4, $4)`,
      [id, userId, status, now, new Date('2026-04-15T12:00:00Z')],
    );
    return id;
  }

  it('keeps the ledger append-only: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const userId = await user();
    const sub = await subscription(userId);
    await appendLedger(db, { application_id: 'fable', user_id: userId, subscription_id: sub, actor: 'member', actor_id: userId, action: 'subscription.created', to_state: 'active', amount_minor: 1500, currency: 'USD' }, now);
    await appendLedger(db, { application_id: 'fable', user_id: userId, subscription_id: sub, actor: 'member', actor_id: userId, action: 'subscription.cancelled', from_state: 'active', to_state: 'cancelled' }, new Date(now.getTime() + 1000));
    const entries = await ledgerOf(db, sub);
    expect(entries.map((e) => [e.action, e.from_state, e.to_state, e.amount_minor])).toEqual([
      ['subscription.created', null, 'active', 1500],
      ['subscription.cancelled', 'active', 'cancelled', null],
    ]);
    await expect(db.query(`update billing_ledger set to_state = 'expired' where subscription_id = $1`, [sub])).rejects.toThrow(/append-only/);
    await expect(db.query(`delete from billing_ledger where subscription_id = $1`, [sub])).rejects.toThrow(/append-only/);
    await expect(db.query('truncate billing_ledger')).rejects.toThrow(/append-only/);
    expect(await ledgerOf(db, sub)).toHaveLength(2);
  });

  it('allows one live subscription per member and application; an expired one does not count', async () => {
    const userId = await user();
    await subscription(userId, 'expired');
    await subscription(userId, 'active');
    await expect(subscription(userId, 'cancelled')).rejects.toThrow(/subscriptions_one_live_per_member|duplicate key/);
  });

  it('makes an idempotency key unique per member, not across members', async () => {
    const a = await user();
    const b = await user();
    const order = (userId: string) =>
      db.query(
        `insert into billing_orders (id, user_id, application_id, plan_id, kind, status, subtotal_minor, total_minor, currency, idempotency_key, request_hash, provider, created_at, updated_at)
         values ($1, $2, 'fable', 'basic_1m', 'purchase', 'pending', 1500, 1500, 'USD', 'same-key', 'h', 'sandbox', $3, $3)`,
        [randomUUID(), userId, now],
      );
    await order(a);
    await order(b);
    await expect(order(a)).rejects.toThrow(/duplicate key/);
  });

  it('stores a webhook event once per provider and event id', async () => {
    const event = (provider: string) =>
      db.query(
        `insert into payment_webhook_events (provider, event_id, event_created_at, type, payload, received_at) values ($1, 'evt_1', $2, 'invoice.paid', '{}', $2)
         on conflict (provider, event_id) do nothing`,
        [provider, now],
      );
    expect((await event('sandbox')).rowCount).toBe(1);
    expect((await event('sandbox')).rowCount).toBe(0);
    expect((await event('stripe')).rowCount).toBe(1);
  });

  it('seeds the plans of every application with annual plan ids holding 1y', async () => {
    const { rows } = await db.query<{ application_id: string; n: number; bad: number }>(
      `select application_id, count(*)::int as n, count(*) filter (where (period = 'annual') <> (plan_id like '%1y%'))::int as bad
         from billing_plans group by application_id order by application_id`,
    );
    expect(rows).toEqual([
      { application_id: 'fable', n: 5, bad: 0 },
      { application_id: 'storynest', n: 5, bad: 0 },
      { application_id: 'tales', n: 5, bad: 0 },
    ]);
    await expect(
      db.query(`insert into billing_plans (application_id, plan_id, name, role, period, price_minor) values ('fable', 'gold_1m', 'Gold', 'paid_basic', 'annual', 100)`),
    ).rejects.toThrow(/check/);
  });
});
