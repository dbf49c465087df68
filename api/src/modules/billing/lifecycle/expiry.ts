import type { Queryable } from '../../../infra/db/database';
import { graceEndsAt } from './lifecycleRules';
import { changeSubscription } from './subscriptionChange';
import { loadSubscription } from './subscriptionStore';

export type ExpiryResult = 'expired' | 'not_due' | 'stale';

/**
 * Expires a subscription whose time is over, in the caller's transaction (the row locked): a cancelled one (or a
 * complimentary one) once its period has ended, a grace once its window has ended. `periodEnd` is the period the job
 * was queued for: a subscription that moved on since (renewed, paid, extended) is left alone, so a job run twice or
 * late does nothing. The member's role goes back to free in the same transaction.
 */
export async function expireIfDue(tx: Queryable, subscriptionId: string, periodEnd: Date, now: Date, reason: 'period_end' | 'grace_end'): Promise<ExpiryResult> {
  const sub = await loadSubscription(tx, subscriptionId, { forUpdate: true });
  if (!sub || sub.status === 'expired' || sub.current_period_end.getTime() !== periodEnd.getTime()) return 'stale';
  const endsAt = sub.status === 'grace' ? graceEndsAt(sub.current_period_end) : sub.current_period_end;
  if (now.getTime() < endsAt.getTime()) return 'not_due';
  if (sub.status === 'active' && reason === 'grace_end') return 'stale';
  await changeSubscription(
    tx,
    sub,
    { status: 'expired', cancel_at_period_end: false, next_plan_id: null },
    { actor: 'system', action: 'subscription.expired', details: { reason: sub.status === 'grace' ? 'grace_end' : reason } },
    now,
  );
  return 'expired';
}
