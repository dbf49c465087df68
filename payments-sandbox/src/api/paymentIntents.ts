// /v1/payment_intents: create (optionally confirming at once, on or off session), retrieve, confirm; and the end of
// a 3-D Secure challenge. What happens on confirm depends on the card's test number (cards/testCards.ts).
import { DECLINE_MESSAGES } from '../cards/testCards';
import type { FormObject } from '../protocol/formBody';
import { allowOnly, applyMetadata, optionalBoolean, optionalHttpUrl, optionalInteger, optionalString, requiredString } from '../protocol/params';
import { cardError, invalidParam, invalidRequest, missingParam, noSuch } from '../protocol/stripeError';
import { customerOf } from './customers';
import { newId, randomToken, unixNow } from './ids';
import type { Charge, PaymentError, PaymentIntent } from './objects';
import { paymentMethodOf } from './paymentMethods';
import type { SandboxState } from './state';

export const CURRENCIES = ['usd', 'eur', 'gbp', 'cad', 'aud', 'brl', 'mxn', 'inr', 'jpy', 'krw', 'php', 'rub', 'cny', 'chf', 'sek', 'nok', 'dkk', 'pln', 'try'];

export const AUTHENTICATION_FAILURE_MESSAGE =
  'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.';

export interface ConfirmContext {
  /** The sandbox's public address, for the 3-D Secure page's URL. */
  baseUrl: string;
  latencyMs: number;
  idempotencyKey: string | null;
}

export function paymentIntentOf(state: SandboxState, id: string): PaymentIntent {
  const intent = state.paymentIntents.get(id);
  if (!intent) throw noSuch('payment_intent', id);
  return intent;
}

/** The payment method to use for `intent` (a payment or a setup), checked against its customer as Stripe does. */
export function usableMethod(state: SandboxState, intent: { customer: string | null }, id: string): string {
  const method = paymentMethodOf(state, id, 'payment_method');
  if (method.customer && method.customer !== intent.customer) {
    throw invalidRequest(
      intent.customer
        ? `The provided PaymentMethod ${id} is attached to another Customer than ${intent.customer}.`
        : `The provided PaymentMethod ${id} is attached to a Customer; pass that customer with it.`,
      { code: 'payment_method_unexpected_state', param: 'payment_method' },
    );
  }
  return id;
}

/** The payment_method given at creation (a payment's or a setup's), checked as Stripe does: it then waits for its confirmation. */
export function takeMethodParam(state: SandboxState, intent: { customer: string | null; payment_method: string | null; status: string }, params: FormObject): void {
  const method = optionalString(params, 'payment_method');
  if (!method) return;
  intent.payment_method = usableMethod(state, intent, method);
  intent.status = 'requires_confirmation';
}

