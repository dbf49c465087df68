// /v1/refunds: refund all or part of a succeeded payment (by payment_intent or charge); announces charge.refunded.
// Ours: /v1/redirect_sessions/:id/refund refunds all or part of a completed redirect session the same way (its
// amount_refunded; status refunded once all is paid back); announces redirect_session.refunded.
import type { FormObject } from '../protocol/formBody';
import { allowOnly, applyMetadata, optionalInteger, optionalString } from '../protocol/params';
import { invalidParam, invalidRequest, noSuch } from '../protocol/stripeError';
import { newId, unixNow } from './ids';
import type { Charge, Refund } from './objects';
import { redirectSessionOf } from './redirectSessions';
import type { SandboxState } from './state';

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];
const REFUND_PARAMS = ['amount', 'reason', 'metadata'];

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function chargeToRefund(state: SandboxState, params: FormObject): Charge {
  const chargeId = optionalString(params, 'charge');
  const intentId = optionalString(params, 'payment_intent');
  if (!chargeId && !intentId) throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.', { code: 'parameter_missing' });
  if (chargeId) {
    const charge = state.charges.get(chargeId);
    if (!charge) throw noSuch('charge', chargeId, 'charge');
    return charge;
  }
  const intent = state.paymentIntents.get(intentId ?? '');
  if (!intent) throw noSuch('payment_intent', intentId ?? '', 'payment_intent');
  const charge = intent.latest_charge ? state.charges.get(intent.latest_charge) : undefined;
  if (intent.status !== 'succeeded' || !charge) {
    throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, { code: 'charge_not_refundable', param: 'payment_intent' });
  }
  return charge;
}

/** The refund of `paid` (a charge or a redirect session) the parameters ask for: amount (default: all that is left) and reason checked. */
function newRefund(params: FormObject, paid: { amount: number; amount_refunded: number; currency: string; label: string }, of: Pick<Refund, 'charge' | 'payment_intent' | 'redirect_session'>): Refund {
  const left = paid.amount - paid.amount_refunded;
  const amount = optionalInteger(params, 'amount') ?? left;
  if (amount <= 0) throw invalidParam('amount', 'Refund amount must be a positive integer.');
  if (amount > left) throw invalidRequest(`Refund amount (${dollars(amount)}) is greater than unrefunded amount on ${paid.label} (${dollars(left)})`, { code: 'amount_too_large', param: 'amount' });
  const reason = optionalString(params, 'reason');
  if (reason !== undefined && !REASONS.includes(reason)) throw invalidParam('reason', `Invalid reason: must be one of ${REASONS.join(', ')}`);
  return {
    id: newId('re'),
    object: 'refund',
    created: unixNow(),
    amount,
    ...of,
    currency: paid.currency,
    reason: reason ?? null,
    status: 'succeeded',
    metadata: applyMetadata({}, params),
  };
}

export function createRefund(state: SandboxState, params: FormObject, idempotencyKey: string | null): Refund {
  allowOnly(params, ['payment_intent', 'charge', ...REFUND_PARAMS]);
  const charge = chargeToRefund(state, params);
  if (charge.status !== 'succeeded') throw invalidRequest(`Charge ${charge.id} has not succeeded and cannot be refunded.`, { code: 'charge_not_refundable' });
  if (charge.refunded) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
  const refund = newRefund(params, { ...charge, label: 'charge' }, { charge: charge.id, payment_intent: charge.payment_intent, redirect_session: null });
  state.refunds.set(refund.id, refund);
  charge.amount_refunded += refund.amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  state.emit('refund.created', refund, idempotencyKey);
  state.emit('charge.refunded', charge, idempotencyKey);
  return refund;
}

/**
 * Ours: refunds a completed redirect session (the provider pays the shopper back). Only a completed one (open and
 * canceled ones were never paid: redirect_session_not_refundable), not once it is all refunded
 * (redirect_session_already_refunded), at most what is left (amount_too_large).
 */
export function refundRedirectSession(state: SandboxState, sessionId: string, params: FormObject, idempotencyKey: string | null): Refund {
  allowOnly(params, REFUND_PARAMS);
  const session = redirectSessionOf(state, sessionId);
  if (session.status === 'refunded') throw invalidRequest(`Redirect session ${session.id} has already been refunded.`, { code: 'redirect_session_already_refunded' });
  if (session.status !== 'completed') {
    throw invalidRequest(`Redirect session ${session.id} is ${session.status}: only a completed session can be refunded.`, { code: 'redirect_session_not_refundable' });
  }
  const refund = newRefund(params, { ...session, label: 'redirect session' }, { charge: null, payment_intent: null, redirect_session: session.id });
  state.refunds.set(refund.id, refund);
  session.amount_refunded += refund.amount;
  if (session.amount_refunded === session.amount) session.status = 'refunded';
  state.emit('refund.created', refund, idempotencyKey);
  state.emit('redirect_session.refunded', session, idempotencyKey);
  return refund;
}
