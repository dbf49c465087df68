import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../infra/db/database';
import { appendLedger, type LedgerEntry } from '../ledger';
import { periodEnd } from '@fable/rules/billing';
import { setMemberRole, type PaidRole } from './memberRole';

/** The card that pays (subscriptions.payment_method; billing_customers.card): the summary and the provider's id. */
export interface PaymentMethodSummary {
  last_4: string;
  type: string;
  /** MM/YY */
  exp?: string;
  /** The provider's payment method (pm_…), charged off-session by renewals. */
  payment_method_id?: string;
}

export interface ActivationInput {
  userId: string;
  applicationId: string;
  /** The paid order that starts it (billing_orders.subscription_id is set to the new subscription). */
  orderId: string | null;
  plan: { plan_id: string; role: PaidRole; period: 'monthly' | 'annual' };
  provider: string;
  providerCustomerId: string | null;
  paymentMethod: PaymentMethodSummary | null;
  couponCode: string | null;
  /** Discounted charges left after this one (null: forever or none). */
  couponChargesLeft: number | null;
  /** Who caused it, for the ledger: the member (subscribe answer) or the provider (a webhook finished it). */
  actor: LedgerEntry['actor'];
  actorId: string | null;
}

/**
 * Starts a member's subscription in the caller's transaction (issue 15): the subscriptions row (active, one period
 * from `now`), the member's role at once (memberRole.ts), and their ledger entries (subscription.created,
 * member.tier_changed). Answers null, writing nothing, when the member already has a live subscription of the
 * application: the partial unique index subscriptions_one_live_per_member is the last guard against two tabs, the
 * caller refunds what it charged.
 */
export async function activateSubscription(tx: Queryable, input: ActivationInput, now: Date): Promise<{ subscriptionId: string; periodEnd: Date } | null> {
  const id = randomUUID();
  const end = periodEnd(now, input.plan.period);
  const { rows } = await tx.query<{ id: string }>(
    `insert into subscriptions (id, user_id, application_id, plan_id, status, current_period_start, current_period_end, provider,
                                provider_customer_id, payment_method, coupon_code, coupon_charges_left, created_at, updated_at)
     values ($1, $2, $3, $4, 'active', $5, $6, $7, $8, $9, $10, $11, $5, $5)
     on conflict (user_id, application_id) where status <> 'expired' do nothing
     returning id::text as id`,
    [id, input.userId, input.applicationId, input.plan.plan_id, now, end, input.provider, input.providerCustomerId,
      input.paymentMethod ? JSON.stringify(input.paymentMethod) : null, input.couponCode, input.couponChargesLeft],
  );
  if (rows.length === 0) return null;
  if (input.orderId) await tx.query('update billing_orders set subscription_id = $2, updated_at = $3 where id = $1', [input.orderId, id, now]);
  const base = { application_id: input.applicationId, user_id: input.userId, subscription_id: id, order_id: input.orderId, actor: input.actor, actor_id: input.actorId };
  await appendLedger(tx, { ...base, action: 'subscription.created', from_state: null, to_state: 'active', details: { plan_id: input.plan.plan_id, period_end: end.toISOString() } }, now);
  const tiers = await setMemberRole(tx, { userId: input.userId, status: 'active', role: input.plan.role, billingCycle: input.plan.period, startedAt: now }, now);
  await appendLedger(tx, { ...base, action: 'member.tier_changed', from_state: tiers.fromTier, to_state: tiers.toTier, details: { role: input.plan.role } }, now);
  return { subscriptionId: id, periodEnd: end };
}

/** Discounted charges left after the first (coupon duration once: 0; months: n - 1; forever: null). */
export function chargesLeftAfterFirst(coupon: { duration: 'once' | 'forever' | 'months'; duration_months: number | null } | null): number | null {
  if (!coupon || coupon.duration === 'forever') return null;
  if (coupon.duration === 'once') return 0;
  return Math.max(0, (coupon.duration_months ?? 1) - 1);
}
