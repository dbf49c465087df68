import type { CardSubscribeRequest, PurchaseResult } from '@fable/contracts';
import { PaymentsUnavailableError, type ChargeResult } from '../../../infra/payments/paymentsGateway';
import { calculatePrice } from '../priceCalculation';
import type { PaymentMethodSummary } from '../subscriptions/activate';
import { awaitAuthentication, completePaidOrder, failOrder, noteIntent, type OrderActor, type PaymentDeps } from './orderOutcome';
import { acquireOrderLease, isOrderLeased, newOrderLease, releaseOrderLease, waitForOrderLease } from './orderLease';
import { claimPurchase, findOrderByKey, requestHash, type OrderRow } from './orders';
import { approvedAnswer, processingAnswer, threeDSecureAnswer } from './purchaseAnswer';
import { alreadySubscribed, idempotencyMismatch, noCardToCharge, paymentFailed, paymentsUnavailable } from './subscribeErrors';

/**
 * Card subscribe (contracts billingFlowCalls.subscribe; document 2 §4, §7), exactly once:
 *
 * 1. The idempotency key first: an order with this key (same member) and the same request hash replays its answer
 *    (paid: the same Approved; declined: the same 402; 3-D Secure: the same frame; still pending: it is driven again,
 *    which the provider's own idempotency key — the order's id — turns into a replay); other parameters: 409.
 * 2. The price, as checkout/calculate computes it (its 400/404s before anything is stored).
 * 3. In one transaction, the member's row locked (so two tabs take turns): a live subscription answers 409
 *    already_subscribed before any charge; another tab's open order is settled first (below); then the order row is
 *    inserted pending with the key and the hash, and committed BEFORE the provider is called.
 * 4. The provider's customer, the card attached (or the card on file), the charge with the order id as the key.
 * 5. Paid: order succeeded + subscription + role + ledger in one transaction (orderOutcome.ts); 3-D Secure: order
 *    requires_action + iframe_3ds_url; refused: order failed, 402 with the provider's words; provider down: 503, the
 *    order stays pending and a retry with the same key drives it again.
 *
 * One order is driven by one request at a time, across API processes: the request driving it holds the lease on its
 * row (orderLease.ts; taken with the insert), and a duplicate (a double click on another API instance) waits for the
 * lease and answers the order as it then is. Two tabs: the second waits for the first's open order while it is leased
 * and then answers already_subscribed if it was paid; a first order left in 3-D Secure is read at the provider and cancelled there; one left pending by a
 * request that is gone (a 503, a crash) is given up (failed) — should its payment still go through, the webhook
 * refunds it. The subscriptions partial unique index stays the last guard (completePaidOrder refunds).
 */

/** How long a request waits for an order another request (any API process) is charging. */
const OTHER_ORDER_WAIT_MS = 30_000;

export interface Subscriber {
  userId: string;
  applicationId: string;
}

const memberActor = (member: Subscriber): OrderActor => ({ actor: 'member', actorId: member.userId });

export async function subscribeWithCard(deps: PaymentDeps, member: Subscriber, body: CardSubscribeRequest): Promise<PurchaseResult> {
  const hash = requestHash(body);
  for (let round = 0; round < 5; round += 1) {
    const existing = await findOrderByKey(deps.db, member.userId, body.idempotency_key);
    if (existing) {
      if (existing.request_hash !== hash || existing.application_id !== member.applicationId) throw idempotencyMismatch();
      return continueOrder(deps, member, existing, body);
    }
    const price = await calculatePrice(deps.db, member.applicationId, body, deps.clock.now());
    if (!body.payment_token && !(await cardOnFile(deps, member))) throw noCardToCharge();
    const lease = newOrderLease(deps.clock.now());
    const claim = await claimPurchase(deps, member, price, { idempotencyKey: body.idempotency_key, requestHash: hash, lease });
    if (claim.kind === 'subscribed') throw alreadySubscribed();
    if (claim.kind === 'created') return drive(deps, member, claim.order, body, lease.holder);
    if (claim.kind === 'busy') await settleOtherOrder(deps, member, claim.other);
    // raced (the same key inserted meanwhile) or settled: look again.
  }
  throw paymentsUnavailable();
}

/** The answer of an order this key already made (see 1. above): once no other request drives it. */
async function continueOrder(deps: PaymentDeps, member: Subscriber, order: OrderRow, body: CardSubscribeRequest): Promise<PurchaseResult> {
  const current = await waitForOrderLease(deps, order.id, OTHER_ORDER_WAIT_MS);
  if (!current) throw paymentsUnavailable(order.id);
  if (current.status === 'requires_action') return confirmOrder(deps, member, current);
  if (current.status === 'pending') return drive(deps, member, current, body);
  return finishedAnswer(deps, current);
}

