import { PORTAL_ACTION_REQUIRES_ACTION, type PortalActionResult } from '@fable/contracts';
import { PaymentsUnavailableError, type CardOnFile } from '../../../infra/payments/paymentsGateway';
import type { LifecycleDeps } from '../lifecycle/lifecycleDeps';
import { changeSubscription } from '../lifecycle/subscriptionChange';
import { loadSubscription, type PaymentMethodSummary, type SubscriptionRow } from '../lifecycle/subscriptionStore';
import { portalErrors } from './portalErrors';
import { succeeded } from './portalAnswers';

/** A card as billing_customers.card and subscriptions.payment_method keep it: {last_4, type, exp 'MM/YY'} and the provider's id. */
export function cardSummary(card: CardOnFile): PaymentMethodSummary {
  return {
    last_4: card.last4,
    type: card.brand,
    exp: `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`,
    payment_method_id: card.paymentMethodId,
  };
}

async function customerIdFor(deps: LifecycleDeps, sub: SubscriptionRow): Promise<string> {
  const { rows } = await deps.db.query<{ provider_customer_id: string | null; email: string | null; name: string | null; username: string | null }>(
    `select c.provider_customer_id, u.email, u.name, u.username from users u
       left join billing_customers c on c.user_id = u.id and c.application_id = $2
      where u.id = $1`,
    [sub.user_id, sub.application_id],
  );
  const known = sub.provider_customer_id ?? rows[0]?.provider_customer_id;
  if (known) return known;
  const member = rows[0];
  const { customerId } = await (deps.payments as NonNullable<LifecycleDeps['payments']>).ensureCustomer(
    { existingId: null, email: member?.email ?? '', name: member?.name ?? member?.username ?? '', metadata: { user_id: sub.user_id, application: sub.application_id } },
    `customer:${sub.user_id}:${sub.application_id}`,
  );
  return customerId;
}

/** Ours: the change_card answer while the member's bank asks them to authenticate the new card. */
export const CARD_AUTHENTICATION_MESSAGE = 'Your bank asks you to confirm this card.';

/**
 * change_card (document 2 §7: card_token from the card fields): the provider sets the card up for renewals without
 * the member (a SetupIntent, usage off_session) on the member's customer and makes it the default; a declining card
 * answers 402 with the provider's message and nothing changes. A card whose bank asks for 3-D Secure answers
 * REQUIRES_ACTION with the challenge to frame; the same change_card after it reads the outcome (the key replays the
 * setup). Then, in one transaction: billing_customers' card on file and the subscription's payment method become
 * the new card, with a ledger entry. The state stays (a grace is paid with charge_rebill next). Not for an expired one.
 */
export async function changeCard(deps: LifecycleDeps, target: SubscriptionRow, cardToken: string, now: Date): Promise<PortalActionResult> {
  const { db, payments } = deps;
  if (target.status === 'expired') throw portalErrors.actionNotAllowed('change_card', target.status, 'expired');
  if (!payments) throw portalErrors.paymentsUnavailable();
  let setup;
  let customerId: string;
  try {
    customerId = await customerIdFor(deps, target);
    setup = await payments.setUpCard(customerId, cardToken, `setup:${target.id}:${cardToken}`);
  } catch (err) {
    if (err instanceof PaymentsUnavailableError) throw portalErrors.paymentsUnavailable();
    throw err;
  }
  if (setup.status === 'failed') throw portalErrors.paymentFailed(setup.message, setup.code, target.status);
  if (setup.status === 'requires_action') {
    return { status: PORTAL_ACTION_REQUIRES_ACTION, message: CARD_AUTHENTICATION_MESSAGE, subscription_status: target.status, iframe_3ds_url: setup.redirectUrl };
  }
  const card = cardSummary(setup.card);

  return db.transaction(async (tx) => {
    const sub = (await loadSubscription(tx, target.id, { forUpdate: true })) as SubscriptionRow;
    if (sub.status === 'expired') throw portalErrors.actionNotAllowed('change_card', sub.status, 'expired');
    const message = `Your card ending in ${card.last_4} will be charged from now on.`;
    // The same card again (a double click, a retry after a lost answer): already on file, nothing to write.
    if (sub.payment_method?.payment_method_id === card.payment_method_id) return succeeded(sub, message);
    await tx.query(
      `insert into billing_customers (user_id, application_id, provider, provider_customer_id, card, updated_at) values ($1, $2, $3, $4, $5, $6)
       on conflict (user_id, application_id) do update set provider = excluded.provider, provider_customer_id = excluded.provider_customer_id,
         card = excluded.card, updated_at = excluded.updated_at`,
      [sub.user_id, sub.application_id, payments.provider, customerId, JSON.stringify(card), now],
    );
    const next = await changeSubscription(
      tx,
      sub,
      { payment_method: card, provider_customer_id: customerId },
      { actor: 'member', actor_id: sub.user_id, action: 'subscription.card_changed', details: { last_4: card.last_4, type: card.type, previous_last_4: sub.payment_method?.last_4 ?? null } },
      now,
    );
    return succeeded(next, message);
  });
}
