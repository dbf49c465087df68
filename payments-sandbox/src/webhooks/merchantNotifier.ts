// The notifications a redirect provider with a protocol of its own sends the merchant (Payssion's notify URL,
// CoinPayments' IPN URL, …): each one POSTed until the merchant takes it (a 2xx, and for a provider that reads the
// answer, the words it wants: PayOK's `OK`), with the Stripe webhooks' attempt and retry schedule (postAttempt.ts),
// recorded with its attempts for the tests; the sandbox's close stops those still waiting.
import { setTimeout as sleep } from 'node:timers/promises';
import type { RetryConfig } from '../config';
import { postAttempt, retryDelayMs } from './postAttempt';

/** What every notification record keeps: each attempt's status (0: no answer) and whether one was taken. */
export interface NotificationAttempts {
  attempts: number[];
  delivered: boolean;
}

export interface MerchantNotifier<R extends NotificationAttempts> {
  /** Every notification sent so far, oldest first. */
  readonly sent: R[];
  /** Records `record` and posts `request` to `url` until an answer takes it (accepts) or the attempts are spent. */
  send(url: string, request: { headers: Record<string, string>; body: string }, record: R): void;
  close(): Promise<void>;
}

/** Whether an answer takes the notification: any 2xx, unless the provider wants particular words back. */
export type Acceptance = (answer: { status: number; ok: boolean; body: string }) => boolean;

export function createMerchantNotifier<R extends NotificationAttempts>(retry: RetryConfig, accepts: Acceptance = (answer) => answer.ok): MerchantNotifier<R> {
  const sent: R[] = [];
  const stopped = new AbortController();
  const sending = new Set<Promise<void>>();

  const deliver = async (url: string, request: { headers: Record<string, string>; body: string }, record: R) => {
    for (let attempt = 0; attempt < retry.attempts; attempt++) {
      if (attempt > 0) await sleep(retryDelayMs(retry, attempt), undefined, { signal: stopped.signal }).catch(() => undefined);
      if (stopped.signal.aborted) return;
      const answer = await postAttempt(url, { ...request, signal: stopped.signal }, retry.timeoutMs);
      record.attempts.push('error' in answer ? 0 : answer.status);
      if (!('error' in answer) && accepts(answer)) {
        record.delivered = true;
        return;
      }
    }
  };

  return {
    sent,
    send(url, request, record) {
      sent.push(record);
      const delivery = deliver(url, request, record).finally(() => sending.delete(delivery));
      sending.add(delivery);
    },
    async close() {
      stopped.abort();
      await Promise.all(sending);
    },
  };
}
