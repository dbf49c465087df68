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

/** The waiting queue's texts (document 1 §4, verbatim), shared by the chat screen and the home listing's banner. */
export const QUEUE_TEXTS_SPEC = {
  waitingMinutes: (minutes: number) => `Waiting Time is ${minutes} Minutes`,
  waitingPosition: (position: number) => `Waiting Room Position: ${position}`,
  inLine: (position: number) => `You are in line to chat: ${position}`,
  estimatedWait: (minutes: number) => `Estimated wait time: ${minutes} Minutes`,
  chatAvailable: 'Chat is Available',
} as const;

/** The banner's text: "Waiting Time is N Minutes" at 60 or more seconds left, else "Waiting Room Position: N". */
export function waitingBannerText(position: number, secondsLeft: number | null | undefined): string {
  if (secondsLeft != null && secondsLeft >= QUEUE_LIMITS.showMinutesFromSeconds) return QUEUE_TEXTS_SPEC.waitingMinutes(Math.ceil(secondsLeft / 60));
  return QUEUE_TEXTS_SPEC.waitingPosition(position);
}
