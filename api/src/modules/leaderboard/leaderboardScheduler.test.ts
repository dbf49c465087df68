import { createManualClock } from '../../infra/clock';
import type { Database } from '../../infra/db/database';
import { startTestApp } from '../../testing/testApp';
import { BACKENDS, DB_SETUP_TIMEOUT_MS, createScratchDatabase, type ScratchDatabase } from '../../testing/testDatabases';
import type * as Computation from './leaderboardComputation';
import { computeLeaderboardMonth } from './leaderboardComputation';
import { addActivity, insertCharacter, insertCreator } from './leaderboardFixtures';
import { monthOf, previousMonth } from './leaderboardMonth';
import { approveLeaderboardMonth } from './leaderboardPrizes';
import { LEADERBOARD_CHECK_INTERVAL_MS, createLeaderboardScheduler } from './leaderboardScheduler';

// The computation as it is, recorded: a check starts it at once (synchronously), so the test knows which checks ran
// and can wait for them to end.
jest.mock('./leaderboardComputation', () => {
  const actual = jest.requireActual<typeof Computation>('./leaderboardComputation');
  return { ...actual, computeLeaderboardMonth: jest.fn(actual.computeLeaderboardMonth) };
});
const computeMonth = jest.mocked(computeLeaderboardMonth);

/** Waits for every computation started so far, then for the scheduler's bookkeeping after it (microtasks). */
async function computationsEnded() {
  await Promise.allSettled(computeMonth.mock.results.map((r) => r.value));
  await new Promise((resolve) => setImmediate(resolve));
}

/** The scheduler's interval on the test's clock; the database drivers' own timers and I/O run as usual. */
const fakeIntervals = {
  doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'],
} satisfies Parameters<typeof jest.useFakeTimers>[0];

beforeEach(() => computeMonth.mockClear());
afterEach(() => jest.useRealTimers());

const silent = { info: () => undefined, error: () => undefined };

async function months(db: Database) {
  const { rows } = await db.query<{ month: string; status: string; computed_by: string }>(
    'select month, status, computed_by from leaderboard_months order by month',
  );
  return rows;
}

