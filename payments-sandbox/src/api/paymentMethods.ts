// /v1/payment_methods: created from a card by the hosted card fields (publishable key), retrieved, attached to and
// detached from a customer (secret key). Attaching runs the card's check, so a declining card fails here, except
// 4000 0000 0000 0341, which attaches and fails on charge.
import { brandOf, CARD_MESSAGES, cvcError, digitsOf, expiryError, numberError } from '../cards/cardChecks';
import { behaviourOf } from '../cards/testCards';
import { createHash } from 'node:crypto';
import type { FormObject } from '../protocol/formBody';
import { allowOnly, applyMetadata, optionalHash, optionalString, requiredInteger, requiredString } from '../protocol/params';
import { cardError, invalidRequest, missingParam, noSuch } from '../protocol/stripeError';
import { customerOf } from './customers';
import { newId, unixNow } from './ids';
import type { PaymentMethod } from './objects';
import type { SandboxState } from './state';

export function paymentMethodOf(state: SandboxState, id: string, param = 'id'): PaymentMethod {
  const method = state.paymentMethods.get(id);
  if (!method) throw noSuch('PaymentMethod', id, param);
  return method;
}

function checkedCard(card: FormObject) {
  allowOnly(card, ['number', 'exp_month', 'exp_year', 'cvc']);
  const number = digitsOf(requiredString(card, 'number'));
  const numberProblem = numberError(number);
  if (numberProblem) {
    const incomplete = numberProblem === CARD_MESSAGES.numberIncomplete;
    throw cardError(incomplete ? 'invalid_number' : 'incorrect_number', incomplete ? "Your card number is incomplete." : 'Your card number is incorrect.', { param: 'number' });
  }
  const expMonth = requiredInteger(card, 'exp_month');
  const expYear = requiredInteger(card, 'exp_year');
  const expiryProblem = expiryError(expMonth, expYear);
  if (expiryProblem === CARD_MESSAGES.expiryMonthInvalid) throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", { param: 'exp_month' });
  if (expiryProblem) throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", { param: 'exp_year' });
  const brand = brandOf(number);
  const cvc = optionalString(card, 'cvc');
  if (cvc !== undefined && cvcError(cvc, brand)) throw cardError('invalid_cvc', "Your card's security code is invalid.", { param: 'cvc' });
  return { number, brand, expMonth, expYear: expYear < 100 ? 2000 + expYear : expYear };
}

export function createPaymentMethod(state: SandboxState, params: FormObject): PaymentMethod {
  allowOnly(params, ['type', 'card', 'billing_details', 'metadata']);
  const type = requiredString(params, 'type');
  if (type !== 'card') throw invalidRequest(`The payment method type '${type}' is not supported by the sandbox; use 'card'.`, { code: 'parameter_invalid', param: 'type' });
  const card = optionalHash(params, 'card');
  if (!card) throw missingParam('card');
  const { number, brand, expMonth, expYear } = checkedCard(card);
  const billing = optionalHash(params, 'billing_details') ?? {};
  allowOnly(billing, ['email', 'name', 'address']);
  const address = optionalHash(billing, 'address') ?? {};
  const method: PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    created: unixNow(),
    customer: null,
    billing_details: {
      email: optionalString(billing, 'email') ?? null,
      name: optionalString(billing, 'name') ?? null,
      address: { country: optionalString(address, 'country') ?? null, postal_code: optionalString(address, 'postal_code') ?? null },
    },
    card: {
      brand,
      last4: number.slice(-4),
      exp_month: expMonth,
      exp_year: expYear,
      funding: 'credit',
      country: 'US',
      fingerprint: createHash('sha256').update(number).digest('base64url').slice(0, 16),
      checks: { cvc_check: 'pass' },
    },
    metadata: applyMetadata({}, params),
    livemode: false,
  };
  state.paymentMethods.set(method.id, method);
  state.cardBehaviours.set(method.id, behaviourOf(number));
  return method;
}

export function attachPaymentMethod(state: SandboxState, id: string, params: FormObject): PaymentMethod {
  allowOnly(params, ['customer']);
  const method = paymentMethodOf(state, id);
  const customerId = requiredString(params, 'customer');
  customerOf(state, customerId, 'customer');
  if (method.customer && method.customer !== customerId) {
    throw invalidRequest('The payment method you provided has already been attached to a customer.', { code: 'payment_method_unexpected_state' });
  }
  const behaviour = state.cardBehaviours.get(id);
  if (behaviour?.kind === 'decline' && behaviour.onAttach) {
    throw cardError(behaviour.code, behaviour.message, { decline_code: behaviour.declineCode, param: '' });
  }
  method.customer = customerId;
  state.emit('payment_method.attached', method);
  return method;
}

export function detachPaymentMethod(state: SandboxState, id: string): PaymentMethod {
  const method = paymentMethodOf(state, id);
  if (!method.customer) throw invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.', { code: 'payment_method_unexpected_state' });
  const customer = state.customers.get(method.customer);
  if (customer?.invoice_settings.default_payment_method === id) customer.invoice_settings.default_payment_method = null;
  method.customer = null;
  state.emit('payment_method.detached', method);
  return method;
}
