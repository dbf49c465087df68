import { DAY_MS } from '@fable/rules/billing';

/**
 * The lifecycle's timings (ours; the spec names grace "failed payment" and no durations):
 * - a renewal that fails puts the subscription in grace for GRACE_DAYS from the renewal date (access kept, the portal
 *   shows 'Pay amount due');
 * - during grace the renewal is tried again off-session GRACE_RETRY_DAYS after the renewal date;
 * - at the end of the window the subscription expires and the member's role goes back to free.
 */
export const GRACE_DAYS = 7;
export const GRACE_RETRY_DAYS = [1, 3, 5] as const;

/** When a grace that began at a renewal due at `periodEnd` ends. */
export function graceEndsAt(periodEnd: Date): Date {
  return new Date(periodEnd.getTime() + GRACE_DAYS * DAY_MS);
}

/** Job kinds on billing_jobs. */
export const JOB_KINDS = { renew: 'renew', expire: 'expire' } as const;

/** Dedupe keys: one renewal per subscription period (and one per grace retry), one expiry per period. */
export const renewKey = (subscriptionId: string, periodEnd: Date, retry?: number) =>
  `renew:${subscriptionId}:${periodEnd.toISOString()}${retry === undefined ? '' : `:retry${retry}`}`;
export const expireKey = (subscriptionId: string, periodEnd: Date) => `expire:${subscriptionId}:${periodEnd.toISOString()}`;
