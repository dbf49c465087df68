import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { JobGivenUpError, jobQueueOn, type Job } from './jobQueue';
import { createJobWorker, type JobRun, type JobWorker } from './jobWorker';

/**
 * The jobs that are not billing's (background_jobs): memory distillation, image training. Modules register a
 * handler per kind (`handle`) and queue jobs (`enqueue`); the worker of each API process claims due jobs and runs
 * them. A handler answers a short result ('done', 'stale', …) or throws: retried with the queue's backoff, or given
 * up at once with JobGivenUpError.
 */
export type JobHandler = (job: Job, now: Date) => Promise<string>;

/** How often an API process looks for due background jobs (BACKGROUND_JOBS_INTERVAL_MS). */
export const BACKGROUND_JOBS_INTERVAL_MS = 1_000;
const BATCH = 10;
/** Ended jobs are kept a week (to see what ran and why one failed), then deleted: at most once an hour, in batches. */
export const ENDED_JOBS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const PRUNE_BATCH = 1_000;
const PRUNE_BATCHES = 20;

export interface BackgroundJobs {
  handle(kind: string, handler: JobHandler): void;
  enqueue: ReturnType<typeof jobQueueOn>['enqueueJob'];
  /** Runs every due job once (the worker's tick; tests call it to run what is queued). */
  runDue(now: Date, worker?: string): Promise<JobRun[]>;
  worker(o: { clock: Clock; log: FastifyBaseLogger; intervalMs?: number }): JobWorker;
}

export function createBackgroundJobs(db: Database): BackgroundJobs {
  const queue = jobQueueOn('background_jobs');
  const handlers = new Map<string, JobHandler>();
  let prunedAt = -Infinity;

  /** The run's housekeeping: ended jobs older than ENDED_JOBS_KEPT_MS deleted, once an hour at most. */
  async function pruneIfDue(now: Date): Promise<void> {
    if (now.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now.getTime();
    // Batch after batch while full, up to PRUNE_BATCHES (a backlog goes over the next hours).
    for (let i = 0; i < PRUNE_BATCHES; i++) {
      if ((await queue.pruneEndedJobs(db, new Date(now.getTime() - ENDED_JOBS_KEPT_MS), PRUNE_BATCH)) < PRUNE_BATCH) return;
    }
  }

  async function runDue(now: Date, worker?: string): Promise<JobRun[]> {
    const runs: JobRun[] = [];
    for (;;) {
      const jobs = await queue.claimDueJobs(db, now, BATCH, { worker });
      if (jobs.length === 0) {
        await pruneIfDue(now);
        return runs;
      }
      for (const job of jobs) {
        try {
          const handler = handlers.get(job.kind);
          if (!handler) throw new JobGivenUpError(`no handler for background job kind ${job.kind}`);
          const result = await handler(job, now);
          await queue.completeJob(db, job.id, now);
          runs.push({ id: job.id, kind: job.kind, result });
        } catch (err) {
          const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
          await queue.failJob(db, job, message, now, err instanceof JobGivenUpError);
          runs.push({ id: job.id, kind: job.kind, result: 'error', error: message });
        }
      }
    }
  }

  return {
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    enqueue: queue.enqueueJob,
    runDue,
    worker: (o) =>
      createJobWorker({ name: 'background', run: runDue, clock: o.clock, log: o.log, intervalMs: o.intervalMs ?? BACKGROUND_JOBS_INTERVAL_MS }),
  };
}
