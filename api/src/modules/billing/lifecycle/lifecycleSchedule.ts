import type { Queryable } from '../../../infra/db/database';
import { enqueueJob } from '../billingJobQueue';
import { DAY_MS } from '@fable/rules/billing';
import { GRACE_RETRY_DAYS, JOB_KINDS, expireKey, graceEndsAt, renewKey } from './lifecycleRules';
import type { SubscriptionRow } from './subscriptionStore';

type Scheduled = Pick<SubscriptionRow, 'id' | 'current_period_end'>;

/** Queues the subscription's renewal at its period end (once per period: the dedupe key names it). */
export async function scheduleRenewal(db: Queryable, sub: Scheduled, now: Date): Promise<void> {
  await enqueueJob(
    db,
    { kind: JOB_KINDS.renew, runAt: sub.current_period_end, dedupeKey: renewKey(sub.id, sub.current_period_end), payload: { subscription_id: sub.id, period_end: sub.current_period_end.toISOString() } },
    now,
  );
}

/** Queues a grace's retries (GRACE_RETRY_DAYS after the renewal date) and its expiry at the window's end. */
export async function scheduleGrace(db: Queryable, sub: Scheduled, now: Date): Promise<void> {
  const periodEnd = sub.current_period_end;
  const payload = { subscription_id: sub.id, period_end: periodEnd.toISOString() };
  for (const [i, days] of GRACE_RETRY_DAYS.entries()) {
    await enqueueJob(db, { kind: JOB_KINDS.renew, runAt: new Date(periodEnd.getTime() + days * DAY_MS), dedupeKey: renewKey(sub.id, periodEnd, i + 1), payload }, now);
  }
  await enqueueJob(db, { kind: JOB_KINDS.expire, runAt: graceEndsAt(periodEnd), dedupeKey: expireKey(sub.id, periodEnd), payload }, now);
}

/**
 * The sweep each worker run starts with, so no subscription is missed whoever made it: a renewal for every active or
 * cancelled subscription whose period has ended, an expiry for every grace whose window has ended. The dedupe keys
 * make repeats no-ops. Answers how many were looked at.
 */
export async function scheduleDueWork(db: Queryable, now: Date): Promise<number> {
  const { rows: due } = await db.query<Scheduled>(
    `select id::text as id, current_period_end from subscriptions where status in ('active', 'cancelled') and current_period_end <= $1`,
    [now],
  );
  for (const sub of due) await scheduleRenewal(db, sub, now);
  const { rows: graces } = await db.query<Scheduled>(
    `select id::text as id, current_period_end from subscriptions where status = 'grace' and current_period_end <= $1`,
    [new Date(now.getTime() - graceEndsAt(new Date(0)).getTime())],
  );
  for (const sub of graces) {
    await enqueueJob(
      db,
      { kind: JOB_KINDS.expire, runAt: graceEndsAt(sub.current_period_end), dedupeKey: expireKey(sub.id, sub.current_period_end), payload: { subscription_id: sub.id, period_end: sub.current_period_end.toISOString() } },
      now,
    );
  }
  return due.length + graces.length;
}
