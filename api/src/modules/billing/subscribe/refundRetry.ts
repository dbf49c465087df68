import type { Database, Queryable } from '../../../infra/db/database';
import { ManualRefundRequiredError, PaymentsUnavailableError, type PaymentsGateway } from '../../../infra/payments/paymentsGateway';
import { enqueueJob, JobGivenUpError, RETRY_BASE_MS, retryDelayMs, type BillingJob } from '../billingJobQueue';
import { appendLedger } from '../ledger';
import { markRedirectPaymentRefunded, redirectPaymentOf } from '../providers/redirectPayments';
import { loadOrder, transitionOrder, type OrderRow } from './orders';

/**
 * The refund of a paid order that cannot become a subscription (order.refund_due: the member already had one, or the
 * order had been given up before its payment went through), retried by the billing worker until the provider has
 * done it (issue 15). Exactly once: one job per order (its dedupe key), claimed by one worker at a time (the queue's
 * SKIP LOCKED claims), every attempt with the same provider idempotency key as the first one made at once
 * (`<order>:refund`: the provider refunds once however many ask), and the order moves to refunded only from
 * succeeded/failed (one ledger order.refunded). Each failed attempt is in the ledger (order.refund_failed, with the
 * attempt and when the next one comes).
 */

export const REFUND_JOB_KIND = 'refund';
export const refundJobKey = (orderId: string) => `refund:${orderId}`;
/** The provider's idempotency key of an order's refund, shared by the first attempt and every retry. */
export const refundIdempotencyKey = (orderId: string) => `${orderId}:refund`;
/** With the queue's backoff (1 min doubling, at most 6 h), about two weeks of retries before a person must look. */
export const REFUND_MAX_ATTEMPTS = 60;
/** Statuses an order may be refunded from: paid (succeeded), or given up (failed, canceled) but paid after all. */
const REFUNDABLE: readonly OrderRow['status'][] = ['succeeded', 'failed', 'canceled'];

/** What an order's payment at the provider is: a card's payment intent, or a redirect provider's session (ours). */
export type PaymentKind = 'payment_intent' | 'redirect_session';
const PAYMENT_KINDS: readonly PaymentKind[] = ['payment_intent', 'redirect_session'];

/**
 * The payment to refund when the order row does not say it all: `chargeId`, the payment intent or session when the
 * row does not hold it (a given-up order whose payment the webhook reported); `kind`, when the caller knows it.
 */
export interface RefundPayment {
  chargeId?: string | null;
  kind?: PaymentKind | null;
}

/**
 * Queues the order's refund retry (in the transaction recording order.refund_due, so the debt and its collector
 * commit together); false when it was queued already (one job per order). The first retry waits a minute: the caller
 * normally tries at once itself.
 */
export async function queueRefund(db: Queryable, orderId: string, reason: string, now: Date, payment: RefundPayment = {}): Promise<boolean> {
  return enqueueJob(
    db,
    {
      kind: REFUND_JOB_KIND,
      runAt: new Date(now.getTime() + RETRY_BASE_MS),
      dedupeKey: refundJobKey(orderId),
      maxAttempts: REFUND_MAX_ATTEMPTS,
      payload: { order_id: orderId, reason, ...(payment.chargeId ? { charge_id: payment.chargeId } : {}), ...(payment.kind ? { charge_kind: payment.kind } : {}) },
    },
    now,
  );
}

/**
 * Asks the provider to refund the order's payment `chargeId` in full, with the order's refund key (the first
 * attempt's and every retry's, so it is refunded once). A redirect payment is refunded as a redirect session: by the
 * caller's `kind`, else when the order's recorded session (billing_redirect_payments) is `chargeId`; anything else is
 * a card's payment intent.
 */
export async function refundAtProvider(deps: { db: Queryable; payments: PaymentsGateway }, orderId: string, chargeId: string, kind: PaymentKind | null = null): Promise<{ refundId: string }> {
  const recorded = await redirectPaymentOf(deps.db, orderId);
  const which = kind ?? (recorded?.session_id === chargeId ? 'redirect_session' : 'payment_intent');
  const key = refundIdempotencyKey(orderId);
  if (which === 'payment_intent') return deps.payments.refund(chargeId, null, key);
  return deps.payments.refundRedirectSession({ sessionId: chargeId, provider: recorded?.provider ?? '', orderId }, null, key);
}

const ledgerOf = (order: OrderRow) => ({
  application_id: order.application_id,
  user_id: order.user_id,
  order_id: order.id,
  subscription_id: order.subscription_id,
  amount_minor: order.total_minor,
  currency: order.currency,
});

/**
 * Records a refund the provider made: the order refunded and order.refunded, once (false: someone else recorded it),
 * and in the same transaction a redirect session's row (billing_redirect_payments) refunded when it was the payment.
 */
