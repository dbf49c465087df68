import type { PaymentEvent } from '../../../infra/payments/paymentsGateway';
import { completePaidOrder, failOrder, refundOrder, type OrderActor, type PaymentDeps } from '../subscribe/orderOutcome';
import { loadOrder, type OrderRow } from '../subscribe/orders';
import type { WebhookHandlers } from './webhookHandlers';

interface IntentObject {
  id: string;
  amount?: number;
  currency?: string;
  metadata?: Record<string, string>;
  last_payment_error?: { code?: string; decline_code?: string; message?: string } | null;
}

const provider: OrderActor = { actor: 'provider', actorId: null };

/**
 * The purchase a payment intent pays: metadata.order_id, the member of metadata.user_id, the same intent (when the
 * order knows it) and the same amount and currency. Anything else is not ours to apply (logged).
 */
async function orderOfIntent(deps: PaymentDeps, event: PaymentEvent): Promise<{ order: OrderRow; intent: IntentObject } | null> {
  const intent = event.object as unknown as IntentObject;
  const orderId = intent.metadata?.order_id;
  const order = orderId ? await loadOrder(deps.db, orderId) : null;
  const matches =
    order &&
    // Only first purchases: renewals, upgrades and rebills are the lifecycle's (their charges carry lifecycle_order_id).
    order.kind === 'purchase' &&
    order.user_id === intent.metadata?.user_id &&
    (order.provider_charge_id === null || order.provider_charge_id === intent.id) &&
    order.total_minor === intent.amount &&
    order.currency === intent.currency?.toUpperCase();
  if (!order || !matches) {
    if (orderId) deps.log.warn({ eventId: event.id, orderId, intentId: intent.id }, 'payment webhook: the intent does not match its order; not applied');
    return null;
  }
  return { order, intent };
}

/**
 * payment_intent.* (issue 15): a payment the member's own call did not finish — a closed tab after 3-D Secure, a lost
 * answer — is finished here, exactly once (the order leaves an open status once). A payment that went through for an
 * order given up meanwhile (another tab replaced it) is refunded.
 */
export const paymentIntentHandlers: WebhookHandlers = {
  'payment_intent.succeeded': async (deps, event) => {
    const found = await orderOfIntent(deps, event);
    if (!found) return;
    const { order, intent } = found;
    if (order.status === 'pending' || order.status === 'requires_action') {
      await completePaidOrder(deps, order, { intentId: intent.id }, provider);
    } else if (order.status === 'failed') {
      await refundOrder(deps, { ...order, provider_charge_id: intent.id }, provider, 'paid_after_given_up');
    }
  },
  'payment_intent.payment_failed': async (deps, event) => {
    const found = await orderOfIntent(deps, event);
    if (!found) return;
    const error = found.intent.last_payment_error;
    await failOrder(
      deps,
      found.order,
      { status: 'failed', intentId: found.intent.id, code: error?.code ?? 'payment_failed', declineCode: error?.decline_code ?? null, message: error?.message ?? 'The payment failed.' },
      provider,
    );
  },
  'payment_intent.canceled': async (deps, event) => {
    const found = await orderOfIntent(deps, event);
    if (!found) return;
    await failOrder(deps, found.order, { status: 'failed', intentId: found.intent.id, code: 'payment_intent_canceled', declineCode: null, message: 'The payment was canceled.' }, provider);
  },
};
