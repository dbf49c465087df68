import { ROLE_OF_TIER, type Tier } from '@fable/contracts';
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../../infra/db/database';
import { appendLedger } from '../ledger';
import { setMemberRole } from '../subscriptions/memberRole';
import { scheduleRenewal } from './lifecycleSchedule';
import { addMonths } from '@fable/rules/billing';
import type { LifecyclePlan } from './subscriptionPlans';
import { changeSubscription } from './subscriptionChange';
import { COMPLIMENTARY_PROVIDER, liveSubscriptionOf, loadSubscription, type SubscriptionRow } from './subscriptionStore';

export interface FreeMonthsGrant {
  userId: string;
  applicationId: string;
  tier: Exclude<Tier, 'free'>;
  months: number;
  /** Why, and the grant's idempotency: one grant per source and member (e.g. `leaderboard:2026-10:All Bots`). */
  source: string;
}

export type FreeMonthsResult =
  | { outcome: 'extended' | 'created'; subscription_id: string; order_id: string; period_end: Date }
  | { outcome: 'already_granted'; order_id: string };

interface TierPlan {
  plan_id: string;
  role: LifecyclePlan['role'];
  period: 'monthly' | 'annual';
  currency: string;
}

/** The plan a complimentary subscription of a tier runs on: the tier's monthly plan, else its annual one. */
async function planOfTier(db: Queryable, applicationId: string, tier: Exclude<Tier, 'free'>): Promise<TierPlan> {
  const { rows } = await db.query<TierPlan>(
    `select plan_id, role, period, currency from billing_plans where application_id = $1 and role = $2
      order by active desc, (period = 'monthly') desc, sort limit 1`,
    [applicationId, ROLE_OF_TIER[tier]],
  );
  const plan = rows[0];
  if (!plan) throw new Error(`${applicationId} has no plan of the ${tier} tier`);
  return plan;
}

/**
 * N free months of a tier through the subscription machinery (leaderboard prizes, document 2 §9), in one
 * transaction, once per source: a $0 order keyed by the source records it (a second grant with the source answers
 * already_granted).
 * - A live subscription is extended: its period end (recur_at) moves N months later, so the next charge does too; a
 *   grace is forgiven (active again, N months from now). Its plan stays (a prize of a higher tier than the plan does
 *   not change the plan: the leaderboard's tier_grants raise the effective tier meanwhile).
 * - Without one, a complimentary subscription of the tier's plan runs N months from now; it is never charged and
 *   expires at its end (the member's role goes back to free then).
 * The member's role follows at once; the renewal (or expiry) is queued at the new period end.
 */
export function grantFreeMonths(db: Database, grant: FreeMonthsGrant, now: Date): Promise<FreeMonthsResult> {
  if (!Number.isInteger(grant.months) || grant.months < 1) throw new RangeError('months must be a positive integer');
  return db.transaction((tx) => grantFreeMonthsIn(tx, grant, now));
}

/**
 * grantFreeMonths in the caller's transaction (the leaderboard's approval grants its prizes with the month's
 * publication, all or nothing). Two grants of one source racing: the order's unique key makes the second wait for
 * the first's commit and answer already_granted. Grants of different sources take turns on the member's row; a
 * caller granting to several members in one transaction locks their rows in one order first (no deadlock).
 */
export async function grantFreeMonthsIn(tx: Queryable, grant: FreeMonthsGrant, now: Date): Promise<FreeMonthsResult> {
  if (!Number.isInteger(grant.months) || grant.months < 1) throw new RangeError('months must be a positive integer');
  // The member's row first: two grants of different sources for a member without a subscription take turns (the
  // second extends what the first created) instead of both creating one.
  await tx.query('select id from users where id = $1 for update', [grant.userId]);
  const live = await liveSubscriptionOf(tx, grant.userId, grant.applicationId, { forUpdate: true });
  const tierPlan = await planOfTier(tx, grant.applicationId, grant.tier);
  const orderId = randomUUID();
  const { rowCount } = await tx.query(
    `insert into billing_orders (id, user_id, application_id, subscription_id, plan_id, kind, status, subtotal_minor, total_minor, currency,
                                 idempotency_key, request_hash, provider, created_at, updated_at)
     values ($1, $2, $3, null, $4, $5, 'succeeded', 0, 0, $6, $7, $8, $9, $10, $10)
     on conflict (user_id, idempotency_key) do nothing`,
    [orderId, grant.userId, grant.applicationId, live?.plan_id ?? tierPlan.plan_id, live ? 'renewal' : 'purchase', tierPlan.currency, `free:${grant.source}`, `free:${grant.tier}:${grant.months}`, COMPLIMENTARY_PROVIDER, now],
  );
  if (rowCount === 0) {
    const { rows } = await tx.query<{ id: string }>('select id::text as id from billing_orders where user_id = $1 and idempotency_key = $2', [grant.userId, `free:${grant.source}`]);
    return { outcome: 'already_granted', order_id: rows[0]?.id ?? '' };
  }
  const details = { source: grant.source, tier: grant.tier, months: grant.months };

  let sub: SubscriptionRow;
  if (live) {
    const grace = live.status === 'grace';
    const start = grace ? now : live.current_period_start;
    sub = await changeSubscription(
      tx,
      live,
      { status: grace ? 'active' : live.status, current_period_start: start, current_period_end: addMonths(grace ? now : live.current_period_end, grant.months) },
      { actor: 'system', action: 'subscription.free_months', order_id: orderId, amount_minor: 0, currency: tierPlan.currency, details },
      now,
    );
  } else {
    const id = randomUUID();
    await tx.query(
      `insert into subscriptions (id, user_id, application_id, plan_id, status, current_period_start, current_period_end, cancel_at_period_end,
                                  provider, created_at, updated_at)
       values ($1, $2, $3, $4, 'active', $5, $6, true, $7, $5, $5)`,
      [id, grant.userId, grant.applicationId, tierPlan.plan_id, now, addMonths(now, grant.months), COMPLIMENTARY_PROVIDER],
    );
    sub = (await loadSubscription(tx, id)) as SubscriptionRow;
    await appendLedger(
      tx,
      { application_id: grant.applicationId, user_id: grant.userId, subscription_id: id, order_id: orderId, actor: 'system', action: 'subscription.created', to_state: 'active', amount_minor: 0, currency: tierPlan.currency, details: { ...details, complimentary: true, plan_id: tierPlan.plan_id } },
      now,
    );
    await setMemberRole(tx, { userId: grant.userId, status: 'active', role: tierPlan.role, billingCycle: tierPlan.period, startedAt: now }, now);
  }
  await tx.query('update billing_orders set subscription_id = $2 where id = $1', [orderId, sub.id]);
  await scheduleRenewal(tx, sub, now);
  return { outcome: live ? 'extended' : 'created', subscription_id: sub.id, order_id: orderId, period_end: sub.current_period_end };
}
