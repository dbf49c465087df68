import type { Clock } from '../../../infra/clock';
import type { Database, Queryable } from '../../../infra/db/database';
import type { ChargeResult, PaymentsGateway } from '../../../infra/payments/paymentsGateway';
import { appendLedger, type LedgerEntry } from '../ledger';
import { activateSubscription, chargesLeftAfterFirst, type PaymentMethodSummary } from '../subscriptions/activate';
import type { PaidRole } from '../subscriptions/memberRole';
import { giveUpQueuedJob, RETRY_BASE_MS } from '../billingJobQueue';
import { loadOrder, transitionOrder, type OrderRow } from './orders';
import { queueRefund, recordRefunded, recordRefundFailure, refundAtProvider, refundJobKey, refusalMessage, type PaymentKind } from './refundRetry';

/** What finishing an order needs: the database, the provider (refunds), the time and a log. */
export interface PaymentDeps {
  db: Database;
  payments: PaymentsGateway;
  clock: Clock;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

/** Who moved an order: the member's own call, or the provider's webhook. */
export type OrderActor = { actor: Extract<LedgerEntry['actor'], 'member' | 'provider'>; actorId: string | null };

const orderLedger = (order: OrderRow, who: OrderActor) => ({
  application_id: order.application_id,
  user_id: order.user_id,
  order_id: order.id,
  subscription_id: order.subscription_id,
  actor: who.actor,
  actor_id: who.actorId,
});

export type PaidOutcome =
  /** This call finished the order and started the subscription. */
  | { kind: 'activated'; order: OrderRow }
  /** Someone else (the other finisher, or an earlier call) had finished it: nothing written. */
  | { kind: 'already_finished'; order: OrderRow }
  /** Paid, but the member already had a live subscription: the payment was refunded (or is due: see the log). */
  | { kind: 'refunded'; order: OrderRow };

async function planOf(db: Queryable, order: OrderRow) {
  const { rows } = await db.query<{ plan_id: string; role: PaidRole; period: 'monthly' | 'annual' }>(
    'select plan_id, role, period from billing_plans where application_id = $1 and plan_id = $2',
    [order.application_id, order.plan_id],
  );
  if (!rows[0]) throw new Error(`order ${order.id}: plan ${order.plan_id} is gone`);
  return rows[0];
}

async function customerOf(db: Queryable, order: OrderRow) {
  const { rows } = await db.query<{ provider_customer_id: string | null; card: PaymentMethodSummary | null }>(
    'select provider_customer_id, card from billing_customers where user_id = $1 and application_id = $2',
    [order.user_id, order.application_id],
  );
  return rows[0] ?? { provider_customer_id: null, card: null };
}

async function couponOf(db: Queryable, order: OrderRow) {
  if (!order.coupon_code) return null;
  const { rows } = await db.query<{ duration: 'once' | 'forever' | 'months'; duration_months: number | null }>(
    'select duration, duration_months from billing_coupons where application_id = $1 and code = $2',
    [order.application_id, order.coupon_code],
  );
  return rows[0] ?? null;
}

/**
 * A payment that succeeded at the provider: the order becomes succeeded and the subscription starts, in one
 * transaction, exactly once (the order moves only from an open status; a second finisher finds it finished). When the
 * member already has a live subscription (the index's last guard: two tabs, two API processes), the order is kept as
 * paid, then refunded at the provider (idempotency key `<order>:refund`) and marked refunded.
 */
export async function completePaidOrder(deps: PaymentDeps, order: OrderRow, charge: { intentId: string | null; kind?: PaymentKind }, who: OrderActor): Promise<PaidOutcome> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const before = await transitionOrder(tx, order.id, 'succeeded', { providerChargeId: charge.intentId }, now);
    if (!before) return { kind: 'already_finished' as const };
    await appendLedger(tx, { ...orderLedger(before, who), action: 'order.succeeded', from_state: before.status, to_state: 'succeeded', amount_minor: before.total_minor, currency: before.currency, details: { payment_intent: charge.intentId, plan_id: before.plan_id, coupon_code: before.coupon_code } }, now);
    const customer = await customerOf(tx, before);
    const activated = await activateSubscription(
      tx,
      {
        userId: before.user_id,
        applicationId: before.application_id,
        orderId: before.id,
        plan: await planOf(tx, before),
        provider: before.provider,
        providerCustomerId: customer.provider_customer_id,
        paymentMethod: customer.card,
        couponCode: before.coupon_code,
        couponChargesLeft: chargesLeftAfterFirst(await couponOf(tx, before)),
        actor: who.actor,
        actorId: who.actorId,
      },
      now,
    );
    if (activated) return { kind: 'activated' as const };
    await appendLedger(tx, { ...orderLedger(before, who), action: 'order.refund_due', from_state: 'succeeded', to_state: 'succeeded', amount_minor: before.total_minor, currency: before.currency, details: { reason: 'already_subscribed' } }, now);
    // The worker's retry, committed with the debt: should the refund below fail (or this process die), it is done later.
    await queueRefund(tx, before.id, 'already_subscribed', now, { kind: charge.kind });
    return { kind: 'refund_due' as const };
  });
  const current = (await loadOrder(deps.db, order.id))!;
  if (result.kind !== 'refund_due') return { kind: result.kind, order: current };
  return { kind: 'refunded', order: await refundOrder(deps, current, who, 'already_subscribed', charge.kind) };
}

