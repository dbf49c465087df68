import type { Clock } from '../clock';

export interface WorkerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What a run did with one job: its handler's answer, or 'error' when it threw (the job is retried). */
export interface JobRun {
  id: string;
  kind: string;
  result: string;
  error?: string;
}

export interface JobWorker {
  /** Runs now, then every interval. */
  start(): void;
  /** Stops the interval and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * The loop of an API process over one job table: `run(now, worker)` at the clock's time every interval, one run at a
 * time. Several processes may run it: the queue's claims (FOR UPDATE SKIP LOCKED) give each job to one of them.
 */
export function createJobWorker(o: {
  name: string;
  run: (now: Date, worker: string) => Promise<readonly JobRun[]>;
  clock: Clock;
  log: WorkerLog;
  intervalMs: number;
}): JobWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const worker = `api-${process.pid}`;

  const tick = () => {
    if (stopped || running) return;
    running = o
      .run(o.clock.now(), worker)
      .then((runs) => {
        for (const run of runs) o.log.info({ job: run }, run.result === 'error' ? `${o.name} job failed, will retry` : `${o.name} job done`);
      })
      .catch((err: unknown) => o.log.error({ err }, `${o.name} jobs run failed`))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    start() {
      if (timer || stopped) return;
      timer = setInterval(tick, o.intervalMs);
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
