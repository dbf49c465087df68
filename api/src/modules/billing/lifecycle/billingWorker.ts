import type { Clock } from '../../../infra/clock';
import { runBillingJobs, type JobRun } from './billingJobs';
import type { LifecycleDeps } from './lifecycleDeps';

/** How often an API process runs the billing jobs. */
export const BILLING_WORKER_INTERVAL_MS = 60_000;

export interface WorkerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BillingWorker {
  /** Runs now, then every interval. */
  start(): void;
  /** Stops the interval and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * The billing jobs' loop of an API process (started by the portal's routes outside tests, as the leaderboard's
 * scheduler): runBillingJobs at the clock's time every interval, one run at a time. Several processes may run it:
 * the queue's claims (FOR UPDATE SKIP LOCKED) give each job to one of them.
 */
export function createBillingWorker(deps: LifecycleDeps & { clock: Clock; log: WorkerLog; intervalMs?: number }): BillingWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const worker = `api-${process.pid}`;

  const tick = () => {
    if (stopped || running) return;
    running = runBillingJobs(deps, deps.clock.now(), { worker })
      .then((runs: JobRun[]) => {
        for (const run of runs) deps.log.info({ job: run }, run.result === 'error' ? 'billing job failed, will retry' : 'billing job done');
      })
      .catch((err: unknown) => deps.log.error({ err }, 'billing jobs run failed'))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    start() {
      if (timer || stopped) return;
      timer = setInterval(tick, deps.intervalMs ?? BILLING_WORKER_INTERVAL_MS);
      timer.unref();
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
