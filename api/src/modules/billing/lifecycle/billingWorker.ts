import type { Clock } from '../../../infra/clock';
import { createJobWorker, type JobWorker, type WorkerLog } from '../../../infra/jobs/jobWorker';
import { runBillingJobs } from './billingJobs';
import type { LifecycleDeps } from './lifecycleDeps';

/** How often an API process runs the billing jobs. */
export const BILLING_WORKER_INTERVAL_MS = 60_000;

/**
 * The billing jobs' loop of an API process (started by the portal's routes outside tests, as the leaderboard's
 * scheduler): runBillingJobs at the clock's time every interval (infra/jobs/jobWorker.ts).
 */
export function createBillingWorker(deps: LifecycleDeps & { clock: Clock; log: WorkerLog; intervalMs?: number }): JobWorker {
  return createJobWorker({
    name: 'billing',
    run: (now, worker) => runBillingJobs(deps, now, { worker }),
    clock: deps.clock,
    log: deps.log,
    intervalMs: deps.intervalMs ?? BILLING_WORKER_INTERVAL_MS,
  });
}
