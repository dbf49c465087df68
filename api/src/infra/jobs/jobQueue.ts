import type { Queryable } from '../db/database';

/** A queued job (a row of a job table): a renewal, an expiry, a memory distillation, … The handlers are the workers'. */
export interface Job {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  run_at: Date;
  attempts: number;
  max_attempts: number;
  locked_until: Date | null;
  last_error: string | null;
}

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  runAt: Date;
  /** One job per key (e.g. `renew:<subscription>:<period end>`): queuing it again does nothing. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/** How long a claim holds a job before another worker may take it (a worker that died). */
export const DEFAULT_LOCK_MS = 5 * 60_000;
/** Retry backoff: 1 min after the first failure, doubling, at most 6 h. */
export const RETRY_BASE_MS = 60_000;
export const RETRY_MAX_MS = 6 * 60 * 60_000;

const JOB_COLUMNS = 'id::text as id, kind, payload, run_at, attempts, max_attempts, locked_until, last_error';

/** The wait before retrying a job that failed its `attempts`-th time. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * A failure no retry can fix (the provider refused outright): a handler throws it and the job is given up at once,
 * for a person to look at, instead of spending its attempts.
 */
export class JobGivenUpError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'JobGivenUpError';
  }
}

/** The job tables (migrations 016 and 024): billing's, and the background jobs' (memories, image training). */
export type JobTable = 'billing_jobs' | 'background_jobs';

/**
 * The queue over one job table: enqueue (deduplicated by key), claim due jobs (FOR UPDATE SKIP LOCKED), complete,
 * fail with backoff or give up. Every table has the same columns; a worker claims from its own table only.
 */
export function jobQueueOn(table: JobTable) {
  /** Queues a job; with a dedupe key already queued, nothing (answers false). */
  async function enqueueJob(db: Queryable, job: NewJob, now: Date): Promise<boolean> {
    const { rowCount } = await db.query(
      `insert into ${table} (kind, payload, run_at, dedupe_key, max_attempts, created_at) values ($1, $2, $3, $4, $5, $6)
       on conflict (dedupe_key) do nothing`,
      [job.kind, JSON.stringify(job.payload ?? {}), job.runAt, job.dedupeKey ?? null, job.maxAttempts ?? 8, now],
    );
    return rowCount > 0;
  }

  /**
   * Claims up to `limit` due jobs (run_at <= now, not done, not held by a live claim), oldest first, for `lockMs`:
   * FOR UPDATE SKIP LOCKED, so workers claiming at once never get the same job (PostgreSQL and PGlite). Each claim
   * counts an attempt.
   */
  async function claimDueJobs(db: Queryable, now: Date, limit: number, options: { lockMs?: number; worker?: string } = {}): Promise<Job[]> {
    const lockedUntil = new Date(now.getTime() + (options.lockMs ?? DEFAULT_LOCK_MS));
    const { rows } = await db.query<Job>(
      `update ${table} set locked_until = $2, locked_by = $4, attempts = attempts + 1
        where id in (
          select id from ${table}
           where completed_at is null and failed_at is null and run_at <= $1 and (locked_until is null or locked_until <= $1)
           order by run_at, id
           limit $3
           for update skip locked)
        returning ${JOB_COLUMNS}`,
      [now, lockedUntil, limit, options.worker ?? null],
    );
    return rows.sort((a, b) => a.run_at.getTime() - b.run_at.getTime() || Number(a.id) - Number(b.id));
  }

  /** Marks a claimed job done. */
  async function completeJob(db: Queryable, jobId: string, now: Date): Promise<void> {
    await db.query(`update ${table} set completed_at = $2, locked_until = null where id = $1`, [jobId, now]);
  }

  /**
   * Records a failed attempt: retried after retryDelayMs(attempts), or given up (failed_at) once max_attempts are
   * spent or when `giveUp` says so. Answers whether it will be retried.
   */
  async function failJob(db: Queryable, job: Pick<Job, 'id' | 'attempts' | 'max_attempts'>, error: string, now: Date, giveUp = false): Promise<boolean> {
    const retry = !giveUp && job.attempts < job.max_attempts;
    await db.query(
      `update ${table} set locked_until = null, last_error = $2,
              run_at = case when $3::boolean then $4::timestamptz else run_at end,
              failed_at = case when $3::boolean then null else $5::timestamptz end
        where id = $1`,
      [job.id, error.slice(0, 2000), retry, new Date(now.getTime() + retryDelayMs(job.attempts)), now],
    );
    return retry;
  }

  /**
   * Gives up the queued job of `dedupeKey` that has not run to its end (not done, not given up): failed_at now, with
   * `error`, so no worker claims it again. Answers whether there was one.
   */
  async function giveUpQueuedJob(db: Queryable, dedupeKey: string, error: string, now: Date): Promise<boolean> {
    const { rowCount } = await db.query(
      `update ${table} set failed_at = $3, last_error = $2, locked_until = null where dedupe_key = $1 and completed_at is null and failed_at is null`,
      [dedupeKey, error.slice(0, 2000), now],
    );
    return rowCount > 0;
  }

  /**
   * Deletes up to `limit` jobs that ended (done or given up) before `before`, oldest first; answers how many. Their
   * dedupe keys are free again: a key queued once more after that runs once more (every job here is idempotent).
   */
  async function pruneEndedJobs(db: Queryable, before: Date, limit: number): Promise<number> {
    const { rowCount } = await db.query(
      `delete from ${table} where id in (
         select id from ${table}
          where (completed_at is not null or failed_at is not null) and coalesce(completed_at, failed_at) < $1 order by coalesce(completed_at, failed_at) limit $2)`,
      [before, limit],
    );
    return rowCount;
  }

  return { enqueueJob, claimDueJobs, completeJob, failJob, giveUpQueuedJob, pruneEndedJobs };
}

export type JobQueue = ReturnType<typeof jobQueueOn>;
