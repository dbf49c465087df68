import type { PaymentEvent } from '../../../infra/payments/paymentsGateway';
import { appendLedger } from '../ledger';
import { completePaidOrder, type OrderActor, type PaymentDeps } from '../subscribe/orderOutcome';
import { loadOrder, OPEN_STATUSES, transitionOrder, type OrderRow } from '../subscribe/orders';
import type { WebhookHandlers } from '../webhooks/webhookHandlers';
import { finishRedirectPayment, redirectPaymentOf } from './redirectPayments';

interface SessionObject {
  id: string;
  amount?: number;
  currency?: string;
  metadata?: Record<string, string>;
}

const provider: OrderActor = { actor: 'provider', actorId: null };
const isOpen = (order: OrderRow) => (OPEN_STATUSES as readonly string[]).includes(order.status);

/**
 * The order a redirect session pays: metadata.order_id of the member in metadata.user_id, the same amount and
 * currency, and the session the order recorded (when it had recorded one before the API lost its answer). Anything
 * else is not ours to apply (logged, answered 200: a retry would not change it).
 */
async function orderOfSession(deps: PaymentDeps, event: PaymentEvent): Promise<{ order: OrderRow; session: SessionObject } | null> {
  const session = event.object as unknown as SessionObject;
  const orderId = session.metadata?.order_id;
  const order = orderId ? await loadOrder(deps.db, orderId) : null;
  const recorded = order ? await redirectPaymentOf(deps.db, order.id) : null;
  const matches =
    order &&
    order.user_id === session.metadata?.user_id &&
    order.total_minor === session.amount &&
    order.currency === session.currency?.toUpperCase() &&
    (recorded === null || recorded.session_id === session.id);
  if (!order || !matches) {
    deps.log.warn({ eventId: event.id, orderId, sessionId: session.id }, 'payment webhook: the redirect session does not match its order; not applied');
    return null;
  }
  return { order, session };
}

/** The member cancelled on the provider's page: the open order becomes canceled, once. */
async function cancelOrder(deps: PaymentDeps, order: OrderRow, sessionId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await transitionOrder(tx, order.id, 'canceled', { failureMessage: 'The payment was canceled.' }, now);
    await finishRedirectPayment(tx, order.id, 'canceled', now);
    if (!before) return;
    await appendLedger(
      tx,
      {
        application_id: order.application_id,
        user_id: order.user_id,
        order_id: order.id,
        actor: 'provider',
        action: 'order.canceled',
        from_state: before.status,
        to_state: 'canceled',
        amount_minor: order.total_minor,
        currency: order.currency,
        details: { session: sessionId },
      },
      now,
    );
  });
}

/**
 * redirect_session.* (issue 15): the provider's word on a redirect payment. completed: the open order is paid and the
 * subscription starts, exactly once (completePaidOrder moves the order only from an open status; duplicates and
 * redeliveries find it finished). A completion for an order given up meanwhile (the member paid by card instead) is
 * money we hold without a subscription: the ledger's order.refund_due and an error log (redirect providers have no
 * refund call here). canceled: the open order is canceled.
 */
export const redirectSessionHandlers: WebhookHandlers = {
  'redirect_session.completed': async (deps, event) => {
    const found = await orderOfSession(deps, event);
    if (!found) return;
    const { order, session } = found;
    await finishRedirectPayment(deps.db, order.id, 'completed', deps.clock.now());
    if (isOpen(order)) {
      await completePaidOrder(deps, order, { intentId: session.id }, provider);
      return;
    }
    const { status } = order;
    if (status === 'failed' || status === 'canceled') {
      deps.log.error({ orderId: order.id, sessionId: session.id }, 'a redirect payment completed for an order given up: refund it at the provider');
      await appendLedger(
        deps.db,
        {
          application_id: order.application_id,
          user_id: order.user_id,
          order_id: order.id,
          actor: 'provider',
          action: 'order.refund_due',
          from_state: status,
          to_state: status,
          amount_minor: order.total_minor,
          currency: order.currency,
          details: { reason: 'paid_after_given_up', session: session.id },
        },
        deps.clock.now(),
      );
    }
  },
  'redirect_session.canceled': async (deps, event) => {
    const found = await orderOfSession(deps, event);
    if (!found) return;
    await cancelOrder(deps, found.order, found.session.id);
  },
};
