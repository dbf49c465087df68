import type { Clock } from '../../infra/clock';
import type { Database } from '../../infra/db/database';
import { computeLeaderboardMonth, type ComputeResult } from './leaderboardComputation';
import { monthOf, previousMonth } from './leaderboardMonth';

/** How often the scheduler looks at the clock. */
export const LEADERBOARD_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export interface SchedulerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface LeaderboardScheduler {
  /** Checks now, then every interval. */
  start(): void;
  /** Stops the interval and waits for a check in progress. */
  stop(): Promise<void>;
  /**
   * One check: computes the month before the clock's month (it has ended) unless it has been computed already.
   * Answers what was computed, or null when there was nothing to do.
   */
  tick(): Promise<ComputeResult | null>;
}

/**
 * The monthly job: once a month has ended its leaderboard is computed (pending, for an admin to approve). Several
 * API processes may run it: computing takes the month's lock and finds the month done when another got there first.
 */
export function createLeaderboardScheduler(deps: {
  db: Database;
  clock: Clock;
  log: SchedulerLog;
  intervalMs?: number;
}): LeaderboardScheduler {
  const { db, clock, log } = deps;
  const intervalMs = deps.intervalMs ?? LEADERBOARD_CHECK_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  /** The last month known to be computed, so most checks cost no query. */
  let done: string | undefined;

  async function tick(): Promise<ComputeResult | null> {
    const month = previousMonth(monthOf(clock.now()));
    if (month === done) return null;
    const result = await computeLeaderboardMonth(db, month, { now: clock.now(), by: 'scheduler', onlyIfAbsent: true });
    done = month;
    if (result.skipped) return null;
    log.info({ month, entries: result.entries }, 'leaderboard computed');
    return result;
  }

  const check = () => {
    if (stopped || running) return;
    running = tick()
      .catch((err: unknown) => log.error({ err }, 'leaderboard computation failed'))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    start() {
      if (timer || stopped) return;
      timer = setInterval(check, intervalMs);
      timer.unref();
      check();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    tick,
  };
}
