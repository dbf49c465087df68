import type { CheckoutOrder, PurchaseResult } from '@fable/contracts';
import type { Queryable } from '../../../infra/db/database';
import { toMajor } from '@fable/rules/billing';
import type { OrderRow } from './orders';

/** The spec's word for a paid purchase (document 2 §3: resp_msg 'Approved' = paid). */
export const APPROVED = 'Approved';
/** Ours: resp_msg while a 3-D Secure challenge is open (the checkout frames iframe_3ds_url). */
export const AUTHENTICATION_REQUIRED = 'Authentication required';
/** Ours: the provider has not decided yet; the order page follows it. */
export const PROCESSING = 'Processing';

async function planName(db: Queryable, order: OrderRow): Promise<string> {
  const { rows } = await db.query<{ name: string }>('select name from billing_plans where application_id = $1 and plan_id = $2', [order.application_id, order.plan_id]);
  return rows[0]?.name ?? order.plan_id;
}

const money = (order: OrderRow) => ({ order_id: order.id, orderTotal: toMajor(order.total_minor), currency: order.currency });

/** A paid order's answer: what the success page shows. */
export async function approvedAnswer(db: Queryable, order: OrderRow): Promise<PurchaseResult> {
  return {
    ...money(order),
    resp_msg: APPROVED,
    subscription_id: order.subscription_id,
    transaction_id: order.provider_charge_id,
    plan: await planName(db, order),
    date: order.updated_at.toISOString(),
  };
}

export const threeDSecureAnswer = (order: OrderRow, url: string): PurchaseResult => ({ ...money(order), resp_msg: AUTHENTICATION_REQUIRED, iframe_3ds_url: url });

export const processingAnswer = (order: OrderRow): PurchaseResult => ({ ...money(order), resp_msg: PROCESSING });

/** The order as the return and success pages read it; a refunded order (a duplicate purchase paid back) reads canceled. */
export async function orderAnswer(db: Queryable, order: OrderRow): Promise<CheckoutOrder> {
  return {
    order_id: order.id,
    status: order.status === 'refunded' ? 'canceled' : order.status,
    plan: await planName(db, order),
    plan_id: order.plan_id,
    orderTotal: toMajor(order.total_minor),
    currency: order.currency,
    subscription_id: order.subscription_id,
    transaction_id: order.provider_charge_id,
    date: order.created_at.toISOString(),
    error_message: order.failure_message,
  };
}
