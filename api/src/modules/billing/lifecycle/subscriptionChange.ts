import type { Queryable } from '../../../infra/db/database';
import { appendLedger, type LedgerEntry } from '../ledger';
import { setMemberRole } from '../subscriptions/memberRole';
import { requirePlan } from './subscriptionPlans';
import { writeSubscription, type SubscriptionChanges, type SubscriptionRow } from './subscriptionStore';

/** What a change records in the ledger besides the subscription's states. */
export type ChangeRecord = Pick<LedgerEntry, 'actor' | 'actor_id' | 'action' | 'order_id' | 'amount_minor' | 'currency' | 'details'>;

/**
 * One lifecycle change, in the caller's transaction: writes the subscription at the revision it was read (a row
 * changed meanwhile refuses it), appends the ledger entry (from → to state) and sets the member's role from the plan
 * now in force (subscriptions/memberRole.ts; a change of tier is a ledger entry of its own). Answers the row as written.
 */
export async function changeSubscription(tx: Queryable, sub: SubscriptionRow, changes: SubscriptionChanges, record: ChangeRecord, now: Date): Promise<SubscriptionRow> {
  const next = await writeSubscription(tx, sub, changes, now);
  await appendLedger(
    tx,
    {
      application_id: sub.application_id,
      user_id: sub.user_id,
      subscription_id: sub.id,
      from_state: sub.status,
      to_state: next.status,
      ...record,
      details: { revision: next.revision, plan_id: next.plan_id, ...(next.next_plan_id ? { next_plan_id: next.next_plan_id } : {}), ...record.details },
    },
    now,
  );
  const plan = await requirePlan(tx, next.application_id, next.plan_id);
  const tiers = await setMemberRole(tx, { userId: next.user_id, status: next.status, role: plan.role, billingCycle: plan.period, startedAt: next.created_at }, now);
  if (tiers.fromTier !== tiers.toTier) {
    await appendLedger(
      tx,
      { application_id: next.application_id, user_id: next.user_id, subscription_id: next.id, actor: record.actor, actor_id: record.actor_id, action: 'member.tier_changed', from_state: tiers.fromTier, to_state: tiers.toTier, details: { role: plan.role, status: next.status } },
      now,
    );
  }
  return next;
}