async function cardOnFile(deps: PaymentDeps, member: Subscriber): Promise<{ customerId: string; card: PaymentMethodSummary } | null> {
  const { rows } = await deps.db.query<{ provider_customer_id: string | null; card: PaymentMethodSummary | null }>(
    'select provider_customer_id, card from billing_customers where user_id = $1 and application_id = $2 and provider = $3',
    [member.userId, member.applicationId, deps.payments.provider],
  );
  const row = rows[0];
  return row?.provider_customer_id && row.card?.payment_method_id ? { customerId: row.provider_customer_id, card: row.card } : null;
}

/**
 * Steps 4-5 for a pending order, under its lease (`holder`: taken already, with the insert): a request that cannot
 * take it (another drives the order, in any API process) waits for it and answers the order as it then is.
 */
async function drive(deps: PaymentDeps, member: Subscriber, order: OrderRow, body: CardSubscribeRequest, holder?: string): Promise<PurchaseResult> {
  const lease = holder ?? (await acquireOrderLease(deps.db, order.id, deps.clock.now()));
  if (!lease) return continueOrder(deps, member, order, body);
  try {
    return await driveLeased(deps, member, order, body);
  } finally {
    await releaseOrderLease(deps.db, order.id, lease);
  }
}

/** Every provider call keyed by the order, so driving it twice charges once. */
async function driveLeased(deps: PaymentDeps, member: Subscriber, order: OrderRow, body: CardSubscribeRequest): Promise<PurchaseResult> {
  try {
    const card = await prepareCard(deps, member, order, body);
    if ('status' in card) return answerCharge(deps, member, order, card);
    if (order.total_minor === 0) return answerCharge(deps, member, order, { status: 'succeeded', intentId: '', chargeId: null });
    const { customerId, paymentMethodId } = card;
    const result = await deps.payments.charge(
      {
        customerId,
        paymentMethodId,
        amountMinor: order.total_minor,
        currency: order.currency,
        description: `${order.plan_id} (${order.application_id})`,
        metadata: { user_id: member.userId, order_id: order.id, plan_id: order.plan_id, application: member.applicationId },
        offSession: false,
        // The subscription renews on this card without the member.
        saveForRenewals: true,
      },
      order.id,
    );
    return answerCharge(deps, member, order, result);
  } catch (err) {
    if (err instanceof PaymentsUnavailableError) {
      deps.log.warn({ err, orderId: order.id }, 'payments provider unavailable; the order stays pending');
      throw paymentsUnavailable(order.id);
    }
    throw err;
  }
}

/**
 * The provider's customer (created once, updated with the checkout's details) and the card to charge: the card
 * fields' token attached and made the default (kept on file, with its summary), or the card on file. A card refused
 * at attach answers its failure.
 */
async function prepareCard(
  deps: PaymentDeps,
  member: Subscriber,
  order: OrderRow,
  body: CardSubscribeRequest,
): Promise<{ customerId: string; paymentMethodId: string } | Extract<ChargeResult, { status: 'failed' }>> {
  const { rows } = await deps.db.query<{ provider_customer_id: string | null }>(
    'select provider_customer_id from billing_customers where user_id = $1 and application_id = $2 and provider = $3',
    [member.userId, member.applicationId, deps.payments.provider],
  );
  const name = `${body.first_name.trim()} ${body.last_name.trim()}`.trim();
  const existingId = rows[0]?.provider_customer_id ?? null;
  // Keyed by the order and by what is asked (a retry after the customer was made updates it: another request).
  const { customerId } = await deps.payments.ensureCustomer(
    { existingId, email: body.email.trim(), name, metadata: { user_id: member.userId, application: member.applicationId } },
    `${order.id}:customer:${existingId ?? 'new'}`,
  );
  const now = deps.clock.now();
  await deps.db.query(
    `insert into billing_customers (user_id, application_id, provider, provider_customer_id, email, first_name, last_name, country, state, postal_code, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (user_id, application_id) do update set provider = excluded.provider, provider_customer_id = excluded.provider_customer_id,
       email = excluded.email, first_name = excluded.first_name, last_name = excluded.last_name, country = excluded.country, state = excluded.state,
       postal_code = excluded.postal_code, updated_at = excluded.updated_at,
       card = case when billing_customers.provider = excluded.provider then billing_customers.card else null end`,
    [member.userId, member.applicationId, deps.payments.provider, customerId, body.email.trim(), body.first_name.trim(), body.last_name.trim(),
      body.country.toUpperCase(), (body.state ?? '').toUpperCase(), body.postal_code.trim(), now],
  );
  if (!body.payment_token) {
    const onFile = await cardOnFile(deps, member);
    if (!onFile?.card.payment_method_id) throw noCardToCharge();
    return { customerId, paymentMethodId: onFile.card.payment_method_id };
  }
  const attached = await deps.payments.attachCard(customerId, body.payment_token, `${order.id}:attach`);
  if (!('ok' in attached)) return attached;
  const { card } = attached;
  const summary: PaymentMethodSummary = {
    last_4: card.last4,
    type: card.brand,
    exp: `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`,
    payment_method_id: card.paymentMethodId,
  };
  await deps.db.query('update billing_customers set card = $3, updated_at = $4 where user_id = $1 and application_id = $2', [member.userId, member.applicationId, JSON.stringify(summary), now]);
  return { customerId, paymentMethodId: card.paymentMethodId };
}

