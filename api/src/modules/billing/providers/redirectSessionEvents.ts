import type { PaymentEvent } from '../../../infra/payments/paymentsGateway';
import { appendLedger, type LedgerEntry } from '../ledger';
import { completePaidOrder, refundOrder, type OrderActor, type PaymentDeps } from '../subscribe/orderOutcome';
import { loadOrder, OPEN_STATUSES, transitionOrder, type OrderRow } from '../subscribe/orders';
import { queueRefund } from '../subscribe/refundRetry';
import type { WebhookHandlers } from '../webhooks/webhookHandlers';
import { finishRedirectPayment, redirectPaymentOf, redirectPaymentOfSession } from './redirectPayments';

interface SessionObject {
  id: string;
  /** The checkout's page the session was made for (the sandbox's sessions; PayOK's events, which name no order). */
  provider?: string;
  amount?: number;
  currency?: string;
  metadata?: Record<string, string>;
}

const provider: OrderActor = { actor: 'provider', actorId: null };
/** Why a given-up order's completed session is refunded (the card path's word for the same case). */
const REFUND_REASON = 'paid_after_given_up';
const isOpen = (order: OrderRow) => (OPEN_STATUSES as readonly string[]).includes(order.status);

/**
 * The order a redirect session pays: metadata.order_id of the member in metadata.user_id, the same amount and
 * currency, and the session the order recorded (when it had recorded one before the API lost its answer). A provider
 * that carries only our order id (Payssion) has it in its signed fields, with the amount and currency: its word names
 * the order as surely. A provider whose word names only its payment (PayOK: no metadata.order_id, the page in
 * `provider`) pays the order that recorded that payment as its session on that page (recorded before the payer had
 * the link: PayOK has no create call to lose). Anything else is not ours to apply (logged, answered 200: a retry would
 * not change it).
 */
async function orderOfSession(deps: PaymentDeps, event: PaymentEvent): Promise<{ order: OrderRow; session: SessionObject } | null> {
  const session = event.object as unknown as SessionObject;
  const orderId = session.metadata?.order_id ?? (session.provider ? (await redirectPaymentOfSession(deps.db, session.provider, session.id))?.order_id : undefined);
  const order = orderId ? await loadOrder(deps.db, orderId) : null;
  const recorded = order ? await redirectPaymentOf(deps.db, order.id) : null;
  const member = session.metadata?.user_id;
  const matches =
    order &&
    (member === undefined || order.user_id === member) &&
    order.total_minor === session.amount &&
    order.currency === session.currency?.toUpperCase() &&
    (recorded === null || recorded.session_id === session.id);
  if (!order || !matches) {
    deps.log.warn({ eventId: event.id, orderId, sessionId: session.id }, 'payment webhook: the redirect session does not match its order; not applied');
    return null;
  }
  return { order, session };
}

/** The provider's ledger entry about the order (its amount and currency). */
const providerEntry = (order: OrderRow, action: string, from: string, to: string, details: Record<string, unknown>): LedgerEntry => ({
  application_id: order.application_id,
  user_id: order.user_id,
  order_id: order.id,
  actor: 'provider',
  action,
  from_state: from,
  to_state: to,
  amount_minor: order.total_minor,
  currency: order.currency,
  details,
});

/** The member cancelled on the provider's page: the open order becomes canceled, once. */
async function cancelOrder(deps: PaymentDeps, order: OrderRow, sessionId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await transitionOrder(tx, order.id, 'canceled', { failureMessage: 'The payment was canceled.' }, now);
    await finishRedirectPayment(tx, order.id, 'canceled', now);
    if (!before) return;
    await appendLedger(tx, providerEntry(order, 'order.canceled', before.status, 'canceled', { session: sessionId }), now);
  });
}

/**
 * A completion for an order given up meanwhile (the member paid by card in another tab): money we hold without a
 * subscription. The debt (order.refund_due) and the worker's refund job commit together, once (one job per order),
 * then the session is refunded at once through the same machinery as a card payment (refundOrder: the order's refund
 * key, order.refunded once; unreachable → order.refund_failed, and the worker retries with backoff).
 */
async function refundGivenUpOrder(deps: PaymentDeps, order: OrderRow, sessionId: string): Promise<void> {
  const payment = { chargeId: sessionId, kind: 'redirect_session' as const };
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await queueRefund(tx, order.id, REFUND_REASON, now, payment))) return;
    await appendLedger(tx, providerEntry(order, 'order.refund_due', order.status, order.status, { reason: REFUND_REASON, session: sessionId }), now);
  });
  await refundOrder(deps, { ...order, provider_charge_id: sessionId }, provider, REFUND_REASON, payment.kind);
}

/**
 * redirect_session.* (issue 15): the provider's word on a redirect payment. completed: the open order is paid and the
 * subscription starts, exactly once (completePaidOrder moves the order only from an open status; duplicates and
 * redeliveries find it finished). A completion for an order given up meanwhile (failed or canceled: the member paid
 * by card instead) is refunded at the provider (refundGivenUpOrder; a duplicate finds the job queued and the
 * provider replays the refund to its key, the order is refunded once). canceled: the open order is canceled.
 * redirect_session.refunded (our own refund's announcement) is not handled: recorded and acknowledged, as
 * charge.refunded is.
 */
export const redirectSessionHandlers: WebhookHandlers = {
  'redirect_session.completed': async (deps, event) => {
    const found = await orderOfSession(deps, event);
    if (!found) return;
    const { order, session } = found;
    await finishRedirectPayment(deps.db, order.id, 'completed', deps.clock.now());
    if (isOpen(order)) {
      await completePaidOrder(deps, order, { intentId: session.id, kind: 'redirect_session' }, provider);
      return;
    }
    if (order.status === 'failed' || order.status === 'canceled') await refundGivenUpOrder(deps, order, session.id);
  },
  'redirect_session.canceled': async (deps, event) => {
    const found = await orderOfSession(deps, event);
    if (!found) return;
    await cancelOrder(deps, found.order, found.session.id);
  },
};