export async function createPaymentIntent(state: SandboxState, params: FormObject, context: ConfirmContext): Promise<PaymentIntent> {
  allowOnly(params, [
    'amount', 'currency', 'customer', 'payment_method', 'confirm', 'off_session', 'metadata', 'description',
    'receipt_email', 'return_url', 'setup_future_usage', 'payment_method_types', 'automatic_payment_methods',
  ]);
  const amount = optionalInteger(params, 'amount');
  if (amount === undefined) throw missingParam('amount');
  if (amount < 50) throw invalidRequest('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
  if (amount > 99_999_999) throw invalidRequest('Amount must be no more than $999,999.99', { code: 'amount_too_large', param: 'amount' });
  const currency = requiredString(params, 'currency').toLowerCase();
  if (!CURRENCIES.includes(currency)) throw invalidParam('currency', `Invalid currency: ${currency}. The sandbox supports: ${CURRENCIES.join(', ')}.`);
  const customer = optionalString(params, 'customer');
  if (customer) customerOf(state, customer, 'customer');
  const confirm = optionalBoolean(params, 'confirm') ?? false;
  const offSession = optionalBoolean(params, 'off_session');
  if (offSession !== undefined && !confirm) throw invalidParam('off_session', 'You may only specify `off_session` when `confirm` is set to `true`.');
  const returnUrl = optionalHttpUrl(params, 'return_url') ?? null;
  if (returnUrl && !confirm) throw invalidParam('return_url', 'You may only specify `return_url` when `confirm` is set to `true`.');
  const futureUsage = optionalString(params, 'setup_future_usage');
  if (futureUsage !== undefined && futureUsage !== 'off_session' && futureUsage !== 'on_session') {
    throw invalidParam('setup_future_usage', `Invalid setup_future_usage: must be one of off_session or on_session`);
  }
  const id = newId('pi');
  const intent: PaymentIntent = {
    id,
    object: 'payment_intent',
    created: unixNow(),
    amount,
    amount_received: 0,
    currency,
    customer: customer ?? null,
    payment_method: null,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
    client_secret: `${id}_secret_${randomToken(25)}`,
    description: optionalString(params, 'description') ?? null,
    receipt_email: optionalString(params, 'receipt_email') ?? null,
    metadata: applyMetadata({}, params),
    capture_method: 'automatic',
    confirmation_method: 'automatic',
    latest_charge: null,
    last_payment_error: null,
    next_action: null,
    setup_future_usage: (futureUsage as PaymentIntent['setup_future_usage']) ?? null,
    cancellation_reason: null,
    livemode: false,
  };
  takeMethodParam(state, intent, params);
  state.paymentIntents.set(id, intent);
  state.emit('payment_intent.created', intent, context.idempotencyKey);
  if (!confirm) return intent;
  return confirmIntent(state, intent, { offSession: offSession ?? false, returnUrl }, context);
}

export async function confirmPaymentIntent(state: SandboxState, id: string, params: FormObject, context: ConfirmContext): Promise<PaymentIntent> {
  allowOnly(params, ['payment_method', 'off_session', 'return_url']);
  const intent = paymentIntentOf(state, id);
  const method = optionalString(params, 'payment_method');
  if (method && (intent.status === 'requires_payment_method' || intent.status === 'requires_confirmation')) {
    intent.payment_method = usableMethod(state, intent, method);
  }
  return confirmIntent(state, intent, { offSession: optionalBoolean(params, 'off_session') ?? false, returnUrl: optionalHttpUrl(params, 'return_url') ?? null }, context);
}

async function confirmIntent(
  state: SandboxState,
  intent: PaymentIntent,
  options: { offSession: boolean; returnUrl: string | null },
  context: ConfirmContext,
): Promise<PaymentIntent> {
  if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
    throw invalidRequest(`You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`, { code: 'payment_intent_unexpected_state' });
  }
  if (!intent.payment_method) {
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
      { code: 'payment_intent_unexpected_state' },
    );
  }
  intent.status = 'processing';
  if (context.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, context.latencyMs));
  const behaviour = state.cardBehaviours.get(intent.payment_method) ?? { kind: 'approve' };
  if (behaviour.kind === 'approve') return succeed(state, intent, context.idempotencyKey);
  if (behaviour.kind === 'decline') {
    return fail(state, intent, { type: 'card_error', code: behaviour.code, decline_code: behaviour.declineCode, message: behaviour.message }, context.idempotencyKey);
  }
  if (options.offSession && behaviour.kind === 'require_3ds_unless_set_up' && state.offSessionReady.has(intent.payment_method)) {
    return succeed(state, intent, context.idempotencyKey);
  }
  if (options.offSession) {
    return fail(
      state,
      intent,
      { type: 'card_error', code: 'authentication_required', decline_code: 'authentication_required', message: DECLINE_MESSAGES.authenticationRequired },
      context.idempotencyKey,
    );
  }
  intent.status = 'requires_action';
  intent.next_action = {
    type: 'redirect_to_url',
    redirect_to_url: { url: `${context.baseUrl}/3ds/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret)}`, return_url: options.returnUrl },
  };
  state.emit('payment_intent.requires_action', intent, context.idempotencyKey);
  return intent;
}

function newCharge(intent: PaymentIntent, status: Charge['status']): Charge {
  return {
    id: newId('ch'),
    object: 'charge',
    created: unixNow(),
    amount: intent.amount,
    amount_refunded: 0,
    currency: intent.currency,
    customer: intent.customer,
    payment_intent: intent.id,
    payment_method: intent.payment_method ?? '',
    paid: status === 'succeeded',
    refunded: false,
    status,
    metadata: { ...intent.metadata },
    livemode: false,
  };
}