/** Step 5: what the provider said, applied to the order and answered. */
async function answerCharge(deps: PaymentDeps, member: Subscriber, order: OrderRow, result: ChargeResult): Promise<PurchaseResult> {
  const who = memberActor(member);
  switch (result.status) {
    case 'succeeded': {
      const outcome = await completePaidOrder(deps, order, { intentId: result.intentId || null }, who);
      if (outcome.kind === 'refunded') throw alreadySubscribed();
      return finishedAnswer(deps, outcome.order);
    }
    case 'requires_action': {
      const current = await awaitAuthentication(deps, order, result.intentId, who);
      if (current.status === 'requires_action') return threeDSecureAnswer(current, result.redirectUrl);
      return finishedAnswer(deps, current);
    }
    case 'processing':
      return processingAnswer(await noteIntent(deps, order, result.intentId));
    case 'failed': {
      const current = await failOrder(deps, order, result, who);
      if (current.status !== 'failed') return finishedAnswer(deps, current);
      throw paymentFailed(result.message, { code: result.code, decline_code: result.declineCode, order_id: order.id });
    }
  }
}

/** The answer of an order someone else moved meanwhile (the webhook, the other tab): its state as it is now. */
async function finishedAnswer(deps: PaymentDeps, order: OrderRow): Promise<PurchaseResult> {
  switch (order.status) {
    case 'succeeded':
      return approvedAnswer(deps.db, order);
    case 'refunded':
      throw alreadySubscribed();
    case 'failed': {
      // The same 402 as the first answer: the provider's codes are in the order's ledger entry.
      const { rows } = await deps.db.query<{ details: { code?: string; decline_code?: string | null } }>(
        `select details from billing_ledger where order_id = $1 and action = 'order.failed' order by id desc limit 1`,
        [order.id],
      );
      const details = rows[0]?.details;
      throw paymentFailed(order.failure_message, { ...(details?.code ? { code: details.code, decline_code: details.decline_code ?? null } : {}), order_id: order.id });
    }
    default:
      return processingAnswer(order);
  }
}

/**
 * After the 3-D Secure window message (contracts confirmOrder), and for a replayed key: reads the payment intent at
 * the provider and finishes the order exactly once (a webhook may have finished it already).
 */
export async function confirmOrder(deps: PaymentDeps, member: Subscriber, order: OrderRow): Promise<PurchaseResult> {
  if (order.status !== 'pending' && order.status !== 'requires_action') return finishedAnswer(deps, order);
  if (!order.provider_charge_id) return processingAnswer(order);
  const intentId = order.provider_charge_id;
  try {
    const result = await deps.payments.getCharge(intentId);
    if (result.status === 'requires_action' && order.status === 'requires_action') return threeDSecureAnswer(order, result.redirectUrl);
    return await answerCharge(deps, member, order, result);
  } catch (err) {
    if (err instanceof PaymentsUnavailableError) throw paymentsUnavailable(order.id);
    throw err;
  }
}

/**
 * Another tab's open order of the same member, met while starting a new one: waited for while its request (in any
 * API process) holds its lease; a 3-D Secure one is read at the provider (paid: finished; still waiting: cancelled
 * there and given up); one left pending by a request that is gone is given up (its payment, should it still go
 * through, is refunded by the webhook, else by the refund job).
 */
async function settleOtherOrder(deps: PaymentDeps, member: Subscriber, other: OrderRow): Promise<void> {
  if (await isOrderLeased(deps.db, other.id, deps.clock.now())) {
    // being charged by its own request (this process or another): wait for it, then look again
    if (!(await waitForOrderLease(deps, other.id, OTHER_ORDER_WAIT_MS))) throw paymentsUnavailable();
    return;
  }
  const who = memberActor(member);
  const giveUp = (message: string) => failOrder(deps, other, { status: 'failed', intentId: other.provider_charge_id, code: 'superseded', declineCode: null, message }, who);
  if (!other.provider_charge_id) {
    await giveUp('Replaced by a newer payment attempt.');
    return;
  }
  try {
    let result = await deps.payments.getCharge(other.provider_charge_id);
    if (result.status === 'requires_action' || result.status === 'processing') {
      try {
        await deps.payments.cancelCharge(other.provider_charge_id);
      } catch (err) {
        if (err instanceof PaymentsUnavailableError) throw err;
      }
      result = await deps.payments.getCharge(other.provider_charge_id);
    }
    if (result.status === 'succeeded') await completePaidOrder(deps, other, { intentId: result.intentId }, who);
    else if (result.status === 'failed') await failOrder(deps, other, result, who);
    else await giveUp('Replaced by a newer payment attempt.');
  } catch (err) {
    if (err instanceof PaymentsUnavailableError) throw paymentsUnavailable();
    throw err;
  }
}
