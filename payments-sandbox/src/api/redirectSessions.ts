// /v1/redirect_sessions: our own small protocol for the redirect providers of document 2 §7 (volt, payport, …).
// Create answers { id, url }; the shopper pays or cancels on the hosted page /pay/:id and is sent back to
// return_url or cancel_url; paying announces redirect_session.completed, cancelling redirect_session.canceled. A
// completed session can be refunded (POST /v1/redirect_sessions/:id/refund, refunds.ts): redirect_session.refunded.
import type { FormObject } from '../protocol/formBody';
import { allowOnly, applyMetadata, optionalInteger, requiredHttpUrl, requiredString } from '../protocol/params';
import { invalidParam, invalidRequest, missingParam, noSuch } from '../protocol/stripeError';
import { newId } from './ids';
import { openRedirectSession, ownProtocolOf, type RedirectSession } from './objects';
import { CURRENCIES } from './paymentIntents';
import type { SandboxState } from './state';

/** Document 2 §7's providers, as the checkout names them in `{provider}_new_payment` and `payment_option`. */
export const REDIRECT_PROVIDERS = [
  'volt', 'payport', 'antrpay', 'directa24', 'luxfin', 'payok',
  'inwizo_ecom', 'inwizo_tpay', 'inwizo_sbp',
  'ug_alipay', 'ug_kakao', 'ug_upi',
  'coinpayments', 'overpay',
  'fpay_alipay', 'fpay_wechat',
  'payssion_gcash', 'payssion_paymaya', 'payssion_russian_card', 'payssion_sbp', 'payssion_tbank', 'payssion_yoomoney', 'payssion_sberpay',
  // a subscription billing provider's hosted checkout (document 2 §7): its page is the link of hosted/hostedCheckoutPage.ts
  'hosted_checkout',
] as const;

export function createRedirectSession(state: SandboxState, params: FormObject, baseUrl: string, idempotencyKey: string | null): RedirectSession {
  allowOnly(params, ['amount', 'currency', 'provider', 'return_url', 'cancel_url', 'metadata']);
  const amount = optionalInteger(params, 'amount');
  if (amount === undefined) throw missingParam('amount');
  if (amount < 1) throw invalidParam('amount', 'Amount must be a positive integer in the smallest currency unit.');
  const currency = requiredString(params, 'currency').toLowerCase();
  if (!CURRENCIES.includes(currency)) throw invalidParam('currency', `Invalid currency: ${currency}.`);
  const provider = requiredString(params, 'provider');
  if (!(REDIRECT_PROVIDERS as readonly string[]).includes(provider)) {
    throw invalidParam('provider', `Unknown provider: ${provider}. The sandbox knows: ${REDIRECT_PROVIDERS.join(', ')}.`);
  }
  const id = newId('rs');
  const session = openRedirectSession({
    id,
    provider,
    amount,
    currency,
    url: `${baseUrl}/pay/${id}`,
    return_url: requiredHttpUrl(params, 'return_url'),
    cancel_url: requiredHttpUrl(params, 'cancel_url'),
    metadata: applyMetadata({}, params),
  });
  state.redirectSessions.set(id, session);
  state.emit('redirect_session.created', session, idempotencyKey);
  return session;
}

export function redirectSessionOf(state: SandboxState, id: string): RedirectSession {
  const session = state.redirectSessions.get(id);
  // a Payssion, CoinPayments, Volt, Directa24, UpGate or Overpay payment is theirs (payssion/, coinpayments/, …), not an object of this API
  if (!session || ownProtocolOf(session)) throw noSuch('redirect_session', id);
  return session;
}

/** The shopper's choice on the hosted page; answers where to send them. */
export function finishRedirectSession(state: SandboxState, session: RedirectSession, choice: 'pay' | 'cancel'): string {
  if (session.status !== 'open') throw invalidRequest(`This session is already ${session.status}.`, { code: 'redirect_session_unexpected_state' });
  session.status = choice === 'pay' ? 'completed' : 'canceled';
  const own = ownProtocolOf(session);
  if (own) {
    // Payssion, CoinPayments and Volt notify their own way, and send the payer back without a session id (Payssion to
    // its one return address, paid or not: its cancel_url is its return_url; Volt with its own parameters)
    const back = state.providerNotifiers.get(own)?.(session);
    return back || (choice === 'pay' ? session.return_url : session.cancel_url);
  }
  state.emit(choice === 'pay' ? 'redirect_session.completed' : 'redirect_session.canceled', session);
  const target = new URL(choice === 'pay' ? session.return_url : session.cancel_url);
  target.searchParams.set('session_id', session.id);
  return target.toString();
}