export async function recordRefunded(
  db: Database,
  order: OrderRow,
  refundId: string,
  who: { actor: 'member' | 'provider' | 'system'; actorId: string | null },
  details: Record<string, unknown>,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await transitionOrder(tx, order.id, 'refunded', { providerChargeId: order.provider_charge_id }, now, REFUNDABLE);
    if (!before) return false;
    await appendLedger(tx, { ...ledgerOf(before), actor: who.actor, actor_id: who.actorId, action: 'order.refunded', from_state: before.status, to_state: 'refunded', details: { refund: refundId, ...details } }, now);
    if (order.provider_charge_id) await markRedirectPaymentRefunded(tx, order.id, order.provider_charge_id, now);
    return true;
  });
}

/**
 * What a failed refund attempt was: `refused`, the provider answered no (given up); `manual`, the provider has no
 * refund call (CoinPayments, PayOK): given up as well, a person pays it back by hand; else retried at `retryAt`.
 */
export interface RefundFailure {
  refused: boolean;
  manual: boolean;
  retryAt: Date | null;
}

/**
 * The words a refusal is given up with (the job's last_error, what the admin reads), whichever attempt met it: a
 * provider without a refund call says "manual refund needed".
 */
export const refusalMessage = (error: unknown) =>
  error instanceof ManualRefundRequiredError ? `manual refund needed: ${error.message}` : `refund refused by the provider: ${error instanceof Error ? error.message : String(error)}`;

/**
 * A refund attempt that failed (attempt 0: the one made at once; then the worker's job's attempts), classified and
 * recorded in the ledger (order.refund_failed), the same for every attempt. A provider that could not be reached
 * (PaymentsUnavailableError) is asked again `retryInMs` later (null: no attempts left). Any other failure is the
 * provider's refusal (refunded already at its dashboard, disputed, …): asking again would be refused again, so it is
 * given up and retry_at is null, for a person to look at; so is a provider without a refund call
 * (ManualRefundRequiredError: the ledger entry says `manual: true`, the job's last_error "manual refund needed: …"),
 * whose refund is a person's to make from the provider's dashboard. The caller gives up or retries the job accordingly.
 */
export async function recordRefundFailure(db: Queryable, order: OrderRow, attempt: number, error: unknown, retryInMs: number | null, now: Date): Promise<RefundFailure> {
  const refused = !(error instanceof PaymentsUnavailableError);
  const manual = error instanceof ManualRefundRequiredError;
  const retryAt = !refused && retryInMs !== null ? new Date(now.getTime() + retryInMs) : null;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const details = { attempt, error: message.slice(0, 500), retry_at: retryAt?.toISOString() ?? null, ...(manual ? { manual: true } : {}) };
  await appendLedger(db, { ...ledgerOf(order), actor: 'system', action: 'order.refund_failed', from_state: order.status, to_state: order.status, details }, now);
  return { refused, manual, retryAt };
}

/**
 * The billing worker's refund job: an order already refunded (the first attempt worked, or another path did it) or
 * never charged is done; otherwise the provider is asked again with the same key (a card's payment intent or a
 * redirect session: the job's charge_kind, else refundAtProvider's rule). A failure is recorded (recordRefundFailure)
 * and thrown, so the queue retries it with its backoff; a refusal (the provider answered no) is given up at once.
 */
export async function runRefundJob(deps: { db: Database; payments: PaymentsGateway | null }, job: BillingJob, now: Date): Promise<string> {
  const orderId = typeof job.payload.order_id === 'string' ? job.payload.order_id : '';
  const reason = typeof job.payload.reason === 'string' ? job.payload.reason : 'refund_due';
  const stored = await loadOrder(deps.db, orderId);
  if (!stored) return 'order_gone';
  const order = { ...stored, provider_charge_id: stored.provider_charge_id ?? (typeof job.payload.charge_id === 'string' ? job.payload.charge_id : null) };
  const kind = PAYMENT_KINDS.find((k) => k === job.payload.charge_kind) ?? null;
  if (order.status === 'refunded') return 'already_refunded';
  if (!REFUNDABLE.includes(order.status) || !order.provider_charge_id) return 'nothing_to_refund';
  try {
    if (!deps.payments) throw new PaymentsUnavailableError('no payments provider configured');
    const { refundId } = await refundAtProvider({ db: deps.db, payments: deps.payments }, order.id, order.provider_charge_id, kind);
    return (await recordRefunded(deps.db, order, refundId, { actor: 'system', actorId: null }, { reason, attempt: job.attempts }, now)) ? 'refunded' : 'already_refunded';
  } catch (err) {
    const failure = await recordRefundFailure(deps.db, order, job.attempts, err, job.attempts < job.max_attempts ? retryDelayMs(job.attempts) : null, now);
    throw failure.refused ? new JobGivenUpError(refusalMessage(err), err) : err;
  }
}
