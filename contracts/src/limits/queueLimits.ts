/** Waiting queue constants (document 1 §4 "Waiting queue", §9). */
export const QUEUE_LIMITS = {
  /** On fetch failure without an active subscription: waiting, retry every 30 s (or retry_after). */
  retryMs: 30_000,
  /** After access the status becomes expired after 20 minutes. */
  accessExpiresMs: 20 * 60 * 1000,
  /** Progress bar full = 15 minutes. */
  progressFullMs: 15 * 60 * 1000,
  /** At 60 or more seconds left the banner shows minutes, else the position. */
  showMinutesFromSeconds: 60,
} as const;
