// /v1/setup_intents: a card saved for payments without the member, as Stripe's SetupIntents. Confirming one
// authenticates the card where its test number asks for it (3-D Secure on /3ds/:id, as a payment's), attaches it to
// the customer and, for usage off_session (the default), lets later off-session payments of a card that needs
// strong customer authentication (4000 0025 0000 3155) pass without a challenge. A declining card answers 402 with
// the setup intent, which goes back to requires_payment_method with last_setup_error.
import type { FormObject } from '../protocol/formBody';
import { allowOnly, applyMetadata, optionalBoolean, optionalHttpUrl, optionalString } from '../protocol/params';
import { cardError, invalidParam, invalidRequest, noSuch } from '../protocol/stripeError';
import { customerOf } from './customers';
import { newId, randomToken, unixNow } from './ids';
import type { PaymentError, SetupIntent } from './objects';
import { AUTHENTICATION_FAILURE_MESSAGE, cancelOpenIntent, takeMethodParam, usableMethod, type ConfirmContext } from './paymentIntents';
import type { SandboxState } from './state';

const USAGES = ['off_session', 'on_session'] as const;
const CANCELLATION_REASONS = ['abandoned', 'duplicate', 'requested_by_customer'];

export function setupIntentOf(state: SandboxState, id: string): SetupIntent {
  const intent = state.setupIntents.get(id);
  if (!intent) throw noSuch('setup_intent', id);
  return intent;
}

export async function createSetupIntent(state: SandboxState, params: FormObject, context: ConfirmContext): Promise<SetupIntent> {
  allowOnly(params, ['customer', 'payment_method', 'confirm', 'usage', 'payment_method_types', 'allowed_payment_method_types', 'automatic_payment_methods', 'metadata', 'description', 'return_url']);
  const customer = optionalString(params, 'customer');
  if (customer) customerOf(state, customer, 'customer');
  const usage = optionalString(params, 'usage') ?? 'off_session';
  if (!(USAGES as readonly string[]).includes(usage)) throw invalidParam('usage', `Invalid usage: must be one of ${USAGES.join(' or ')}`);
  const confirm = optionalBoolean(params, 'confirm') ?? false;
  const returnUrl = optionalHttpUrl(params, 'return_url') ?? null;
  if (returnUrl && !confirm) throw invalidParam('return_url', 'You may only specify `return_url` when `confirm` is set to `true`.');
  const id = newId('seti');
  const intent: SetupIntent = {
    id,
    object: 'setup_intent',
    created: unixNow(),
    customer: customer ?? null,
    payment_method: null,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
    usage: usage as SetupIntent['usage'],
    client_secret: `${id}_secret_${randomToken(25)}`,
    description: optionalString(params, 'description') ?? null,
    metadata: applyMetadata({}, params),
    last_setup_error: null,
    next_action: null,
    cancellation_reason: null,
    livemode: false,
  };
  takeMethodParam(state, intent, params);
  state.setupIntents.set(id, intent);
  state.emit('setup_intent.created', intent, context.idempotencyKey);
  return confirm ? confirmSetup(state, intent, returnUrl, context) : intent;
}

export async function confirmSetupIntent(state: SandboxState, id: string, params: FormObject, context: ConfirmContext): Promise<SetupIntent> {
  allowOnly(params, ['payment_method', 'return_url']);
  const intent = setupIntentOf(state, id);
  const method = optionalString(params, 'payment_method');
  if (method && (intent.status === 'requires_payment_method' || intent.status === 'requires_confirmation')) {
    intent.payment_method = usableMethod(state, intent, method);
  }
  return confirmSetup(state, intent, optionalHttpUrl(params, 'return_url') ?? null, context);
}

