import type { Database } from '../db/database';
import { BACKENDS, createScratchDatabase, DB_SETUP_TIMEOUT_MS, type ScratchDatabase } from '../../testing/testDatabases';
import { jobQueueOn, retryDelayMs, RETRY_BASE_MS, RETRY_MAX_MS } from './jobQueue';

const { claimDueJobs, completeJob, enqueueJob, failJob, pruneEndedJobs } = jobQueueOn('billing_jobs');

describe.each(BACKENDS)('billing jobs on %s', (backend) => {
  let scratch: ScratchDatabase;
  let db: Database;
  const t0 = new Date('2026-03-15T12:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  beforeAll(async () => {
    scratch = await createScratchDatabase(backend, { migrated: true });
    db = await scratch.open();
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await scratch?.drop();
  });
  beforeEach(async () => {
    await db.query('delete from billing_jobs');
  });

  it('claims due jobs oldest first, not future ones, each once while held', async () => {
    await enqueueJob(db, { kind: 'renew', payload: { n: 2 }, runAt: at(-1000) }, t0);
    await enqueueJob(db, { kind: 'renew', payload: { n: 1 }, runAt: at(-5000) }, t0);
    await enqueueJob(db, { kind: 'expire', payload: { n: 3 }, runAt: at(60_000) }, t0);
    const claimed = await claimDueJobs(db, t0, 10, { worker: 'a' });
    expect(claimed.map((j) => [j.kind, j.payload, j.attempts])).toEqual([
      ['renew', { n: 1 }, 1],
      ['renew', { n: 2 }, 1],
    ]);
    expect(await claimDueJobs(db, t0, 10)).toEqual([]);
    expect((await claimDueJobs(db, at(60_000), 10)).map((j) => j.kind)).toEqual(['expire']);
  });

  it('prunes jobs that ended before a time, done or given up, oldest first within the limit; never a queued one', async () => {
    for (const n of [1, 2, 3, 4]) await enqueueJob(db, { kind: 'renew', payload: { n }, runAt: at(-10_000), dedupeKey: `k${n}` }, t0);
    const [a, b, c] = await claimDueJobs(db, t0, 3);
    await completeJob(db, a!.id, at(1_000));
    await failJob(db, b!, 'boom', at(2_000), true);
    await completeJob(db, c!.id, at(9_000));
    expect(await pruneEndedJobs(db, at(5_000), 1)).toBe(1);
    expect(await pruneEndedJobs(db, at(5_000), 10)).toBe(1);
    expect(await pruneEndedJobs(db, at(5_000), 10)).toBe(0);
    const { rows } = await db.query<{ dedupe_key: string }>('select dedupe_key from billing_jobs order by dedupe_key');
    expect(rows.map((r) => r.dedupe_key)).toEqual(['k3', 'k4']);
    // A pruned job's key may be queued again.
    expect(await enqueueJob(db, { kind: 'renew', runAt: t0, dedupeKey: 'k1' }, t0)).toBe(true);
  });

  it('respects the limit', async () => {
    for (let i = 0; i < 5; i++) await enqueueJob(db, { kind: 'renew', payload: { i }, runAt: at(-i) }, t0);
    expect(await claimDueJobs(db, t0, 2)).toHaveLength(2);
    expect(await claimDueJobs(db, t0, 10)).toHaveLength(3);
  });

  it('queues a dedupe key once', async () => {
    expect(await enqueueJob(db, { kind: 'renew', runAt: t0, dedupeKey: 'renew:s1:2026-04-15' }, t0)).toBe(true);
    expect(await enqueueJob(db, { kind: 'renew', runAt: t0, dedupeKey: 'renew:s1:2026-04-15' }, t0)).toBe(false);
    expect(await claimDueJobs(db, t0, 10)).toHaveLength(1);
  });

  it('never hands out a completed job again', async () => {
    await enqueueJob(db, { kind: 'renew', runAt: t0 }, t0);
    const [job] = await claimDueJobs(db, t0, 1);
    await completeJob(db, job!.id, t0);
    expect(await claimDueJobs(db, at(24 * 3600_000), 10)).toEqual([]);
  });

  it('hands a job whose claim ran out to another worker (a worker that died)', async () => {
    await enqueueJob(db, { kind: 'renew', runAt: t0 }, t0);
    expect(await claimDueJobs(db, t0, 1, { lockMs: 30_000 })).toHaveLength(1);
    expect(await claimDueJobs(db, at(29_999), 1)).toEqual([]);
    const [again] = await claimDueJobs(db, at(30_000), 1);
    expect(again?.attempts).toBe(2);
  });

  it('retries a failed job with a doubling backoff, then gives up after max_attempts', async () => {
    expect([1, 2, 3, 20].map(retryDelayMs)).toEqual([RETRY_BASE_MS, 2 * RETRY_BASE_MS, 4 * RETRY_BASE_MS, RETRY_MAX_MS]);
    await enqueueJob(db, { kind: 'renew', runAt: t0, maxAttempts: 3 }, t0);
    let now = t0;
    for (const attempt of [1, 2, 3]) {
      const [job] = await claimDueJobs(db, now, 1);
      expect(job?.attempts).toBe(attempt);
      const retried = await failJob(db, job!, `card declined ${attempt}`, now);
      expect(retried).toBe(attempt < 3);
      if (attempt < 3) {
        expect(await claimDueJobs(db, new Date(now.getTime() + retryDelayMs(attempt) - 1), 1)).toEqual([]);
        now = new Date(now.getTime() + retryDelayMs(attempt));
      }
    }
    const { rows } = await db.query<{ failed_at: Date | null; last_error: string }>('select failed_at, last_error from billing_jobs');
    expect(rows[0]).toEqual({ failed_at: now, last_error: 'card declined 3' });
    expect(await claimDueJobs(db, at(365 * 24 * 3600_000), 1)).toEqual([]);
  });

  it('gives workers claiming at once disjoint jobs (FOR UPDATE SKIP LOCKED)', async () => {
    for (let i = 0; i < 40; i++) await enqueueJob(db, { kind: 'renew', payload: { i }, runAt: at(-i) }, t0);
    // on PostgreSQL each claim runs on its own pooled connection; PGlite serialises them
    const claims = await Promise.all([0, 1, 2, 3].map((w) => claimDueJobs(db, t0, 15, { worker: `w${w}` })));
    const ids = claims.flat().map((j) => j.id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });
});
