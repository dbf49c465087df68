import type { Database } from '../db/database';
import { BACKENDS, createScratchDatabase, DB_SETUP_TIMEOUT_MS, type ScratchDatabase } from '../../testing/testDatabases';
import { ENDED_JOBS_KEPT_MS, createBackgroundJobs } from './backgroundJobs';

describe.each(BACKENDS)('background jobs on %s', (backend) => {
  let scratch: ScratchDatabase;
  let db: Database;
  const t0 = new Date('2026-06-01T08:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const HOUR = 60 * 60 * 1000;

  beforeAll(async () => {
    scratch = await createScratchDatabase(backend, { migrated: true });
    db = await scratch.open();
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await scratch?.drop();
  });

  const left = async () => (await db.query<{ n: number }>('select count(*)::int as n from background_jobs')).rows[0]!.n;

  it('runs due jobs by kind, and deletes ended ones a week after they ended, at most once an hour', async () => {
    const jobs = createBackgroundJobs(db);
    const seen: unknown[] = [];
    jobs.handle('note', async (job) => {
      seen.push(job.payload.n);
      return 'done';
    });
    await jobs.enqueue(db, { kind: 'note', payload: { n: 1 }, runAt: t0 }, t0);
    expect((await jobs.runDue(t0)).map((r) => r.result)).toEqual(['done']);
    expect(seen).toEqual([1]);
    expect(await left()).toBe(1); // kept: it ended just now (and the first run's housekeeping is done)

    await jobs.enqueue(db, { kind: 'note', payload: { n: 2 }, runAt: at(ENDED_JOBS_KEPT_MS) }, t0);
    await jobs.runDue(at(ENDED_JOBS_KEPT_MS + HOUR)); // runs job 2; job 1 is then older than a week: deleted
    expect(seen).toEqual([1, 2]);
    expect(await left()).toBe(1);
    // Job 2 made old at once: within the hour of the last housekeeping it stays, at the next it goes.
    await db.query('update background_jobs set completed_at = $1', [t0]);
    await jobs.runDue(at(ENDED_JOBS_KEPT_MS + HOUR + HOUR / 2));
    expect(await left()).toBe(1);
    await jobs.runDue(at(ENDED_JOBS_KEPT_MS + 2 * HOUR + 1));
    expect(await left()).toBe(0);
  });
});