/**
 * Pays back a paid order that cannot become a subscription (the member already had one, or the order had been given
 * up before its payment went through), at once: a card's payment intent or a redirect session (`kind`, else
 * refundAtProvider's rule). A failure leaves the order as it was, with the ledger's order.refund_failed, classified as
 * the worker's attempts are (recordRefundFailure): a provider that cannot be reached is retried by the billing
 * worker's refund job with backoff until it is done (refundRetry.ts; the same provider key, so it is refunded once);
 * a refusal is given up at once (retry_at null, the job given up), for a person to look at.
 */
export async function refundOrder(deps: PaymentDeps, order: OrderRow, who: OrderActor, reason: string, kind: PaymentKind | null = null): Promise<OrderRow> {
  if (!order.provider_charge_id) return order;
  try {
    const { refundId } = await refundAtProvider(deps, order.id, order.provider_charge_id, kind);
    await recordRefunded(deps.db, order, refundId, who, { reason }, deps.clock.now());
  } catch (err) {
    const now = deps.clock.now();
    const failure = await deps.db.transaction(async (tx) => {
      await queueRefund(tx, order.id, reason, now, { chargeId: order.provider_charge_id, kind });
      const recorded = await recordRefundFailure(tx, order, 0, err, RETRY_BASE_MS, now);
      if (recorded.refused) await giveUpQueuedJob(tx, refundJobKey(order.id), refusalMessage(err), now);
      return recorded;
    });
    if (failure.manual) deps.log.error({ err, orderId: order.id }, 'refund of a paid order without subscription needs an admin: the provider has no refund call (manual refund needed)');
    else if (failure.refused) deps.log.error({ err, orderId: order.id }, 'refund of a paid order without subscription refused by the provider: given up, for a person to look at');
    else deps.log.error({ err, orderId: order.id, retryAt: failure.retryAt }, 'refund of a paid order without subscription failed, the provider could not be reached: the billing worker retries it');
  }
  return (await loadOrder(deps.db, order.id))!;
}

/** A refused payment: the order fails once, with the provider's words (nothing was charged). */
export async function failOrder(deps: PaymentDeps, order: OrderRow, failure: Extract<ChargeResult, { status: 'failed' }>, who: OrderActor): Promise<OrderRow> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await transitionOrder(tx, order.id, 'failed', { providerChargeId: failure.intentId, failureMessage: failure.message }, now);
    if (!before) return;
    await appendLedger(tx, { ...orderLedger(before, who), action: 'order.failed', from_state: before.status, to_state: 'failed', amount_minor: before.total_minor, currency: before.currency, details: { payment_intent: failure.intentId, code: failure.code, decline_code: failure.declineCode, message: failure.message } }, now);
  });
  return (await loadOrder(deps.db, order.id))!;
}

/** 3-D Secure asked for: the order waits for the member (or the webhook) with its payment intent. */
export async function awaitAuthentication(deps: PaymentDeps, order: OrderRow, intentId: string, who: OrderActor): Promise<OrderRow> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await transitionOrder(tx, order.id, 'requires_action', { providerChargeId: intentId }, now, ['pending']);
    if (!before) return;
    await appendLedger(tx, { ...orderLedger(before, who), action: 'order.requires_action', from_state: 'pending', to_state: 'requires_action', amount_minor: before.total_minor, currency: before.currency, details: { payment_intent: intentId } }, now);
  });
  return (await loadOrder(deps.db, order.id))!;
}

/** Records the payment intent of a charge the provider has not decided yet (processing): the webhook finishes it. */
export async function noteIntent(deps: PaymentDeps, order: OrderRow, intentId: string): Promise<OrderRow> {
  await deps.db.query('update billing_orders set provider_charge_id = $2, updated_at = $3 where id = $1 and provider_charge_id is null', [order.id, intentId, deps.clock.now()]);
  return (await loadOrder(deps.db, order.id))!;
}
