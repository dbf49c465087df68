import type { PortalActionResult } from '@fable/contracts';
import { PaymentsUnavailableError } from '../../../infra/payments/paymentsGateway';
import type { LifecycleDeps } from '../lifecycle/lifecycleDeps';
import { scheduleRenewal } from '../lifecycle/lifecycleSchedule';
import { chargeOffSession, refundUnapplied } from '../lifecycle/offSessionCharge';
import { periodEnd } from '@fable/rules/billing';
import { renewalPrice } from '../lifecycle/renewalPrice';
import { changeSubscription } from '../lifecycle/subscriptionChange';
import { loadSubscription, type SubscriptionRow } from '../lifecycle/subscriptionStore';
import { portalErrors } from './portalErrors';
import { dayOf, succeeded } from './portalAnswers';

/**
 * charge_rebill, 'Pay amount due' (document 2 §4): a grace's amount due (the renewal's price: next plan, coupon's
 * remaining discount, tax) charged now with the card on file, key `rebill:<subscription>:<revision>` (two tabs at once
 * charge once). Paid: active with a new period from now, the renewal queued. Refused: the subscription stays grace
 * (a revision is counted, so trying again, e.g. after change_card, is a new charge) and the answer is 402 with the
 * provider's message, which the portal shows in place of the payment-failed note.
 */
export async function chargeRebill(deps: LifecycleDeps, target: SubscriptionRow, now: Date): Promise<PortalActionResult> {
  const { db, payments } = deps;
  const sub = target;
  if (sub.status !== 'grace') throw portalErrors.actionNotAllowed('charge_rebill', sub.status, 'nothing_due');
  if (!payments) throw portalErrors.paymentsUnavailable();
  const due = await renewalPrice(db, sub);
  let outcome;
  try {
    outcome = await chargeOffSession(
      db,
      payments,
      { sub, kind: 'rebill', planId: due.plan.plan_id, price: due.price, couponCode: due.discounted ? sub.coupon_code : null, idempotencyKey: `rebill:${sub.id}:${sub.revision}`, description: `${due.plan.name}: amount due` },
      now,
    );
  } catch (err) {
    if (err instanceof PaymentsUnavailableError) throw portalErrors.paymentsUnavailable();
    throw err;
  }
  const record = { actor: 'member' as const, actor_id: sub.user_id, order_id: outcome.orderId, amount_minor: due.price.total_minor, currency: due.price.currency };

  if (outcome.status === 'failed') {
    const status = await db.transaction(async (tx) => {
      const locked = (await loadSubscription(tx, sub.id, { forUpdate: true })) as SubscriptionRow;
      if (locked.revision !== sub.revision) return locked.status;
      const next = await changeSubscription(tx, locked, {}, { ...record, action: 'subscription.rebill_failed', details: { code: outcome.code, message: outcome.message } }, now);
      return next.status;
    });
    throw portalErrors.paymentFailed(outcome.message, outcome.code, status);
  }

  const result = await db.transaction(async (tx) => {
    const locked = (await loadSubscription(tx, sub.id, { forUpdate: true })) as SubscriptionRow;
    if (locked.status !== 'grace' || locked.current_period_end.getTime() !== sub.current_period_end.getTime()) return { row: locked, applied: false };
    const next = await changeSubscription(
      tx,
      locked,
      { status: 'active', plan_id: due.plan.plan_id, next_plan_id: null, current_period_start: now, current_period_end: periodEnd(now, due.plan.period), coupon_charges_left: due.couponChargesLeft },
      { ...record, action: 'subscription.rebilled', details: { discount_minor: due.price.discount_minor, tax_minor: due.price.tax_minor } },
      now,
    );
    await scheduleRenewal(tx, next, now);
    return { row: next, applied: true };
  });
  if (!result.applied) {
    // Paid already by the other tab with the same key (the ledger shows the order applied: no refund) or by a grace
    // retry at the same moment (another order: refunded).
    await refundUnapplied(db, payments, sub, outcome.orderId, now);
    if (result.row.status === 'active') return succeeded(result.row, `Thank you! Your payment went through. Next charge date: ${dayOf(result.row.current_period_end)}.`);
    throw portalErrors.actionNotAllowed('charge_rebill', result.row.status, 'changed_meanwhile');
  }
  return succeeded(result.row, `Thank you! Your payment went through. Next charge date: ${dayOf(result.row.current_period_end)}.`);
}
