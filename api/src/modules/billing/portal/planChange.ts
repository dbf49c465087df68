import type { PortalActionResult } from '@fable/contracts';
import { PaymentsUnavailableError } from '../../../infra/payments/paymentsGateway';
import type { LifecycleDeps } from '../lifecycle/lifecycleDeps';
import { scheduleRenewal } from '../lifecycle/lifecycleSchedule';
import { chargeOffSession, refundUnapplied } from '../lifecycle/offSessionCharge';
import { memberTaxRateBps } from '../lifecycle/renewalPrice';
import { changeSubscription } from '../lifecycle/subscriptionChange';
import { planOf, requirePlan } from '../lifecycle/subscriptionPlans';
import { isChargedByUs, loadSubscription, type SubscriptionRow } from '../lifecycle/subscriptionStore';
import { periodEnd, planChangeProblem, priceOf, prorate } from '@fable/rules/billing';
import { portalErrors } from './portalErrors';
import { dayOf, succeeded } from './portalAnswers';

/**
 * change_plan (document 2 §4): only an active, paid subscription (cancelled: the Change Plan button is disabled;
 * grace: the amount due first). The new plan must be on sale, not the current one, and annual for a yearly
 * subscriber. prorate() at now:
 * - upgrade_price > 0: that amount plus the member's tax is charged now off-session (key
 *   `upgrade:<subscription>:<revision>:<plan>`: two tabs at the same revision charge once), then the plan switches
 *   (a change of period starts a new period now and queues its renewal). A refusal answers 402 with the provider's
 *   message and counts a revision, so trying again is a new charge.
 * - otherwise the plan is scheduled as next_plan for the next cycle; nothing is charged.
 * A charge that went through is applied even if the subscription was cancelled meanwhile (it was paid for).
 */
export async function changePlan(deps: LifecycleDeps, target: SubscriptionRow, planId: string, now: Date): Promise<PortalActionResult> {
  const { db, payments } = deps;
  const sub = target;
  if (sub.status !== 'active') throw portalErrors.actionNotAllowed('change_plan', sub.status, sub.status === 'cancelled' ? 'cancelled' : 'not_active');
  if (!isChargedByUs(sub)) throw portalErrors.actionNotAllowed('change_plan', sub.status, 'complimentary');
  const current = await requirePlan(db, sub.application_id, sub.plan_id);
  const wanted = await planOf(db, sub.application_id, planId);
  if (!wanted || !wanted.active) throw portalErrors.planNotFound(planId);
  const problem = planChangeProblem(current, wanted);
  if (problem) throw portalErrors.actionNotAllowed('change_plan', sub.status, problem);

  const proration = prorate(current, wanted, sub.current_period_start, sub.current_period_end, now);
  if (proration.upgrade_price_minor === 0) {
    return db.transaction(async (tx) => {
      const locked = (await loadSubscription(tx, sub.id, { forUpdate: true })) as SubscriptionRow;
      if (locked.status !== 'active') throw portalErrors.actionNotAllowed('change_plan', locked.status, 'not_active');
      if (locked.plan_id !== current.plan_id) throw portalErrors.actionNotAllowed('change_plan', locked.status, 'plan_changed_meanwhile');
      const next = await changeSubscription(
        tx,
        locked,
        { next_plan_id: wanted.plan_id },
        { actor: 'member', actor_id: sub.user_id, action: 'subscription.plan_scheduled', details: { from_plan_id: current.plan_id, to_plan_id: wanted.plan_id, effective_at: locked.current_period_end.toISOString() } },
        now,
      );
      return succeeded(next, `Your plan changes to ${wanted.name} at the next billing cycle, on ${dayOf(next.current_period_end)}.`);
    });
  }

  if (!payments) throw portalErrors.paymentsUnavailable();
  const price = priceOf({ ...wanted, price_minor: proration.upgrade_price_minor }, null, await memberTaxRateBps(db, sub.user_id, sub.application_id));
  let outcome;
  try {
    outcome = await chargeOffSession(
      db,
      payments,
      { sub, kind: 'upgrade', planId: wanted.plan_id, price, couponCode: null, idempotencyKey: `upgrade:${sub.id}:${sub.revision}:${wanted.plan_id}`, description: `Upgrade to ${wanted.name} (prorated)` },
      now,
    );
  } catch (err) {
    if (err instanceof PaymentsUnavailableError) throw portalErrors.paymentsUnavailable();
    throw err;
  }
  const record = { actor: 'member' as const, actor_id: sub.user_id, order_id: outcome.orderId, amount_minor: price.total_minor, currency: price.currency };

  if (outcome.status === 'failed') {
    const status = await db.transaction(async (tx) => {
      const locked = (await loadSubscription(tx, sub.id, { forUpdate: true })) as SubscriptionRow;
      if (locked.revision !== sub.revision) return locked.status;
      const next = await changeSubscription(tx, locked, {}, { ...record, action: 'subscription.upgrade_failed', details: { to_plan_id: wanted.plan_id, code: outcome.code, message: outcome.message } }, now);
      return next.status;
    });
    throw portalErrors.paymentFailed(outcome.message, outcome.code, status);
  }

  const applied = await db.transaction(async (tx) => {
    const locked = (await loadSubscription(tx, sub.id, { forUpdate: true })) as SubscriptionRow;
    // Another tab applied this same charge (same key, same order): nothing more to do.
    if (locked.plan_id === wanted.plan_id) return { row: locked, applied: true };
    if (locked.status === 'expired' || locked.plan_id !== current.plan_id) return { row: locked, applied: false };
    const start = proration.starts_new_period ? now : locked.current_period_start;
    const next = await changeSubscription(
      tx,
      locked,
      {
        plan_id: wanted.plan_id,
        next_plan_id: null,
        current_period_start: start,
        current_period_end: proration.starts_new_period ? periodEnd(now, wanted.period) : locked.current_period_end,
      },
      { ...record, action: 'subscription.plan_changed', details: { from_plan_id: current.plan_id, to_plan_id: wanted.plan_id, upgrade_price_minor: proration.upgrade_price_minor, tax_minor: price.tax_minor, new_period: proration.starts_new_period } },
      now,
    );
    if (proration.starts_new_period) await scheduleRenewal(tx, next, now);
    return { row: next, applied: true };
  });
  if (!applied.applied) {
    await refundUnapplied(db, payments, sub, outcome.orderId, now);
    throw portalErrors.actionNotAllowed('change_plan', applied.row.status, 'changed_meanwhile_refunded');
  }
  return succeeded(applied.row, `Your plan is now ${wanted.name}.`);
}
