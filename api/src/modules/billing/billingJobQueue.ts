import { jobQueueOn, type Job } from '../../infra/jobs/jobQueue';

export { JobGivenUpError, RETRY_BASE_MS, retryDelayMs } from '../../infra/jobs/jobQueue';

/** Billing's jobs (billing_jobs): renewals, expiries, refund retries. */
export type BillingJob = Job;
export const { enqueueJob, claimDueJobs, completeJob, failJob, giveUpQueuedJob } = jobQueueOn('billing_jobs');
