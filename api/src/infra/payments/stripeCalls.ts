import Stripe from 'stripe';
import { PaymentsUnavailableError, type CardOnFile, type ChargeResult } from './paymentsGateway';

// What every call of the Stripe gateway shares: the provider's unavailability as PaymentsUnavailableError, a
// card's refusal as a failed result, a payment method as the card on file.

/** Ours: what the member reads when the card fields' token cannot be used (unknown, expired session, used elsewhere). */
export const UNUSABLE_CARD_MESSAGE = 'This card could not be used. Please enter it again.';

/** The next step of a card's authentication, when it is not a page the checkout or the change-card dialog can frame. */
export const unsupportedNextAction = (intentId: string): Extract<ChargeResult, { status: 'failed' }> => ({
  status: 'failed',
  intentId,
  code: 'unsupported_next_action',
  declineCode: null,
  message: 'This card needs a verification step we cannot show.',
});

/** Runs one SDK call, turning "the provider cannot answer now" into PaymentsUnavailableError. */
export async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    if (isUnavailable(err)) throw new PaymentsUnavailableError(`payments provider unavailable: ${(err as Error).message}`, err);
    throw err;
  }
}

function isUnavailable(err: unknown): boolean {
  if (!(err instanceof Stripe.errors.StripeError)) return false;
  return (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    err instanceof Stripe.errors.StripeAuthenticationError ||
    (err.statusCode !== undefined && err.statusCode >= 500)
  );
}

/** A token the provider does not know (or one already used elsewhere) comes from the browser: a refusal, not a bug. */
export function unusableCard(err: unknown): Extract<ChargeResult, { status: 'failed' }> | null {
  if (!(err instanceof Stripe.errors.StripeInvalidRequestError) || err.statusCode === undefined || err.statusCode >= 500) return null;
  return { status: 'failed', intentId: null, code: err.code ?? 'invalid_payment_method', declineCode: null, message: UNUSABLE_CARD_MESSAGE };
}

/** A StripeCardError (402) as a failed result; null for any other error. */
export function cardFailure(err: unknown): Extract<ChargeResult, { status: 'failed' }> | null {
  if (!(err instanceof Stripe.errors.StripeCardError)) return null;
  return {
    status: 'failed',
    intentId: err.payment_intent?.id ?? null,
    code: err.code ?? 'card_declined',
    declineCode: err.decline_code ?? null,
    message: err.message,
  };
}

export function cardOf(method: Stripe.PaymentMethod): CardOnFile {
  return {
    paymentMethodId: method.id,
    brand: method.card?.brand ?? 'unknown',
    last4: method.card?.last4 ?? '',
    expMonth: method.card?.exp_month ?? 0,
    expYear: method.card?.exp_year ?? 0,
  };
}

export const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);
