import { createHash, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../../infra/db/database';
import { PaymentsUnavailableError, type PaymentsGateway } from '../../../infra/payments/paymentsGateway';
import { appendLedger } from '../ledger';
import type { PriceBreakdown } from '@fable/rules/billing';
import type { SubscriptionRow } from './subscriptionStore';

/** What a charge without the member (renewal, upgrade, amount due) needs. */
export interface OffSessionChargeInput {
  sub: SubscriptionRow;
  kind: 'renewal' | 'upgrade' | 'rebill';
  /** The plan the money is for. */
  planId: string;
  price: PriceBreakdown;
  couponCode: string | null;
  /**
   * The same key for the same intent: the order row is found again (unique per member) and the provider replays its
   * first answer, so a retried job or request charges once.
   */
  idempotencyKey: string;
  description: string;
}

export type OffSessionOutcome =
  | { status: 'succeeded'; orderId: string; replayed: boolean }
  | { status: 'failed'; orderId: string; code: string; message: string; replayed: boolean };

interface OrderRow {
  id: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'refunded';
  request_hash: string;
  failure_message: string | null;
}

/** Nothing to charge with: no provider customer or no card. */
const NO_CARD = { code: 'no_card', message: 'There is no card on file to charge. Add a card and try again.' } as const;

/** The provider's customer and card for a subscription: its own, else the member's billing customer row's. */
export async function paymentSourceOf(db: Queryable, sub: SubscriptionRow): Promise<{ customerId: string; paymentMethodId: string } | null> {
  const { rows } = await db.query<{ provider_customer_id: string | null; payment_method_id: string | null }>(
    `select provider_customer_id, card->>'payment_method_id' as payment_method_id from billing_customers where user_id = $1 and application_id = $2`,
    [sub.user_id, sub.application_id],
  );
  const customerId = sub.provider_customer_id ?? rows[0]?.provider_customer_id ?? null;
  const paymentMethodId = sub.payment_method?.payment_method_id ?? rows[0]?.payment_method_id ?? null;
  return customerId && paymentMethodId ? { customerId, paymentMethodId } : null;
}

function hashOf(input: OffSessionChargeInput): string {
  const { sub, kind, planId, price, couponCode } = input;
  return createHash('sha256').update(JSON.stringify([sub.id, kind, planId, price.total_minor, price.currency, couponCode])).digest('hex');
}

async function recordOutcome(tx: Queryable, input: OffSessionChargeInput, orderId: string, result: { ok: true; chargeId: string | null } | { ok: false; code: string; message: string }, now: Date): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update billing_orders set status = $2, provider_charge_id = $3, failure_message = $4, updated_at = $5 where id = $1 and status = 'pending'`,
    [orderId, result.ok ? 'succeeded' : 'failed', result.ok ? result.chargeId : null, result.ok ? null : result.message, now],
  );
  if (rowCount === 0) return false;
  await appendLedger(
    tx,
    {
      application_id: input.sub.application_id,
      user_id: input.sub.user_id,
      subscription_id: input.sub.id,
      order_id: orderId,
      actor: 'system',
      action: result.ok ? 'order.succeeded' : 'order.failed',
      from_state: 'pending',
      to_state: result.ok ? 'succeeded' : 'failed',
      amount_minor: input.price.total_minor,
      currency: input.price.currency,
      details: { kind: input.kind, plan_id: input.planId, ...(result.ok ? {} : { code: result.code, message: result.message }) },
    },
    now,
  );
  return true;
}

/**
 * Charges a subscription off-session (the member is not there to pass 3-D Secure), exactly once per idempotency key:
 * the order row (pending) is written first, then the provider is asked with the same key, then the order records the
 * answer with a ledger entry. A repeat with the key finds the order: an order already answered is answered again
 * (replayed); a pending one (a crash or an unreachable provider before) is charged again with the same key, which the
 * provider replays. A refusal is an outcome; an unreachable provider throws PaymentsUnavailableError and leaves the
 * order pending. The caller applies the outcome to the subscription in its own transaction, guarded by the state.
 */
export async function chargeOffSession(db: Database, payments: PaymentsGateway | null, input: OffSessionChargeInput, now: Date): Promise<OffSessionOutcome> {
  const { sub, price } = input;
  const hash = hashOf(input);
  await db.query(
    `insert into billing_orders (id, user_id, application_id, subscription_id, plan_id, kind, status, subtotal_minor, discount_minor, tax_minor,
                                 total_minor, currency, coupon_code, idempotency_key, request_hash, provider, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)
     on conflict (user_id, idempotency_key) do nothing`,
    [
      randomUUID(),
      sub.user_id,
      sub.application_id,
      sub.id,
      input.planId,
      input.kind,
      price.subtotal_minor,
      price.discount_minor,
      price.tax_minor,
      price.total_minor,
      price.currency,
      input.couponCode,
      input.idempotencyKey,
      hash,
      payments?.provider ?? sub.provider,
      now,
    ],
  );
  const { rows } = await db.query<OrderRow>(
    'select id::text as id, status, request_hash, failure_message from billing_orders where user_id = $1 and idempotency_key = $2',
    [sub.user_id, input.idempotencyKey],
  );
  const order = rows[0];
  if (!order) throw new Error(`order ${input.idempotencyKey} vanished`);
  if (order.request_hash !== hash) throw new Error(`idempotency key ${input.idempotencyKey} reused for another charge`);
  if (order.status === 'succeeded' || order.status === 'refunded') return { status: 'succeeded', orderId: order.id, replayed: true };
  if (order.status === 'failed') {
    return { status: 'failed', orderId: order.id, code: 'replayed', message: order.failure_message ?? 'Your payment was declined.', replayed: true };
  }

  const source = await paymentSourceOf(db, sub);
  if (!source) {
    const recorded = await db.transaction((tx) => recordOutcome(tx, input, order.id, { ok: false, ...NO_CARD }, now));
    return { status: 'failed', orderId: order.id, ...NO_CARD, replayed: !recorded };
  }
  if (!payments) throw new PaymentsUnavailableError('no payments gateway is configured');
  const result = await payments.charge(
    {
      customerId: source.customerId,
      paymentMethodId: source.paymentMethodId,
      amountMinor: price.total_minor,
      currency: price.currency,
      description: input.description,
      // lifecycle_order_id, not order_id: the purchase webhook (webhooks/paymentIntentEvents.ts) takes an order_id's order
      // for a first purchase; these charges are finished here, by the same key, never by a webhook.
      metadata: { user_id: sub.user_id, lifecycle_order_id: order.id, plan_id: input.planId, application: sub.application_id, subscription_id: sub.id, kind: input.kind },
      offSession: true,
    },
    input.idempotencyKey,
  );
  if (result.status === 'processing') throw new PaymentsUnavailableError(`charge ${result.intentId} is still processing`);
  const outcome =
    result.status === 'succeeded'
      ? ({ ok: true, chargeId: result.intentId } as const)
      : result.status === 'requires_action'
        ? ({ ok: false, code: 'authentication_required', message: 'Your bank asks you to confirm this payment. Pay the amount due again with a card that does not need it.' } as const)
        : ({ ok: false, code: result.code, message: result.message } as const);
  const recorded = await db.transaction((tx) => recordOutcome(tx, input, order.id, outcome, now));
  return outcome.ok
    ? { status: 'succeeded', orderId: order.id, replayed: !recorded }
    : { status: 'failed', orderId: order.id, code: outcome.code, message: outcome.message, replayed: !recorded };
}

/**
 * Gives back a charge whose outcome was not applied because the subscription had moved on meanwhile (two paths paid
 * the same amount due, e.g. the member's Pay amount due while a grace retry ran): unless the ledger shows the order
 * applied, it is refunded in full (key `refund:<order>`) and marked refunded, with a ledger entry. Answers whether it
 * refunded.
 */
export async function refundUnapplied(db: Database, payments: PaymentsGateway | null, sub: SubscriptionRow, orderId: string, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ applied: boolean; provider_charge_id: string | null; status: string; total_minor: number; currency: string }>(
    `select exists (select 1 from billing_ledger where order_id = $1 and subscription_id is not null and action like 'subscription.%') as applied,
            provider_charge_id, status, total_minor, currency
       from billing_orders where id = $1`,
    [orderId],
  );
  const order = rows[0];
  if (!order || order.applied || order.status !== 'succeeded' || !order.provider_charge_id || !payments) return false;
  await payments.refund(order.provider_charge_id, null, `refund:${orderId}`);
  return db.transaction(async (tx) => {
    const { rowCount } = await tx.query(`update billing_orders set status = 'refunded', updated_at = $2 where id = $1 and status = 'succeeded'`, [orderId, now]);
    if (rowCount === 0) return false;
    await appendLedger(
      tx,
      { application_id: sub.application_id, user_id: sub.user_id, subscription_id: sub.id, order_id: orderId, actor: 'system', action: 'order.refunded', from_state: 'succeeded', to_state: 'refunded', amount_minor: order.total_minor, currency: order.currency, details: { reason: 'not_applied' } },
      now,
    );
    return true;
  });
}
