import type { Logger } from 'pino';

/**
 * One Ctrl-C reaches this process more than once: the terminal signals the whole process group and
 * wrappers (npm, tsx) relay it too. Repeats within this window are that same Ctrl-C; a later one forces exit.
 */
export const REPEATED_SIGNAL_WINDOW_MS = 2_000;

export interface StoppableApp {
  close(): Promise<unknown>;
}

export interface ShutdownOptions {
  /** How long open requests (chat streams above all) get to finish before the process ends them. */
  graceMs: number;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  exit: (code: number) => void;
}

/**
 * The stop of an API process on SIGTERM or SIGINT: it takes no new requests (new connections are refused, requests on
 * open ones answer 503, so readiness fails and the load balancer moves on), lets the requests in flight finish (a chat
 * stream runs to its last token, up to `graceMs`), then closes the cache and the database and exits 0. Past the
 * grace, or on a second signal, it exits 1 and the streams still open end; their members' turns were saved as far as
 * they went and a retry works on another process.
 */
export function gracefulStop(app: StoppableApp, { graceMs, logger, exit }: ShutdownOptions): (signal: NodeJS.Signals) => void {
  let stoppingSince: number | undefined;
  return (signal) => {
    if (stoppingSince !== undefined) {
      if (Date.now() - stoppingSince < REPEATED_SIGNAL_WINDOW_MS) return;
      logger.warn({ signal }, 'second signal, exiting now');
      exit(1);
      return;
    }
    stoppingSince = Date.now();
    logger.info({ signal, graceMs }, 'shutting down: no new requests, open ones finish');
    const timer = setTimeout(() => {
      logger.error({ graceMs }, 'shutdown grace over: ending the requests still open');
      exit(1);
    }, graceMs);
    timer.unref();
    app.close().then(
      () => {
        clearTimeout(timer);
        logger.info('shutdown complete');
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(timer);
        logger.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
}
