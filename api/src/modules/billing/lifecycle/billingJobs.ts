import { z } from 'zod';
import { claimDueJobs, completeJob, failJob, JobGivenUpError, type BillingJob } from '../billingJobQueue';
import { REFUND_JOB_KIND, runRefundJob } from '../subscribe/refundRetry';
import { expireIfDue } from './expiry';
import type { LifecycleDeps } from './lifecycleDeps';
import { JOB_KINDS } from './lifecycleRules';
import { scheduleDueWork } from './lifecycleSchedule';
import { renewSubscription } from './renewal';

const PayloadSchema = z.object({ subscription_id: z.string().min(1), period_end: z.iso.datetime({ offset: true }) });

/** How many jobs one claim takes. */
const BATCH = 20;

export interface JobRun {
  id: string;
  kind: string;
  subscription_id: string | null;
  /** The handler's answer (renewed, grace, expired, stale, …), or 'error' when it threw (the job is retried). */
  result: string;
  error?: string;
}

async function runJob(deps: LifecycleDeps, job: BillingJob, now: Date): Promise<string> {
  if (job.kind === REFUND_JOB_KIND) return runRefundJob(deps, job, now);
  const payload = PayloadSchema.parse(job.payload);
  const periodEnd = new Date(payload.period_end);
  if (job.kind === JOB_KINDS.renew) return renewSubscription(deps, payload.subscription_id, periodEnd, job.id, now);
  if (job.kind === JOB_KINDS.expire) return deps.db.transaction((tx) => expireIfDue(tx, payload.subscription_id, periodEnd, now, 'grace_end'));
  throw new Error(`unknown billing job kind ${job.kind}`);
}

/**
 * One run of the billing worker at `now` (the injectable clock's time): queues what has come due (scheduleDueWork),
 * then claims due jobs in batches until none is left and runs each: renew, expire and refund (a paid order's refund
 * retried, subscribe/refundRetry.ts). A job that throws (an unreachable
 * provider) is failed with the queue's backoff and retried later with the same id, hence the same idempotency key;
 * one that throws JobGivenUpError (the provider refused outright) is given up at once.
 * Jobs a handler queues for later are not due now; a job it queues for now is run in the same call. Answers what ran.
 */
export async function runBillingJobs(deps: LifecycleDeps, now: Date, options: { worker?: string } = {}): Promise<JobRun[]> {
  await scheduleDueWork(deps.db, now);
  const runs: JobRun[] = [];
  for (;;) {
    const jobs = await claimDueJobs(deps.db, now, BATCH, { worker: options.worker });
    if (jobs.length === 0) return runs;
    for (const job of jobs) {
      const subscriptionId = typeof job.payload.subscription_id === 'string' ? job.payload.subscription_id : null;
      try {
        const result = await runJob(deps, job, now);
        await completeJob(deps.db, job.id, now);
        runs.push({ id: job.id, kind: job.kind, subscription_id: subscriptionId, result });
      } catch (err) {
        const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
        await failJob(deps.db, job, message, now, err instanceof JobGivenUpError);
        runs.push({ id: job.id, kind: job.kind, subscription_id: subscriptionId, result: 'error', error: message });
      }
    }
  }
}