describe.each(BACKENDS)('leaderboard scheduler on %s', (backend) => {
  let scratch: ScratchDatabase;
  let db: Database;

  beforeAll(async () => {
    scratch = await createScratchDatabase(backend, { migrated: true });
    db = await scratch.open();
    const creator = await insertCreator(db, { username: 'sched_creator' });
    const id = await insertCharacter(db, creator, { createdAt: new Date('2026-10-02T00:00:00Z') });
    await addActivity(db, id, { '2026-10-03': 40, '2026-11-03': 70 });
  }, DB_SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await scratch?.drop();
  });

  // Each test starts with no month computed (the activity above stays): jest runs them in any order.
  beforeEach(async () => {
    await db.query('delete from leaderboard_prizes');
    await db.query('delete from tier_grants');
    await db.query('delete from leaderboard_entries');
    await db.query('delete from leaderboard_months');
  });

  it('computes the previous month once the clock has passed its end, once', async () => {
    const clock = createManualClock(new Date('2026-10-31T23:59:00Z'));
    const scheduler = createLeaderboardScheduler({ db, clock, log: silent });
    // October is still running: the job computes September (empty) and leaves October alone.
    expect(await scheduler.tick()).toEqual({ date: '2026-09', entries: 0, skipped: false });
    expect(await scheduler.tick()).toBeNull();

    clock.set(new Date('2026-11-01T00:00:01Z'));
    expect(await scheduler.tick()).toEqual({ date: '2026-10', entries: 2, skipped: false });
    expect(await scheduler.tick()).toBeNull();
    // Another process (a fresh scheduler) finds the month done.
    expect(await createLeaderboardScheduler({ db, clock, log: silent }).tick()).toBeNull();
    expect(await months(db)).toEqual([
      { month: '2026-09', status: 'pending', computed_by: 'scheduler' },
      { month: '2026-10', status: 'pending', computed_by: 'scheduler' },
    ]);
    const { rows } = await db.query('select type, rank, score from leaderboard_entries where month = $1 order by type', ['2026-10']);
    expect(rows).toEqual([
      { type: 'All Bots', rank: 1, score: 40 },
      { type: 'New Bots', rank: 1, score: 40 },
    ]);
  });

  it('runs on its interval until stopped, and never touches a published month', async () => {
    // September and October computed, then October published.
    for (const at of ['2026-10-31T23:59:00Z', '2026-11-01T00:00:01Z']) {
      const catchUp = createLeaderboardScheduler({ db, clock: createManualClock(new Date(at)), log: silent });
      while ((await catchUp.tick()) !== null);
    }
    await approveLeaderboardMonth(db, '2026-10', { now: new Date('2026-11-02T00:00:00Z'), by: 'test' });
    jest.useFakeTimers(fakeIntervals);
    computeMonth.mockClear();
    const clock = createManualClock(new Date('2026-11-20T00:00:00Z'));
    const scheduler = createLeaderboardScheduler({ db, clock, log: silent, intervalMs: 10 });
    const computed = () => computeMonth.mock.calls.map(([, month]) => month);
    // Checks at once: October has ended but is published, and stays as it is.
    scheduler.start();
    expect(computed()).toEqual(['2026-10']);
    await computationsEnded();
    expect((await months(db)).map((m) => `${m.month} ${m.status}`)).toEqual(['2026-09 pending', '2026-10 published']);
    // Five more checks in November: October is known to be done, nothing more is computed.
    await jest.advanceTimersByTimeAsync(50);
    expect(computed()).toEqual(['2026-10']);

    // December: the next check, not earlier, computes November.
    clock.set(new Date('2026-12-01T00:00:00Z'));
    await jest.advanceTimersByTimeAsync(9);
    expect(computed()).toEqual(['2026-10']);
    await jest.advanceTimersByTimeAsync(1);
    expect(computed()).toEqual(['2026-10', '2026-11']);
    await computationsEnded();
    expect((await months(db)).map((m) => `${m.month} ${m.status}`)).toEqual(['2026-09 pending', '2026-10 published', '2026-11 pending']);

    // Stopped: no check comes any more, though December has ended.
    await scheduler.stop();
    clock.set(new Date('2027-01-01T00:00:00Z'));
    await jest.advanceTimersByTimeAsync(50);
    expect(computed()).toEqual(['2026-10', '2026-11']);
    expect(jest.getTimerCount()).toBe(0);
    await computationsEnded();
    expect((await months(db)).map((m) => m.month)).toEqual(['2026-09', '2026-10', '2026-11']);
    const { rows } = await db.query<{ score: number }>(`select score from leaderboard_entries where month = '2026-11' and type = 'All Bots'`);
    expect(rows).toEqual([{ score: 70 }]);
  });
});

describe.each(BACKENDS)('leaderboard scheduler in the app on %s', (backend) => {
  it('does not run under NODE_ENV=test', async () => {
    jest.useFakeTimers(fakeIntervals);
    const t = await startTestApp(backend);
    try {
      // A running scheduler checks when the app is ready, then every interval: an interval on, none has.
      await jest.advanceTimersByTimeAsync(LEADERBOARD_CHECK_INTERVAL_MS + 1);
      expect(computeMonth).not.toHaveBeenCalled();
      await computationsEnded();
      expect(await months(t.db)).toEqual([]);
    } finally {
      await t.close();
    }
  }, DB_SETUP_TIMEOUT_MS);

  it('starts with the app otherwise, computes the month that ended, and finishes it before the app has closed', async () => {
    const t = await startTestApp(backend, { config: { nodeEnv: 'development' } });
    try {
      const expected = previousMonth(monthOf(t.clock.now()));
      // Closing right away: the first check started when the app became ready, and closing waits for it.
      expect(computeMonth.mock.calls.map(([, month]) => month)).toEqual([expected]);
      await t.app.close();
      expect(await months(t.db)).toEqual([{ month: expected, status: 'pending', computed_by: 'scheduler' }]);
    } finally {
      await t.scratch.drop();
    }
  }, DB_SETUP_TIMEOUT_MS);
});
