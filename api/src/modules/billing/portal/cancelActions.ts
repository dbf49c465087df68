import type { PortalActionResult } from '@fable/contracts';
import type { Database } from '../../../infra/db/database';
import { changeSubscription } from '../lifecycle/subscriptionChange';
import { loadSubscription, type SubscriptionRow } from '../lifecycle/subscriptionStore';
import { portalErrors } from './portalErrors';
import { dayOf, succeeded } from './portalAnswers';

/**
 * cancel (document 2 §4): an active subscription becomes cancelled and keeps its access until recur_at (the period
 * end), when the renewal job expires it instead of charging. One transaction, the row locked: of two tabs, the second
 * finds it cancelled already (409 action_not_allowed).
 */
export async function cancelSubscription(db: Database, target: SubscriptionRow, now: Date): Promise<PortalActionResult> {
  return db.transaction(async (tx) => {
    const sub = (await loadSubscription(tx, target.id, { forUpdate: true })) as SubscriptionRow;
    if (sub.status !== 'active') throw portalErrors.actionNotAllowed('cancel', sub.status, sub.status === 'cancelled' ? 'already_cancelled' : 'not_active');
    const next = await changeSubscription(
      tx,
      sub,
      { status: 'cancelled', cancel_at_period_end: true },
      { actor: 'member', actor_id: sub.user_id, action: 'subscription.cancelled', details: { access_until: sub.current_period_end.toISOString() } },
      now,
    );
    return succeeded(next, `Your subscription is cancelled. Your access ends on ${dayOf(next.current_period_end)}.`);
  });
}

/**
 * uncancel (document 2 §4 "Uncancel returns it to its prior state"): only an active subscription can be cancelled,
 * so the prior state is active; the renewal at recur_at charges again. Refused once the period has ended (the
 * renewal job expires it; reactivating goes through checkout).
 */
export async function uncancelSubscription(db: Database, target: SubscriptionRow, now: Date): Promise<PortalActionResult> {
  return db.transaction(async (tx) => {
    const sub = (await loadSubscription(tx, target.id, { forUpdate: true })) as SubscriptionRow;
    if (sub.status !== 'cancelled') throw portalErrors.actionNotAllowed('uncancel', sub.status, 'not_cancelled');
    if (now.getTime() >= sub.current_period_end.getTime()) throw portalErrors.actionNotAllowed('uncancel', sub.status, 'period_ended');
    const next = await changeSubscription(
      tx,
      sub,
      { status: 'active', cancel_at_period_end: false },
      { actor: 'member', actor_id: sub.user_id, action: 'subscription.uncancelled' },
      now,
    );
    return succeeded(next, `Your subscription is active again. Next charge date: ${dayOf(next.current_period_end)}.`);
  });
}
