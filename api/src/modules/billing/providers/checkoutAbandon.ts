import type { Queryable } from '../../../infra/db/database';
import { planNotFound } from '../billingErrors';
import { appendLedger } from '../ledger';
import { findPlan } from '../plans';
import { loadOrder } from '../subscribe/orders';
import { orderNotFound } from '../subscribe/subscribeErrors';
import type { Payer } from './providerPayment';

export interface CheckoutAbandon {
  plan_id: string;
  payment_method: string;
  order_id?: string | null;
}

/**
 * The checkout-abandon event (document 2 §4: logged when the member leaves a provider payment unfinished): a
 * billing_ledger entry `checkout.abandoned` (append-only, with the plan, the payment method and the order when the
 * checkout had one). The plan must be one of the application's (404), the order the member's own (404). It changes
 * nothing else: an order left open stays open until the provider says how it ended.
 */
export async function recordCheckoutAbandon(db: Queryable, payer: Payer, event: CheckoutAbandon, now: Date): Promise<void> {
  if (!(await findPlan(db, payer.applicationId, event.plan_id))) throw planNotFound(event.plan_id);
  let orderStatus: string | null = null;
  if (event.order_id) {
    const order = await loadOrder(db, event.order_id, payer.userId);
    if (!order || order.application_id !== payer.applicationId) throw orderNotFound();
    orderStatus = order.status;
  }
  await appendLedger(
    db,
    {
      application_id: payer.applicationId,
      user_id: payer.userId,
      order_id: event.order_id ?? null,
      actor: 'member',
      actor_id: payer.userId,
      action: 'checkout.abandoned',
      from_state: orderStatus,
      to_state: orderStatus,
      details: { plan_id: event.plan_id, payment_method: event.payment_method },
    },
    now,
  );
}
