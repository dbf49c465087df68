// /v1/refunds: refund all or part of a succeeded payment (by payment_intent or charge); announces charge.refunded.
import type { FormObject } from '../protocol/formBody';
import { allowOnly, applyMetadata, optionalInteger, optionalString } from '../protocol/params';
import { invalidParam, invalidRequest, noSuch } from '../protocol/stripeError';
import { newId, unixNow } from './ids';
import type { Charge, Refund } from './objects';
import type { SandboxState } from './state';

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

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

export function createRefund(state: SandboxState, params: FormObject, idempotencyKey: string | null): Refund {
  allowOnly(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata']);
  const charge = chargeToRefund(state, params);
  if (charge.status !== 'succeeded') throw invalidRequest(`Charge ${charge.id} has not succeeded and cannot be refunded.`, { code: 'charge_not_refundable' });
  if (charge.refunded) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
  const left = charge.amount - charge.amount_refunded;
  const amount = optionalInteger(params, 'amount') ?? left;
  if (amount <= 0) throw invalidParam('amount', 'Refund amount must be a positive integer.');
  if (amount > left) throw invalidRequest(`Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`, { code: 'amount_too_large', param: 'amount' });
  const reason = optionalString(params, 'reason');
  if (reason !== undefined && !REASONS.includes(reason)) throw invalidParam('reason', `Invalid reason: must be one of ${REASONS.join(', ')}`);
  const refund: Refund = {
    id: newId('re'),
    object: 'refund',
    created: unixNow(),
    amount,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    currency: charge.currency,
    reason: reason ?? null,
    status: 'succeeded',
    metadata: applyMetadata({}, params),
  };
  state.refunds.set(refund.id, refund);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  state.emit('refund.created', refund, idempotencyKey);
  state.emit('charge.refunded', charge, idempotencyKey);
  return refund;
}
