import type Stripe from 'stripe';
import type { CardSetupResult } from './paymentsGateway';
import { call, cardFailure, cardOf, idOf, UNUSABLE_CARD_MESSAGE, unsupportedNextAction, unusableCard } from './stripeCalls';

/**
 * A card saved for renewals without the member (PaymentsGateway.setUpCard): a SetupIntent with usage off_session,
 * confirmed at once; set up, the card becomes the customer's default. A replayed key answers as the first time, so
 * an intent that waited for its challenge is read again: the same call after the challenge gives its outcome.
 */
export async function setUpCard(stripe: Stripe, customerId: string, paymentMethodId: string, idempotencyKey: string): Promise<CardSetupResult> {
  let intent: Stripe.SetupIntent;
  try {
    intent = await call(() =>
      stripe.setupIntents.create(
        {
          customer: customerId,
          payment_method: paymentMethodId,
          confirm: true,
          usage: 'off_session',
          // confirmed here, without a return page: a card's challenge is framed, no other method redirects
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        { idempotencyKey },
      ),
    );
  } catch (err) {
    const failed = cardFailure(err) ?? unusableCard(err);
    if (failed) return failed;
    throw err;
  }
  if (intent.status === 'requires_action' || intent.status === 'processing') intent = await call(() => stripe.setupIntents.retrieve(intent.id));
  const result = await setupResultOf(stripe, intent);
  if (result.status !== 'succeeded') return result;
  await call(() =>
    stripe.customers.update(customerId, { invoice_settings: { default_payment_method: result.card.paymentMethodId } }, { idempotencyKey: `${idempotencyKey}:default` }),
  );
  return result;
}

/** A set-up intent's card, read from its payment method. */
async function setupResultOf(stripe: Stripe, intent: Stripe.SetupIntent): Promise<CardSetupResult> {
  switch (intent.status) {
    case 'succeeded': {
      const methodId = idOf(intent.payment_method);
      if (!methodId) throw new Error(`setup intent ${intent.id} succeeded without a payment method`);
      return { status: 'succeeded', card: cardOf(await call(() => stripe.paymentMethods.retrieve(methodId))) };
    }
    case 'requires_action': {
      const url = intent.next_action?.redirect_to_url?.url;
      if (url) return { status: 'requires_action', setupId: intent.id, redirectUrl: url };
      return unsupportedNextAction(intent.id);
    }
    case 'canceled':
      return { status: 'failed', intentId: intent.id, code: 'setup_intent_canceled', declineCode: null, message: UNUSABLE_CARD_MESSAGE };
    default: {
      const error = intent.last_setup_error;
      return { status: 'failed', intentId: intent.id, code: error?.code ?? 'requires_payment_method', declineCode: error?.decline_code ?? null, message: error?.message ?? UNUSABLE_CARD_MESSAGE };
    }
  }
}
