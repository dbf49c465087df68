import { QUEUE_LIMITS, type WaitingQueue } from '@fable/contracts';

/**
 * The waiting queue's client state machine (document 1 §4 "Waiting queue"): what a GET queue answer (or its failure)
 * means for the screen and when to ask again. Pure; useWaitingQueue.ts runs it.
 *
 * - waiting: shown in line; ask again after retry_after (else every 30 s);
 * - access: chat; ask again after retry_after when the server gives one (timed access: it then answers expired);
 * - expired: ask again at once with refresh (line up again);
 * - refresh: ask again at once, without the bypass parameter (a bypass for another character is cleared);
 * - the call failed: access for a member with an active subscription, else waiting and ask again in 30 s.
 */
export interface QueueView {
  status: 'checking' | 'waiting' | 'access';
  position: number | null;
  /** Seconds left, as the server measured them (none without an estimate). */
  timeLeft: number | null;
  /** The character whose chat a bypass opened. */
  bypass: string | null;
}

export interface QueueStep {
  view: QueueView;
  /** When to ask again (ms); null: not until the page changes. */
  nextInMs: number | null;
  /** The next call lines the user up again (after expired). */
  refresh: boolean;
  /** Drop the bypass parameter from the page's URL. */
  clearBypass: boolean;
}

export const INITIAL_QUEUE_VIEW: QueueView = { status: 'checking', position: null, timeLeft: null, bypass: null };

const retryMs = (answer: WaitingQueue) => (answer.retry_after != null ? answer.retry_after * 1000 : QUEUE_LIMITS.retryMs);

export function queueStep(previous: QueueView, answer: WaitingQueue | { failed: true }, ctx: { subscribed: boolean }): QueueStep {
  if ('failed' in answer) {
    if (ctx.subscribed) return { view: { ...previous, status: 'access' }, nextInMs: null, refresh: false, clearBypass: false };
    return { view: { ...previous, status: 'waiting' }, nextInMs: QUEUE_LIMITS.retryMs, refresh: false, clearBypass: false };
  }
  switch (answer.status) {
    case 'waiting':
      return {
        view: { status: 'waiting', position: answer.position ?? null, timeLeft: answer.time_left ?? null, bypass: null },
        nextInMs: retryMs(answer),
        refresh: false,
        clearBypass: false,
      };
    case 'access':
      return {
        view: { status: 'access', position: null, timeLeft: answer.time_left ?? null, bypass: answer.bypass ?? null },
        nextInMs: answer.retry_after != null ? answer.retry_after * 1000 : null,
        refresh: false,
        clearBypass: false,
      };
    case 'expired':
      return { view: previous, nextInMs: 0, refresh: true, clearBypass: false };
    case 'refresh':
      return { view: previous, nextInMs: 0, refresh: false, clearBypass: true };
  }
}

/** The progress bar: full at the front of the line, empty 15 minutes or more from it; null without an estimate. */
export function queueProgress(view: QueueView): number | null {
  if (view.timeLeft === null) return null;
  const fullSeconds = QUEUE_LIMITS.progressFullMs / 1000;
  return Math.round((1 - Math.min(view.timeLeft, fullSeconds) / fullSeconds) * 100);
}
