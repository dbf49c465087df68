import { expireIfDue } from './expiry';
import type { LifecycleDeps } from './lifecycleDeps';
import { scheduleGrace, scheduleRenewal } from './lifecycleSchedule';
import { chargeOffSession, refundUnapplied } from './offSessionCharge';
import { periodEnd as endOfPeriod } from '@fable/rules/billing';
import { renewalPrice } from './renewalPrice';
import { changeSubscription } from './subscriptionChange';
import { isChargedByUs, loadSubscription } from './subscriptionStore';

export type RenewalResult = 'renewed' | 'grace' | 'still_grace' | 'expired' | 'not_due' | 'stale';

/**
 * The renew job of a subscription's period (queued for `periodEnd`; `jobId` makes its idempotency key, so a job run
 * twice charges once):
 * - cancelled, or not charged by us (complimentary, a supporter platform's) → expired, no charge;
 * - active or grace → the next plan's price (with the coupon's remaining discount, plus tax) charged off-session.
 *   Paid: a new period (on time: from the old period end; recovered from grace: from now), the next plan in force,
 *   the next renewal queued. Refused: active → grace with its retries and expiry queued; grace stays grace.
 * A subscription that moved on since the job was queued is left alone. An unreachable provider throws (the job is
 * retried with the same key).
 */
export async function renewSubscription(deps: LifecycleDeps, subscriptionId: string, periodEnd: Date, jobId: string, now: Date): Promise<RenewalResult> {
  const { db, payments } = deps;
  const sub = await loadSubscription(db, subscriptionId);
  if (!sub || sub.status === 'expired' || sub.current_period_end.getTime() !== periodEnd.getTime()) return 'stale';
  if (now.getTime() < periodEnd.getTime()) return 'not_due';
  if (sub.status === 'cancelled' || !isChargedByUs(sub)) {
    const result = await db.transaction((tx) => expireIfDue(tx, sub.id, periodEnd, now, 'period_end'));
    return result === 'expired' ? 'expired' : 'stale';
  }

  const due = await renewalPrice(db, sub);
  const outcome = await chargeOffSession(
    db,
    payments,
    {
      sub,
      kind: 'renewal',
      planId: due.plan.plan_id,
      price: due.price,
      couponCode: due.discounted ? sub.coupon_code : null,
      idempotencyKey: `renew:job:${jobId}`,
      description: `${due.plan.name} renewal`,
    },
    now,
  );

  const result = await db.transaction(async (tx): Promise<RenewalResult> => {
    const current = await loadSubscription(tx, subscriptionId, { forUpdate: true });
    if (!current || current.current_period_end.getTime() !== periodEnd.getTime() || (current.status !== 'active' && current.status !== 'grace')) {
      return 'stale';
    }
    const record = { actor: 'system' as const, order_id: outcome.orderId, amount_minor: due.price.total_minor, currency: due.price.currency };
    if (outcome.status === 'succeeded') {
      const start = current.status === 'active' ? current.current_period_end : now;
      const renewed = await changeSubscription(
        tx,
        current,
        {
          status: 'active',
          plan_id: due.plan.plan_id,
          next_plan_id: null,
          current_period_start: start,
          current_period_end: endOfPeriod(start, due.plan.period),
          coupon_charges_left: due.couponChargesLeft,
        },
        { ...record, action: 'subscription.renewed', details: { job_id: jobId, discount_minor: due.price.discount_minor, tax_minor: due.price.tax_minor } },
        now,
      );
      await scheduleRenewal(tx, renewed, now);
      return 'renewed';
    }
    const failed = await changeSubscription(
      tx,
      current,
      { status: 'grace' },
      { ...record, action: 'subscription.renewal_failed', details: { job_id: jobId, code: outcome.code, message: outcome.message } },
      now,
    );
    if (current.status === 'active') {
      await scheduleGrace(tx, failed, now);
      return 'grace';
    }
    return 'still_grace';
  });
  // Paid, but the subscription had moved on meanwhile (the member paid the amount due at the same time): give it back.
  if (result === 'stale' && outcome.status === 'succeeded') await refundUnapplied(db, payments, sub, outcome.orderId, now);
  return result;
}