function succeed(state: SandboxState, intent: PaymentIntent, idempotencyKey: string | null): PaymentIntent {
  const charge = newCharge(intent, 'succeeded');
  state.charges.set(charge.id, charge);
  const method = intent.payment_method ? state.paymentMethods.get(intent.payment_method) : undefined;
  if (method && intent.customer && intent.setup_future_usage && !method.customer) method.customer = intent.customer;
  if (method && intent.setup_future_usage === 'off_session') state.offSessionReady.add(method.id);
  Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id, last_payment_error: null, next_action: null });
  state.emit('charge.succeeded', charge, idempotencyKey);
  state.emit('payment_intent.succeeded', intent, idempotencyKey);
  return intent;
}

/** The intent goes back to requires_payment_method with the error; a card error answers 402 with the intent. */
function fail(state: SandboxState, intent: PaymentIntent, error: PaymentError, idempotencyKey: string | null): PaymentIntent {
  const method = intent.payment_method ? state.paymentMethods.get(intent.payment_method) : undefined;
  const charge = newCharge(intent, 'failed');
  if (error.type === 'card_error') state.charges.set(charge.id, charge);
  Object.assign(intent, {
    status: 'requires_payment_method',
    payment_method: null,
    next_action: null,
    latest_charge: error.type === 'card_error' ? charge.id : intent.latest_charge,
    last_payment_error: { ...error, doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}`, payment_method: method && structuredClone(method) },
  });
  if (error.type === 'card_error') state.emit('charge.failed', charge, idempotencyKey);
  state.emit('payment_intent.payment_failed', intent, idempotencyKey);
  if (error.type !== 'card_error') return intent;
  throw cardError(error.code, error.message, {
    decline_code: error.decline_code,
    charge: charge.id,
    payment_intent: structuredClone(intent),
    payment_method: method && structuredClone(method),
  });
}

const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];

/** An intent that may be canceled while it is not paid or set up: a payment intent or a setup intent. */
type CancelableIntent = { status: string; cancellation_reason: string | null; next_action: unknown };

/**
 * Cancels `intent` with the reason in `params` (one of `reasons`) while it waits for a method, a confirmation or an
 * action, as Stripe does for both kinds; `refused` is Stripe's error for any other status. Announces `event`.
 */
export function cancelOpenIntent<T extends CancelableIntent>(
  state: SandboxState,
  intent: T,
  params: FormObject,
  kind: { reasons: readonly string[]; event: string; refused: (status: string) => Error },
): T {
  allowOnly(params, ['cancellation_reason']);
  const reason = optionalString(params, 'cancellation_reason');
  if (reason !== undefined && !kind.reasons.includes(reason)) {
    throw invalidParam('cancellation_reason', `Invalid cancellation_reason: must be one of ${kind.reasons.join(', ')}`);
  }
  if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) throw kind.refused(intent.status);
  Object.assign(intent, { status: 'canceled', cancellation_reason: reason ?? null, next_action: null });
  state.emit(kind.event, intent);
  return intent;
}

/** POST /v1/payment_intents/:id/cancel: only while it is not paid (e.g. a 3-D Secure challenge abandoned). */
export function cancelPaymentIntent(state: SandboxState, id: string, params: FormObject): PaymentIntent {
  return cancelOpenIntent(state, paymentIntentOf(state, id), params, {
    reasons: CANCELLATION_REASONS,
    event: 'payment_intent.canceled',
    refused: (status) =>
      invalidRequest(
        `You cannot cancel this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: 'payment_intent_unexpected_state' },
      ),
  });
}

/** The shopper's answer on the 3-D Secure page. */
export function finishChallenge(state: SandboxState, intent: PaymentIntent, outcome: 'success' | 'failure'): PaymentIntent {
  if (intent.status !== 'requires_action') {
    throw invalidRequest(`This PaymentIntent is not waiting for authentication (status ${intent.status}).`, { code: 'payment_intent_unexpected_state' });
  }
  if (outcome === 'success') return succeed(state, intent, null);
  return fail(state, intent, { type: 'invalid_request_error', code: 'payment_intent_authentication_failure', message: AUTHENTICATION_FAILURE_MESSAGE }, null);
}
