import { createHash, randomUUID } from 'node:crypto';
import type { CardSubscribeRequest, PriceCalculationRequest } from '@fable/contracts';
import type { Database, Queryable } from '../../../infra/db/database';
import type { CalculatedPrice } from '../priceCalculation';

/** A billing_orders row (016_billing.sql): one charge attempt. provider_charge_id holds the payment intent (pi_…). */
export interface OrderRow {
  id: string;
  user_id: string;
  application_id: string;
  subscription_id: string | null;
  plan_id: string;
  kind: 'purchase' | 'renewal' | 'upgrade' | 'rebill';
  /** canceled: the member cancelled on a redirect provider's page (migration 018). */
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'refunded' | 'canceled';
  subtotal_minor: number;
  discount_minor: number;
  tax_minor: number;
  total_minor: number;
  currency: string;
  coupon_code: string | null;
  idempotency_key: string;
  request_hash: string;
  provider: string;
  provider_charge_id: string | null;
  failure_message: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id::text as id, user_id::text as user_id, application_id, subscription_id::text as subscription_id, plan_id, kind, status,
  subtotal_minor, discount_minor, tax_minor, total_minor, currency, coupon_code, idempotency_key, request_hash, provider, provider_charge_id,
  failure_message, created_at, updated_at`;

/** Orders still waiting for the provider (a charge under way, or a 3-D Secure challenge). */
export const OPEN_STATUSES = ['pending', 'requires_action'] as const;

/** The request fields that change what is priced and for whom, trimmed, in the order both request hashes (this one and
 * providers/providerPayment.ts providerRequestHash) use. */
export const pricedFields = (body: PriceCalculationRequest & { first_name: string; last_name: string }) => [
  body.email.trim().toLowerCase(),
  body.first_name.trim(),
  body.last_name.trim(),
  body.country.trim().toUpperCase(),
  (body.state ?? '').trim().toUpperCase(),
  body.postal_code.trim(),
  body.plan_id,
  body.offer_id?.trim() || null,
  body.promo_code?.trim().toUpperCase() || null,
];

/** The SHA-256 of a request's fields: what an order stores as request_hash. */
export const hashFields = (fields: readonly unknown[]): string => createHash('sha256').update(JSON.stringify(fields)).digest('hex');

/**
 * What makes two subscribe requests "the same" for an idempotency key: every field that changes what is charged or
 * to whom, trimmed (session_id, the fraud device session, is not: a retry from a reloaded page may carry another).
 */
export function requestHash(body: CardSubscribeRequest): string {
  return hashFields([body.payment_token ?? null, ...pricedFields(body), body.platform ?? null]);
}

export async function findOrderByKey(db: Queryable, userId: string, idempotencyKey: string): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>(`select ${COLUMNS} from billing_orders where user_id = $1 and idempotency_key = $2`, [userId, idempotencyKey]);
  return rows[0] ?? null;
}

/** An order by id; with userId, only that member's (another member's order is "not found"). */
export async function loadOrder(db: Queryable, orderId: string, userId?: string): Promise<OrderRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orderId)) return null;
  const { rows } = await db.query<OrderRow>(
    `select ${COLUMNS} from billing_orders where id = $1${userId ? ' and user_id = $2' : ''}`,
    userId ? [orderId, userId] : [orderId],
  );
  return rows[0] ?? null;
}

/** The member's other open purchase of the application (another tab's), if any. */
export async function openPurchaseOf(db: Queryable, userId: string, applicationId: string): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>(
    `select ${COLUMNS} from billing_orders
      where user_id = $1 and application_id = $2 and kind = 'purchase' and status in ('pending', 'requires_action')
      order by created_at limit 1`,
    [userId, applicationId],
  );
  return rows[0] ?? null;
}

export interface NewOrder {
  userId: string;
  applicationId: string;
  planId: string;
  subtotalMinor: number;
  discountMinor: number;
  taxMinor: number;
  totalMinor: number;
  currency: string;
  couponCode: string | null;
  idempotencyKey: string;
  requestHash: string;
  provider: string;
  /** The lease of the request that will drive it (orderLease.ts), taken with the insert. */
  lease?: { holder: string; until: Date };
}

/** Inserts a pending purchase; null when the member already has an order with this key (a concurrent duplicate). */
export async function insertOrder(tx: Queryable, order: NewOrder, now: Date): Promise<OrderRow | null> {
  const { rows } = await tx.query<OrderRow>(
    `insert into billing_orders (id, user_id, application_id, plan_id, kind, status, subtotal_minor, discount_minor, tax_minor, total_minor,
                                 currency, coupon_code, idempotency_key, request_hash, provider, lease_holder, lease_until, created_at, updated_at)
     values ($1, $2, $3, $4, 'purchase', 'pending', $5, $6, $7, $8, $9, $10, $11, $12, $13, $15, $16, $14, $14)
     on conflict (user_id, idempotency_key) do nothing
     returning ${COLUMNS}`,
    [randomUUID(), order.userId, order.applicationId, order.planId, order.subtotalMinor, order.discountMinor, order.taxMinor, order.totalMinor,
      order.currency, order.couponCode, order.idempotencyKey, order.requestHash, order.provider, now, order.lease?.holder ?? null, order.lease?.until ?? null],
  );
  return rows[0] ?? null;
}

/**
 * Moves an open order to `to` (only from an open status: a finished order never changes again, so two finishers —
 * the subscribe answer and a webhook — cannot both win). Answers the row before the change, or null when it was no
 * longer open.
 */
export async function transitionOrder(
  tx: Queryable,
  orderId: string,
  to: OrderRow['status'],
  set: { providerChargeId?: string | null; failureMessage?: string | null },
  now: Date,
  from: readonly OrderRow['status'][] = OPEN_STATUSES,
): Promise<OrderRow | null> {
  const { rows } = await tx.query<OrderRow>(
    `update billing_orders o set status = $2, provider_charge_id = coalesce($3, o.provider_charge_id), failure_message = coalesce($4, o.failure_message),
            updated_at = $5
       from (select ${COLUMNS} from billing_orders where id = $1 for update) old
      where o.id = old.id::uuid and old.status = any($6)
      returning old.*`,
    [orderId, to, set.providerChargeId ?? null, set.failureMessage ?? null, now, [...from]],
  );
  return rows[0] ?? null;
}

/** The outcome of claimPurchase: another open purchase of the member comes with `busy` (whatever `inspectOther` read). */
export type PurchaseClaim<B> =
  | { kind: 'subscribed' }
  | { kind: 'raced' }
  | { kind: 'busy'; other: OrderRow; found: B }
  | { kind: 'created'; order: OrderRow };

/**
 * Step 3 of a purchase (card subscribe and the redirect providers), in one transaction with the member's users row
 * locked (two tabs take turns): a live subscription → `subscribed`; the member's other open purchase → `busy` (its
 * own key, inserted meanwhile by a twin request → `raced`: look again); else the order is inserted pending with the
 * price, the key and the hash → `created` (`raced` when a twin inserted the key first). Committed before the caller
 * calls the provider.
 */
export function claimPurchase<B = undefined>(
  deps: { db: Database; payments: { provider: string }; clock: { now(): Date } },
  member: { userId: string; applicationId: string },
  price: CalculatedPrice,
  key: { idempotencyKey: string; requestHash: string; lease?: NewOrder['lease'] },
  inspectOther?: (tx: Queryable, other: OrderRow) => Promise<B>,
): Promise<PurchaseClaim<B>> {
  return deps.db.transaction(async (tx): Promise<PurchaseClaim<B>> => {
    await tx.query('select id from users where id = $1 for update', [member.userId]);
    const live = await tx.query('select 1 from subscriptions where user_id = $1 and application_id = $2 and status <> $3', [member.userId, member.applicationId, 'expired']);
    if (live.rows.length > 0) return { kind: 'subscribed' };
    const other = await openPurchaseOf(tx, member.userId, member.applicationId);
    if (other?.idempotency_key === key.idempotencyKey) return { kind: 'raced' };
    if (other) return { kind: 'busy', other, found: (inspectOther ? await inspectOther(tx, other) : undefined) as B };
    const order = await insertOrder(
      tx,
      {
        userId: member.userId,
        applicationId: member.applicationId,
        planId: price.plan.plan_id,
        subtotalMinor: price.breakdown.subtotal_minor,
        discountMinor: price.breakdown.discount_minor,
        taxMinor: price.breakdown.tax_minor,
        totalMinor: price.breakdown.total_minor,
        currency: price.breakdown.currency,
        couponCode: price.coupon?.code ?? null,
        ...key,
        provider: deps.payments.provider,
      },
      deps.clock.now(),
    );
    return order ? { kind: 'created', order } : { kind: 'raced' };
  });
}
