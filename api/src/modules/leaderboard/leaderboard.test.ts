import { API_HEADERS, LeaderboardResultSchema, SessionUserSchema, type LeaderboardEntry, type LeaderboardResult } from '@fable/contracts';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { bearer, signInByEmail, signUp, startTestApp, testGuestId, type TestApp } from '../../testing/testApp';
import { runBillingJobs } from '../billing/lifecycle/billingJobs';
import { recordCharacterActivity } from './characterActivity';
import { FAVORITE_WEIGHT } from './leaderboardComputation';
import { addActivity, insertCharacter, insertCreator, type FixtureCreator } from './leaderboardFixtures';

const ADMIN_EMAIL = 'boss@example.com';
const guest = { [API_HEADERS.guestUserId]: testGuestId() };
const at = (iso: string) => new Date(iso);

describe.each(BACKENDS)('creator leaderboard on %s', (backend) => {
  let t: TestApp;
  let adminToken: string;
  let memberToken: string;
  const accounts: Record<string, string> = {};
  const creators: Record<string, FixtureCreator> = {};

  /** Signs in again (moving the clock expires access tokens). */
  const tokenOf = async (email: string) => (await signInByEmail(t.app, email)).token;
  const admin = async () => bearer((adminToken = await tokenOf(ADMIN_EMAIL)));

  const list = async (query = '', headers: Record<string, string> = guest) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/leaderboard${query}`, headers });
    expect(res.statusCode).toBe(200);
    return LeaderboardResultSchema.parse(res.json());
  };
  const post = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: `/api${url}`, headers });
  const of = (result: LeaderboardResult, type: LeaderboardEntry['type']) => result.entries.filter((e) => e.type === type);
  const entryOf = (result: LeaderboardResult, type: LeaderboardEntry['type'], username: string) =>
    of(result, type).find((e) => e.creator_username === username);
  const me = async (email: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(await tokenOf(email)) });
    return SessionUserSchema.parse(res.json());
  };

  beforeAll(async () => {
    t = await startTestApp(backend, { config: { adminEmails: [ADMIN_EMAIL] } });
    t.clock.set(at('2026-10-15T12:00:00Z'));
    adminToken = (await signUp(t.app, ADMIN_EMAIL, 'the_boss')).token;
    memberToken = (await signUp(t.app, 'member@example.com', 'plain_member')).token;
    for (const name of ['alice', 'bob', 'dave', 'f00']) {
      accounts[name] = (await signUp(t.app, `${name}@example.com`, name)).user.id;
    }

    const db = t.db;
    const c = async (username: string, createdAt?: string) => {
      creators[username] = await insertCreator(db, { username, userId: accounts[username], createdAt: createdAt ? at(createdAt) : undefined });
      return creators[username]!;
    };
    const old = at('2026-05-01T00:00:00Z');

    // alice: an old character (All Bots only) and one created in October (both categories). Favourites are net.
    const alice = await c('alice');
    const a1 = await insertCharacter(db, alice, { createdAt: at('2026-10-05T09:00:00Z') });
    const a2 = await insertCharacter(db, alice, { createdAt: old });
    await addActivity(db, a1, { '2026-10-05': 600, '2026-10-06': { messages: 400, favorites: 12 }, '2026-10-20': { favorites: -2 } });
    // The last day of September counts for September only; the first of November for nobody here.
    await addActivity(db, a2, { '2026-09-10': 8900, '2026-09-30': 100, '2026-10-31': 500, '2026-11-01': 7000 });

    // bob: one old public character; his private and unlisted characters do not count.
    const bob = await c('bob');
    await addActivity(db, await insertCharacter(db, bob, { createdAt: old }), { '2026-09-02': 4000, '2026-10-10': 5000 });
    await addActivity(db, await insertCharacter(db, bob, { createdAt: old, visibility: 'private' }), { '2026-10-10': 100_000 });
    await addActivity(db, await insertCharacter(db, bob, { createdAt: old, visibility: 'hidden' }), { '2026-10-10': 100_000 });

    // carol: a seeded creator (no account) with a new October character; her sister-brand character does not count.
    const carol = await c('carol');
    await addActivity(db, await insertCharacter(db, carol, { createdAt: at('2026-10-03T00:00:00Z') }), { '2026-10-04': 3000 });
    await addActivity(db, await insertCharacter(db, carol, { createdAt: old, applicationId: 'tales' }), { '2026-10-04': 90_000 });

    // Equal scores: the earlier creator ranks first, whatever the usernames.
    for (const [name, since] of [['zz_tie_early', '2025-01-01T00:00:00Z'], ['aa_tie_late', '2025-06-01T00:00:00Z']] as const) {
      await addActivity(db, await insertCharacter(db, await c(name, since), { createdAt: old }), { '2026-10-12': 900 });
    }

    // dave: a new October character only.
    const dave = await c('dave');
    await addActivity(db, await insertCharacter(db, dave, { createdAt: at('2026-10-20T00:00:00Z') }), { '2026-10-21': 300 });
    await insertCharacter(db, dave, { createdAt: at('2026-10-22T00:00:00Z'), visibility: 'private' });

    // A September newcomer, silent in October.
    const septNew = await c('sept_new');
    await addActivity(db, await insertCharacter(db, septNew, { createdAt: at('2026-09-10T00:00:00Z') }), { '2026-09-11': 200 });

    // 30 small creators f00..f29 (f00 has an account): only the first ones make the top 25.
    for (let i = 0; i < 30; i++) {
      const name = `f${String(i).padStart(2, '0')}`;
      const id = await insertCharacter(db, await c(name), { createdAt: old });
      await addActivity(db, id, { '2026-10-15': 100 - i, ...(i === 0 ? { '2026-09-15': 50 } : {}) });
    }
  }, DB_SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await t?.close();
  });

  it('gives the ADMIN_EMAILS user the employee role and the admin permission, and no one else', async () => {
    const boss = await me(ADMIN_EMAIL);
    expect(boss.roles).toContain('employee');
    expect(boss.permissions).toContain('admin');
    const member = await me('member@example.com');
    expect(member.permissions).not.toContain('admin');
  });

  // The monthly cycle is one sequence: each step asserts on what the steps before it left (nothing computed yet,
  // September computed then approved, October computed once the month is over, approved, approved again, the
  // prizes' grants running and ending), so it runs in order as one test, each step in its own block.
  it('runs the monthly cycle in order: refused calls, September computed and approved, then October, grants running and ending', async () => {
    t.clock.set(at('2026-10-15T12:00:00Z'));
    {
      // 1. refuses the admin calls to members (403) and guests (401)
      for (const url of ['/admin/leaderboard/2026-09/compute', '/admin/leaderboard/2026-09/approve']) {
        const asMember = await post(url, bearer(memberToken));
        expect(asMember.statusCode).toBe(403);
        expect((await post(url, guest)).statusCode).toBe(401);
      }
      expect((await t.db.query('select 1 from leaderboard_months')).rowCount).toBe(0);
    }

    {
      // 2. shows nothing before any month is published
      expect(await list()).toEqual({ date: null, months: [], entries: [] });
    }

    {
      // 3. computes a month: scores, categories, ranks, top 25, ties
      const res = await post('/admin/leaderboard/2026-09/compute', bearer(adminToken));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ date: '2026-09', entries: 5 });

      const september = await list('?date=2026-09', bearer(adminToken));
      expect(of(september, 'All Bots').map((e) => [e.creator_username, e.score, e.rank])).toEqual([
        ['alice', 9000, 1],
        ['bob', 4000, 2],
        ['sept_new', 200, 3],
        ['f00', 50, 4],
      ]);
      expect(of(september, 'New Bots').map((e) => [e.creator_username, e.score, e.number_of_characters])).toEqual([['sept_new', 200, 1]]);
      // Creators without September activity (score 0) are not ranked.
      expect(september.entries).toHaveLength(5);
      expect(september.entries.every((e) => e.status === 'pending' && e.movement === null && e.date === '2026-09')).toBe(true);
    }

    {
      // 4. keeps pending entries from guests and members, and shows them to admins
      expect(await list()).toEqual({ date: null, months: [], entries: [] });
      expect(await list('?date=2026-09', bearer(memberToken))).toEqual({ date: '2026-09', months: [], entries: [] });
      const asAdmin = await list('', bearer(adminToken));
      expect(asAdmin.date).toBe('2026-09');
      expect(asAdmin.months).toEqual(['2026-09']);
      expect(asAdmin.entries.length).toBeGreaterThan(0);
      // The admin's view was not cached for the public.
      expect(await list()).toEqual({ date: null, months: [], entries: [] });
    }

    {
      // 5. computes the current month but approves a month only once it has ended; a future month is refused
      expect((await post('/admin/leaderboard/2026-10/compute', bearer(adminToken))).statusCode).toBe(200);
      const early = await post('/admin/leaderboard/2026-10/approve', bearer(adminToken));
      expect(early.statusCode).toBe(409);
      expect(early.json().error.code).toBe('leaderboard_month_not_over');
      const future = await post('/admin/leaderboard/2026-11/compute', bearer(adminToken));
      expect(future.statusCode).toBe(400);
      expect(future.json().error.code).toBe('leaderboard_future_month');
      const missing = await post('/admin/leaderboard/2026-08/approve', bearer(adminToken));
      expect(missing.statusCode).toBe(404);
      expect((await post('/admin/leaderboard/2026-13/compute', bearer(adminToken))).statusCode).toBe(400);
    }

    {
      // 6. approves September: publishes it and grants its prizes
      const res = await post('/admin/leaderboard/2026-09/approve', bearer(adminToken));
      expect(res.statusCode).toBe(200);
      // sept_new (no account) is New Bots #1 and All Bots #3: one prize (New Bots), not granted.
      expect(res.json()).toEqual({
        date: '2026-09',
        prizes: [
          { creator_username: 'alice', type: 'All Bots', rank: 1, tier: 'premium', months: 1 },
          { creator_username: 'bob', type: 'All Bots', rank: 2, tier: 'premium', months: 1 },
          { creator_username: 'f00', type: 'All Bots', rank: 4, tier: 'basic', months: 1 },
        ],
      });
      const published = await list();
      expect(published.date).toBe('2026-09');
      expect(published.months).toEqual(['2026-09']);
      expect(published.entries.every((e) => e.status === 'published')).toBe(true);
      const recompute = await post('/admin/leaderboard/2026-09/compute', bearer(adminToken));
      expect(recompute.statusCode).toBe(409);
      expect(recompute.json().error.code).toBe('leaderboard_published');
    }

    {
      // 7. recomputes a pending month in place once it has ended: movement against the previous month
      t.clock.set(at('2026-11-02T08:00:00Z'));
      await admin();
      const { rows: before } = await t.db.query<{ id: string }>(`select id from leaderboard_entries where month = '2026-10'`);
      const res = await post('/admin/leaderboard/2026-10/compute', bearer(adminToken));
      expect(res.json()).toEqual({ date: '2026-10', entries: 28 });
      const { rows: after } = await t.db.query<{ id: string }>(`select id from leaderboard_entries where month = '2026-10'`);
      expect(after.some((r) => before.some((b) => b.id === r.id))).toBe(false);

      const october = await list('?date=2026-10', bearer(adminToken));
      const all = of(october, 'All Bots');
      expect(all).toHaveLength(25);
      expect(all.slice(0, 7).map((e) => [e.creator_username, e.score, e.rank, e.movement])).toEqual([
        ['bob', 5000, 1, 1],
        ['carol', 3000, 2, null],
        ['alice', 1000 + FAVORITE_WEIGHT * 10 + 500, 3, -2],
        ['zz_tie_early', 900, 4, null],
        ['aa_tie_late', 900, 5, null],
        ['dave', 300, 6, null],
        ['f00', 100, 7, -3],
      ]);
      expect(all.map((e) => e.rank)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect(all[24]!.creator_username).toBe('f18');
      expect(entryOf(october, 'All Bots', 'f19')).toBeUndefined();
      expect(entryOf(october, 'All Bots', 'sept_new')).toBeUndefined();
      expect(entryOf(october, 'All Bots', 'alice')).toMatchObject({ number_of_characters: 2, avatar_url: '/api/avatars/alice.svg' });
      expect(entryOf(october, 'All Bots', 'dave')).toMatchObject({ number_of_characters: 1 });

      expect(of(october, 'New Bots').map((e) => [e.creator_username, e.score, e.rank, e.number_of_characters, e.movement])).toEqual([
        ['carol', 3000, 1, 1, null],
        ['alice', 1200, 2, 1, null],
        ['dave', 300, 3, 1, null],
      ]);
      // Categories come in order, each by rank; the type filter keeps one.
      expect(october.entries.map((e) => e.type)).toEqual([...Array(3).fill('New Bots'), ...Array(25).fill('All Bots')]);
      expect((await list('?date=2026-10&type=New%20Bots', bearer(adminToken))).entries).toHaveLength(3);
    }

    {
      // 8. approves October: never both prizes, seeded creators skipped, grants after a running grant
      // Cached public view before the approval.
      expect((await list()).date).toBe('2026-09');
      const res = await post('/admin/leaderboard/2026-10/approve', bearer(adminToken));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        date: '2026-10',
        prizes: [
          { creator_username: 'alice', type: 'New Bots', rank: 2, tier: 'premium', months: 1 },
          { creator_username: 'dave', type: 'New Bots', rank: 3, tier: 'premium', months: 1 },
          { creator_username: 'bob', type: 'All Bots', rank: 1, tier: 'premium', months: 1 },
          { creator_username: 'f00', type: 'All Bots', rank: 7, tier: 'basic', months: 1 },
        ],
      });
      const { rows: outcomes } = await t.db.query<{ type: string; rank: number; creator_username: string; outcome: string }>(
        `select type, rank, creator_username, outcome from leaderboard_prizes where month = '2026-10' order by type desc, rank`,
      );
      expect(outcomes.map((o) => `${o.type} ${o.rank} ${o.creator_username} ${o.outcome}`)).toEqual([
        'New Bots 1 carol no_account',
        'New Bots 2 alice granted',
        'New Bots 3 dave granted',
        'All Bots 1 bob granted',
        'All Bots 2 carol other_category',
        'All Bots 3 alice other_category',
        'All Bots 4 zz_tie_early no_account',
        'All Bots 5 aa_tie_late no_account',
        'All Bots 6 dave other_category',
        'All Bots 7 f00 granted',
        'All Bots 8 f01 no_account',
        'All Bots 9 f02 no_account',
        'All Bots 10 f03 no_account',
      ]);
      // One prize per user and month, each free months through billing: a $0 order per source and a complimentary
      // subscription of the prize's tier; alice's October month extends her running September one.
      const { rows: prizeOrders } = await t.db.query<{ user_id: string; key: string; total_minor: number; status: string }>(
        `select user_id::text as user_id, idempotency_key as key, total_minor, status from billing_orders where idempotency_key like 'free:leaderboard:%'`,
      );
      expect(prizeOrders).toHaveLength(7);
      expect(prizeOrders.every((o) => o.total_minor === 0 && o.status === 'succeeded')).toBe(true);
      expect(prizeOrders.filter((o) => o.user_id === accounts.alice).map((o) => o.key).sort()).toEqual(['free:leaderboard:2026-09:All Bots', 'free:leaderboard:2026-10:New Bots']);
      const { rows: subs } = await t.db.query<{ user_id: string; plan_id: string; provider: string; start: Date; end: Date }>(
        `select user_id::text as user_id, plan_id, provider, current_period_start as start, current_period_end as end from subscriptions`,
      );
      const subOf = (name: string) => subs.filter((s) => s.user_id === accounts[name]).map((s) => [s.plan_id, s.provider, s.start.toISOString(), s.end.toISOString()]);
      expect(subOf('alice')).toEqual([['premium_1m', 'complimentary', '2026-10-15T12:00:00.000Z', '2026-12-15T12:00:00.000Z']]);
      expect(subOf('dave')).toEqual([['premium_1m', 'complimentary', '2026-11-02T08:00:00.000Z', '2026-12-02T08:00:00.000Z']]);
      expect(subOf('f00')).toEqual([['basic_1m', 'complimentary', '2026-10-15T12:00:00.000Z', '2026-12-15T12:00:00.000Z']]);
      expect(subs).toHaveLength(4);
      // Nobody pays for a plan below their prize: no tier grant on top.
      expect((await t.db.query('select 1 from tier_grants')).rowCount).toBe(0);

      // Published at once for the public (the cache moved on), latest month first.
      const published = await list();
      expect(published.date).toBe('2026-10');
      expect(published.months).toEqual(['2026-10', '2026-09']);
      expect(published.entries.every((e) => e.status === 'published' && e.date === '2026-10')).toBe(true);
      expect((await list('?date=2026-09&type=All%20Bots')).entries.map((e) => e.creator_username)).toEqual(['alice', 'bob', 'sept_new', 'f00']);
    }

    {
      // 9. approving again grants nothing new and answers the same prizes
      const count = async () =>
        (await t.db.query<{ n: number }>(`select ((select count(*) from billing_orders) + (select count(*) from billing_ledger) + (select count(*) from tier_grants))::int as n`)).rows[0]!.n;
      const before = await count();
      const res = await post('/admin/leaderboard/2026-10/approve', bearer(adminToken));
      expect(res.statusCode).toBe(200);
      expect(res.json().prizes).toHaveLength(4);
      expect(await count()).toBe(before);
      expect((await post('/admin/leaderboard/2026-10/compute', bearer(adminToken))).statusCode).toBe(409);
    }

    {
      // 10. raises the winner's tier and permissions while a grant runs, and lowers them after
      const during = await me('dave@example.com');
      expect(during).toMatchObject({ role: 'premium', tier: 'premium', subscriptionTier: 'premium' });
      expect(during.roles).toContain('paid_premium');
      expect(during.permissions).toEqual(expect.arrayContaining(['image_training', 'conversation_images_v2', 'skip_waiting_room']));
      expect(during.permissions).not.toContain('display_ads');
      const basic = await me('f00@example.com');
      expect(basic.role).toBe('basic');
      expect(basic.permissions).toContain('8k_context');
      expect(basic.permissions).not.toContain('image_training');
      expect((await me('member@example.com')).role).toBe('free');

      // Dave's month ends on 2 December; alice's second month runs to 15 December.
      // The billing worker expires each complimentary subscription at its end.
      const expireDue = () => runBillingJobs({ db: t.db, payments: null }, t.clock.now());
      t.clock.set(at('2026-12-03T00:00:00Z'));
      await expireDue();
      const after = await me('dave@example.com');
      expect(after.role).toBe('free');
      expect(after.permissions).not.toContain('image_training');
      expect(after.permissions).toContain('display_ads');
      expect((await me('alice@example.com')).role).toBe('premium');
      t.clock.set(at('2026-12-16T00:00:00Z'));
      await expireDue();
      expect((await me('alice@example.com')).role).toBe('free');
    }
  });

  it('records character activity by adding to the day', async () => {
    const [id] = (await t.db.query<{ id: string }>(`select id from characters where creator_username = 'f29'`)).rows.map((r) => r.id);
    await recordCharacterActivity(t.db, id!, new Date('2026-12-05T23:59:59Z'), { messages: 2, favorites: 1 });
    await recordCharacterActivity(t.db, id!, '2026-12-05', { messages: 3, favorites: -1 });
    await recordCharacterActivity(t.db, id!, '2026-12-05', {});
    const { rows } = await t.db.query(`select day, messages, favorites from character_daily_activity where character_id = $1 and day = '2026-12-05'`, [id!]);
    expect(rows).toEqual([{ day: '2026-12-05', messages: 5, favorites: 0 }]);
    await expect(recordCharacterActivity(t.db, id!, '2026-12-05', { messages: -1 })).rejects.toThrow('cannot decrease');
    await expect(recordCharacterActivity(t.db, 'no-such-character', '2026-12-05', { messages: 1 })).rejects.toThrow();
  });
});
