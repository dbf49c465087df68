import { SessionUserSchema } from '@fable/contracts';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { bearer, signInByEmail, signUp, startTestApp, type TestApp } from '../../testing/testApp';
import { runBillingJobs } from '../billing/lifecycle/billingJobs';
import { grantFreeMonths } from '../billing/lifecycle/freeMonths';
import { computeLeaderboardMonth } from './leaderboardComputation';
import { addActivity, insertCharacter, insertCreator } from './leaderboardFixtures';
import { approveLeaderboardMonth } from './leaderboardPrizes';

const at = (iso: string) => new Date(iso);

// Prizes become free months through billing (lifecycle/freeMonths.ts): an order, a complimentary subscription or an
// extension with its ledger entries, the role at once, the expiry queued; once per month even when approvals race.
describe.each(BACKENDS)('leaderboard prizes through billing on %s', (backend) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const idOf = (name: string) => ids[name] ?? '';
  let month = 0;

  const tierOf = async (name: string) => (await t.db.query<{ tier: string }>('select tier from users where id = $1', [idOf(name)])).rows[0]!.tier;
  const me = async (name: string) => {
    const { token } = await signInByEmail(t.app, `${name}@example.com`);
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(token) });
    return SessionUserSchema.parse(res.json());
  };

  /** A fresh past month (2025-01, 2025-02, …) where `ranking`'s creators rank in this order in All Bots, computed. */
  const computedMonth = async (ranking: string[]) => {
    month += 1;
    const m = `2025-${String(month).padStart(2, '0')}`;
    for (const [i, name] of ranking.entries()) {
      const creator = { user_id: idOf(name), username: name };
      const character = await insertCharacter(t.db, creator, { createdAt: at('2024-01-01T00:00:00Z') });
      await addActivity(t.db, character, { [`${m}-10`]: 1000 - i });
    }
    await computeLeaderboardMonth(t.db, m, { now: t.clock.now(), by: 'test' });
    return m;
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    t.clock.set(at('2026-01-01T00:00:00Z'));
    for (const name of ['winner', 'subscriber', 'racer', 'runner_up', 'third', 'twin_a', 'twin_b']) {
      ids[name] = (await signUp(t.app, `${name}@example.com`, name)).user.id;
      await insertCreator(t.db, { username: name, userId: ids[name] });
    }
  }, DB_SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await t?.close();
  });

  it('gives a winner without a subscription a complimentary one: ledger, role at once, expiry at its end', async () => {
    t.clock.set(at('2026-01-10T12:00:00Z'));
    const m = await computedMonth(['winner']);
    expect(await tierOf('winner')).toBe('free');
    const approved = await approveLeaderboardMonth(t.db, m, { now: t.clock.now(), by: 'test' });
    expect(approved.prizes).toEqual([{ creator_username: 'winner', type: 'All Bots', rank: 1, tier: 'premium', months: 1 }]);

    expect(await tierOf('winner')).toBe('premium');
    expect((await me('winner')).role).toBe('premium');
    // The winner is told, once: the prize (its complimentary subscription's ledger line), with a way to the leaderboard.
    const { rows: told } = await t.db.query<{ kind: string; title: string; link: string }>('select kind, title, link from notifications where user_id = $1', [idOf('winner')]);
    expect(told).toEqual([{ kind: 'leaderboard_prize', title: 'You won a leaderboard prize', link: '/creators/leaderboard' }]);
    const { rows: subs } = await t.db.query<{ id: string; plan_id: string; provider: string; current_period_end: Date }>(
      'select id::text as id, plan_id, provider, current_period_end from subscriptions where user_id = $1',
      [idOf('winner')],
    );
    expect(subs.map((s) => [s.plan_id, s.provider, s.current_period_end.toISOString()])).toEqual([['premium_1m', 'complimentary', '2026-02-10T12:00:00.000Z']]);
    const { rows: ledger } = await t.db.query<{ action: string; amount_minor: number; details: { source?: string } }>(
      'select action, amount_minor, details from billing_ledger where user_id = $1 order by id',
      [idOf('winner')],
    );
    expect(ledger.map((l) => [l.action, l.amount_minor, l.details.source])).toEqual([['subscription.created', 0, `leaderboard:${m}:All Bots`]]);
    const { rows: jobs } = await t.db.query<{ kind: string; run_at: Date }>(`select kind, run_at from billing_jobs where payload->>'subscription_id' = $1`, [subs[0]!.id]);
    expect(jobs.map((j) => [j.kind, j.run_at.toISOString()])).toEqual([['renew', '2026-02-10T12:00:00.000Z']]);
    // The month runs out: the worker expires it, the role goes back to free, nothing was charged.
    t.clock.set(at('2026-02-10T12:00:01Z'));
    await runBillingJobs({ db: t.db, payments: null }, t.clock.now());
    expect(await tierOf('winner')).toBe('free');
    expect((await me('winner')).role).toBe('free');
    const { rows: orders } = await t.db.query<{ total_minor: number }>('select total_minor from billing_orders where user_id = $1', [idOf('winner')]);
    expect(orders).toEqual([{ total_minor: 0 }]);
  });

  it('extends a basic subscriber by the prize’s months and raises them to premium for those months only', async () => {
    t.clock.set(at('2026-03-01T12:00:00Z'));
    const basic = await grantFreeMonths(t.db, { userId: idOf('subscriber'), applicationId: 'fable', tier: 'basic', months: 1, source: 'earlier-basic' }, t.clock.now());
    if (basic.outcome !== 'created') throw new Error('expected a new subscription');
    const m = await computedMonth(['subscriber']);
    await approveLeaderboardMonth(t.db, m, { now: t.clock.now(), by: 'test' });

    const { rows: subs } = await t.db.query<{ id: string; plan_id: string; current_period_end: Date }>(
      'select id::text as id, plan_id, current_period_end from subscriptions where user_id = $1',
      [idOf('subscriber')],
    );
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ id: basic.subscription_id, plan_id: 'basic_1m' });
    expect(subs[0]!.current_period_end.getTime()).toBeGreaterThan(basic.period_end.getTime());
    const { rows: ledger } = await t.db.query<{ action: string; details: { source?: string } }>(
      `select action, details from billing_ledger where subscription_id = $1 and action = 'subscription.free_months'`,
      [basic.subscription_id],
    );
    expect(ledger.map((l) => l.details.source)).toEqual([`leaderboard:${m}:All Bots`]);
    // The plan stays basic; the prize's premium month is a tier grant on top, recorded with the prize.
    expect(await tierOf('subscriber')).toBe('basic');
    expect((await me('subscriber')).role).toBe('premium');
    const { rows: prize } = await t.db.query<{ grant_id: string | null }>('select grant_id from leaderboard_prizes where month = $1', [m]);
    expect(prize[0]?.grant_id).toEqual(expect.any(String));
    t.clock.set(new Date(t.clock.now().getTime() + 32 * 24 * 3600_000));
    expect((await me('subscriber')).role).toBe('basic');
  });

  it('grants once when two approvals of the same month race, and nothing more when approved a third time', async () => {
    t.clock.set(at('2026-06-01T12:00:00Z'));
    const m = await computedMonth(['racer', 'runner_up', 'third']);
    const approve = () => approveLeaderboardMonth(t.db, m, { now: t.clock.now(), by: 'test' });
    const [first, second] = await Promise.all([approve(), approve()]);
    expect([first.published, second.published].sort()).toEqual([false, true]);
    expect(second.prizes).toEqual(first.prizes);
    await approve();
    const { rows } = await t.db.query<{ user_id: string; n: number }>(
      `select user_id::text as user_id, count(*)::int as n from billing_orders where idempotency_key like $1 group by user_id`,
      [`free:leaderboard:${m}:%`],
    );
    expect(rows.map((r) => r.n)).toEqual([1, 1, 1]);
    const { rows: prizes } = await t.db.query<{ n: number }>(
      `select count(*)::int as n from notifications where kind = 'leaderboard_prize' and user_id::text = any($1)`,
      [rows.map((r) => r.user_id)],
    );
    expect(prizes[0]!.n).toBe(3);
    const { rows: created } = await t.db.query<{ n: number }>(
      `select count(*)::int as n from billing_ledger where details->>'source' like $1`,
      [`leaderboard:${m}:%`],
    );
    expect(created[0]!.n).toBe(3);
    expect(await tierOf('racer')).toBe('premium');
    expect(await tierOf('runner_up')).toBe('premium');
    expect(await tierOf('third')).toBe('premium');
  });

  it('two months approved at once for the same winners without a subscription: one creates it, the other extends it', async () => {
    t.clock.set(at('2026-07-01T12:00:00Z'));
    const first = await computedMonth(['twin_a', 'twin_b']);
    const second = await computedMonth(['twin_b', 'twin_a']);
    const approved = await Promise.all([first, second].map((m) => approveLeaderboardMonth(t.db, m, { now: t.clock.now(), by: 'test' })));
    expect(approved.map((a) => a.published)).toEqual([true, true]);
    for (const name of ['twin_a', 'twin_b']) {
      const { rows: subs } = await t.db.query<{ status: string; current_period_end: Date }>('select status, current_period_end from subscriptions where user_id = $1', [idOf(name)]);
      expect(subs.map((s) => [s.status, s.current_period_end.toISOString()])).toEqual([['active', '2026-09-01T12:00:00.000Z']]);
      const { rows: ledger } = await t.db.query<{ action: string; source: string }>(
        `select action, details->>'source' as source from billing_ledger where user_id = $1 order by id`,
        [idOf(name)],
      );
      expect(ledger.map((l) => l.action)).toEqual(['subscription.created', 'subscription.free_months']);
      expect(ledger.map((l) => l.source).sort()).toEqual([`leaderboard:${first}:All Bots`, `leaderboard:${second}:All Bots`]);
      expect(await tierOf(name)).toBe('premium');
    }
  });
});
