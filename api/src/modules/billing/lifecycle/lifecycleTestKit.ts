// Test kit of the lifecycle and portal tests: a member with a card attached at the payments sandbox (over its real
// socket) and a subscription started on it, as the subscribe flow leaves them.
import { randomUUID } from 'node:crypto';
import type { Database } from '../../../infra/db/database';
import { createPaymentsGateway } from '../../../infra/payments/stripeGateway';
import type { TestPaymentsSandbox } from '../../../testing/paymentsSandbox';
import type { PaymentsTestApp } from '../../../testing/paymentsTestApp';
import { cardSummary } from '../portal/cardChange';
import { setMemberRole } from '../subscriptions/memberRole';
import type { LifecycleDeps } from './lifecycleDeps';
import { periodEnd } from '@fable/rules/billing';
import { requirePlan } from './subscriptionPlans';
import { loadSubscription, type SubscriptionRow } from './subscriptionStore';

/** What the tests hand runBillingJobs: the app's database and a gateway through the rig's line (cut like the app's). */
export function lifecycleDepsOf(rig: PaymentsTestApp): LifecycleDeps {
  return { db: rig.t.db, payments: createPaymentsGateway({ ...rig.payments.config, sandboxUrl: rig.line.url }) };
}

export interface SubscribedMember {
  userId: string;
  subscription: SubscriptionRow;
  orderId: string;
  customerId: string;
}

/**
 * Starts `userId`'s subscription of `planId` (fable) at `now`: a sandbox customer with the card `cardNumber`
 * attached, billing_customers (US/CA, 7.25 % tax), a paid purchase order, the subscription (active, one period), the
 * member's tier, and the ledger's subscription.created.
 */
export async function subscribeForTest(db: Database, sandbox: TestPaymentsSandbox, userId: string, planId: string, cardNumber: string, now: Date, extra: { couponCode?: string; couponChargesLeft?: number | null } = {}): Promise<SubscribedMember> {
  const { gateway } = sandbox;
  const { customerId } = await gateway.ensureCustomer({ existingId: null, email: `${userId}@example.com`, name: 'Test Member', metadata: { user_id: userId } }, `test-customer-${randomUUID()}`);
  const attached = await gateway.attachCard(customerId, await sandbox.cardToken(cardNumber), `test-attach-${randomUUID()}`);
  if (!('ok' in attached)) throw new Error(`the sandbox refused card ${cardNumber}: ${attached.message}`);
  const card = cardSummary(attached.card);
  const plan = await requirePlan(db, 'fable', planId);
  const id = randomUUID();
  const orderId = randomUUID();
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into billing_customers (user_id, application_id, provider, provider_customer_id, email, first_name, last_name, country, state, postal_code, card, updated_at)
       values ($1, 'fable', 'sandbox', $2, $3, 'Test', 'Member', 'US', 'CA', '90210', $4, $5)
       on conflict (user_id, application_id) do update set provider_customer_id = excluded.provider_customer_id, card = excluded.card`,
      [userId, customerId, `${userId}@example.com`, JSON.stringify(card), now],
    );
    await tx.query(
      `insert into subscriptions (id, user_id, application_id, plan_id, status, current_period_start, current_period_end, provider, provider_customer_id,
                                  payment_method, coupon_code, coupon_charges_left, created_at, updated_at)
       values ($1, $2, 'fable', $3, 'active', $4, $5, 'sandbox', $6, $7, $8, $9, $4, $4)`,
      [id, userId, planId, now, periodEnd(now, plan.period), customerId, JSON.stringify(card), extra.couponCode ?? null, extra.couponChargesLeft ?? null],
    );
    await tx.query(
      `insert into billing_orders (id, user_id, application_id, subscription_id, plan_id, kind, status, subtotal_minor, total_minor, currency,
                                   idempotency_key, request_hash, provider, created_at, updated_at)
       values ($1, $2, 'fable', $3, $4, 'purchase', 'succeeded', $5, $5, 'USD', $6, 'test', 'sandbox', $7, $7)`,
      [orderId, userId, id, planId, plan.price_minor, `test-purchase-${orderId}`, now],
    );
    await tx.query(
      `insert into billing_ledger (application_id, user_id, subscription_id, order_id, actor, action, to_state, details, created_at)
       values ('fable', $1, $2, $3, 'member', 'subscription.created', 'active', '{}', $4)`,
      [userId, id, orderId, now],
    );
    await setMemberRole(tx, { userId, status: 'active', role: plan.role, billingCycle: plan.period, startedAt: now }, now);
  });
  return { userId, subscription: (await loadSubscription(db, id)) as SubscriptionRow, orderId, customerId };
}

/** The sandbox's paid charges of one subscription (metadata.subscription_id), amounts in minor units. */
export function chargesOf(sandbox: TestPaymentsSandbox, subscriptionId: string) {
  return sandbox.paidCharges().filter((c) => c.metadata.subscription_id === subscriptionId);
}

/** The member's stored tier. */
export async function tierOf(db: Database, userId: string): Promise<string> {
  const { rows } = await db.query<{ tier: string }>('select tier from users where id = $1', [userId]);
  return rows[0]?.tier ?? 'missing';
}