async function confirmSetup(state: SandboxState, intent: SetupIntent, returnUrl: string | null, context: ConfirmContext): Promise<SetupIntent> {
  if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
    throw invalidRequest(`You cannot confirm this SetupIntent because it has a status of ${intent.status}.`, { code: 'setup_intent_unexpected_state' });
  }
  if (!intent.payment_method) {
    throw invalidRequest("You cannot confirm this SetupIntent because it's missing a payment method.", { code: 'setup_intent_unexpected_state' });
  }
  intent.status = 'processing';
  if (context.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, context.latencyMs));
  const behaviour = state.cardBehaviours.get(intent.payment_method) ?? { kind: 'approve' };
  // A card that declines charges but not its attachment (4000 0000 0000 0341) is set up: its payments fail later.
  if (behaviour.kind === 'approve' || (behaviour.kind === 'decline' && !behaviour.onAttach)) return succeedSetup(state, intent, context.idempotencyKey);
  if (behaviour.kind === 'decline') {
    return failSetup(state, intent, { type: 'card_error', code: behaviour.code, decline_code: behaviour.declineCode, message: behaviour.message }, context.idempotencyKey);
  }
  intent.status = 'requires_action';
  intent.next_action = {
    type: 'redirect_to_url',
    redirect_to_url: { url: `${context.baseUrl}/3ds/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret)}`, return_url: returnUrl },
  };
  state.emit('setup_intent.requires_action', intent, context.idempotencyKey);
  return intent;
}

function succeedSetup(state: SandboxState, intent: SetupIntent, idempotencyKey: string | null): SetupIntent {
  const method = intent.payment_method ? state.paymentMethods.get(intent.payment_method) : undefined;
  if (method && intent.customer && !method.customer) {
    method.customer = intent.customer;
    state.emit('payment_method.attached', method, idempotencyKey);
  }
  if (method && intent.usage === 'off_session') state.offSessionReady.add(method.id);
  Object.assign(intent, { status: 'succeeded', last_setup_error: null, next_action: null });
  state.emit('setup_intent.succeeded', intent, idempotencyKey);
  return intent;
}

/** Back to requires_payment_method with the error; a card error answers 402 with the setup intent. */
function failSetup(state: SandboxState, intent: SetupIntent, error: PaymentError, idempotencyKey: string | null): SetupIntent {
  const method = intent.payment_method ? state.paymentMethods.get(intent.payment_method) : undefined;
  Object.assign(intent, {
    status: 'requires_payment_method',
    payment_method: null,
    next_action: null,
    last_setup_error: { ...error, doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}`, payment_method: method && structuredClone(method) },
  });
  state.emit('setup_intent.setup_failed', intent, idempotencyKey);
  if (error.type !== 'card_error') return intent;
  throw cardError(error.code, error.message, { decline_code: error.decline_code, setup_intent: structuredClone(intent), payment_method: method && structuredClone(method) });
}

/** POST /v1/setup_intents/:id/cancel: only while it is not set up (an abandoned 3-D Secure). */
export function cancelSetupIntent(state: SandboxState, id: string, params: FormObject): SetupIntent {
  return cancelOpenIntent(state, setupIntentOf(state, id), params, {
    reasons: CANCELLATION_REASONS,
    event: 'setup_intent.canceled',
    refused: (status) => invalidRequest(`You cannot cancel this SetupIntent because it has a status of ${status}.`, { code: 'setup_intent_unexpected_state' }),
  });
}

/** The member's answer on the 3-D Secure page. */
export function finishSetupChallenge(state: SandboxState, intent: SetupIntent, outcome: 'success' | 'failure'): SetupIntent {
  if (intent.status !== 'requires_action') {
    throw invalidRequest(`This SetupIntent is not waiting for authentication (status ${intent.status}).`, { code: 'setup_intent_unexpected_state' });
  }
  if (outcome === 'success') return succeedSetup(state, intent, null);
  return failSetup(state, intent, { type: 'invalid_request_error', code: 'setup_intent_authentication_failure', message: AUTHENTICATION_FAILURE_MESSAGE.replace('PaymentIntent', 'SetupIntent') }, null);
}
