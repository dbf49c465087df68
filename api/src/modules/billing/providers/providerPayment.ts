import type { ProviderPaymentRequest, ProviderPaymentResult } from '@fable/contracts';
import { AppError } from '../../../http/appError';
import { PaymentsUnavailableError } from '../../../infra/payments/paymentsGateway';
import { noPurchaseOptions } from '../billingErrors';
import { appendLedger } from '../ledger';
import { loadPurchaseOptions } from '../plans';
import { calculatePrice } from '../priceCalculation';
import { completePaidOrder, failOrder, type PaymentDeps } from '../subscribe/orderOutcome';
import { acquireOrderLease, isOrderLeased, newOrderLease, releaseOrderLease, waitForOrderLease } from '../subscribe/orderLease';
import { claimPurchase, findOrderByKey, hashFields, pricedFields, type OrderRow } from '../subscribe/orders';
import { alreadySubscribed, idempotencyMismatch, paymentMethodNotOffered, paymentsUnavailable } from '../subscribe/subscribeErrors';
import { providerPaymentMethod, type ProviderPaymentMethod } from './providerMethods';
import { redirectPaymentOf, saveRedirectPayment } from './redirectPayments';
import { siteUrl } from './siteUrls';

export interface ProviderPaymentDeps extends PaymentDeps {
  /** The site origin the provider's page sends the member back to (siteUrls.ts returnOrigin). */
  siteOrigin: string;
}

export interface Payer {
  userId: string;
  applicationId: string;
}

/** Where the provider's page sends the member back: the success page with the order, or the checkout again. */
export const returnUrlOf = (origin: string, order: Pick<OrderRow, 'id'>) => siteUrl(origin, '/checkout/success', { order_id: order.id });
export const cancelUrlOf = (origin: string, order: Pick<OrderRow, 'id' | 'plan_id'>) =>
  siteUrl(origin, '/checkout', { plan_id: order.plan_id, order_id: order.id, cancelled: '1' });

const paymentInProgress = () =>
  new AppError(409, 'payment_in_progress', 'Another payment of yours is still being completed. Finish it, or wait a few minutes and try again.');

/** The parameters that make two requests with one idempotency key "the same": what is paid, how, by whom. */
export function providerRequestHash(segment: string, body: ProviderPaymentRequest): string {
  return hashFields([segment, body.payment_option?.trim() || null, ...pricedFields(body)]);
}

/** How long a request waits for an order whose session another request (any API process) is making. */
const OTHER_ORDER_WAIT_MS = 30_000;

/**
 * POST checkout/{provider}_new_payment (document 2 §4 "Alternative provider flow", §7), exactly once per idempotency
 * key: the provider and option (404 / 400), offered by the application (400 payment_method_not_offered), priced as
 * checkout/calculate prices it, the order inserted pending in a transaction with the member's row locked (a live
 * subscription: 409 already_subscribed; an earlier redirect order still open is given up), then the provider's
 * session with the order's key → { url, order_id }. The provider's redirect_session.completed webhook pays the order
 * and starts the subscription (redirectSessionEvents.ts); canceled cancels it.
 */
export async function payWithProvider(deps: ProviderPaymentDeps, payer: Payer, segment: string, body: ProviderPaymentRequest): Promise<ProviderPaymentResult> {
  const chosen = {
    ...providerPaymentMethod(segment, body.payment_option, body.country),
    buyerEmail: body.email.trim(),
    buyer: { firstName: body.first_name.trim(), lastName: body.last_name.trim(), country: body.country },
  };
  return payWithMethod(deps, payer, chosen, providerRequestHash(segment, body), body);
}

/** payWithProvider's steps for a method already chosen (a redirect provider's, or the hosted checkout's), `hash` its request's. */
export async function payWithMethod(
  deps: ProviderPaymentDeps,
  payer: Payer,
  chosen: ProviderPaymentMethod,
  hash: string,
  body: Omit<ProviderPaymentRequest, 'payment_option'>,
): Promise<ProviderPaymentResult> {
  for (let round = 0; round < 5; round += 1) {
    const existing = await findOrderByKey(deps.db, payer.userId, body.idempotency_key);
    if (existing) {
      if (existing.request_hash !== hash || existing.application_id !== payer.applicationId) throw idempotencyMismatch();
      return continueOrder(deps, existing, chosen);
    }
    const options = await loadPurchaseOptions(deps.db, payer.applicationId, (method) => deps.payments.offersMethod(method));
    if (!options) throw noPurchaseOptions();
    if (!options.payment_methods.includes(chosen.method)) throw paymentMethodNotOffered();
    const price = await calculatePrice(deps.db, payer.applicationId, body, deps.clock.now());
    const lease = newOrderLease(deps.clock.now());
    const claim = await claimPurchase(deps, payer, price, { idempotencyKey: body.idempotency_key, requestHash: hash, lease }, (tx, other) =>
      redirectPaymentOf(tx, other.id),
    );
    if (claim.kind === 'subscribed') throw alreadySubscribed();
    if (claim.kind === 'created') return continueOrder(deps, claim.order, chosen, lease.holder);
    if (claim.kind === 'busy') {
      if (await isOrderLeased(deps.db, claim.other.id, deps.clock.now())) {
        // its session is being made right now (by this API process or another): let it finish before giving it up
        if (!(await waitForOrderLease(deps, claim.other.id, OTHER_ORDER_WAIT_MS))) throw paymentsUnavailable();
        continue;
      }
      // A card payment under way (charged or in 3-D Secure) is the card checkout's to finish; an earlier redirect order
      // (the member came back without paying) or an order whose request is gone is given up for this one. Should its
      // payment still complete, the webhook records the refund due.
      if (claim.other.provider_charge_id && !claim.found /* its redirect session */) throw paymentInProgress();
      await failOrder(
        deps,
        claim.other,
        { status: 'failed', intentId: null, code: 'superseded', declineCode: null, message: 'Replaced by a newer payment attempt.' },
        { actor: 'member', actorId: payer.userId },
      );
    }
  }
  throw paymentsUnavailable();
}

/**
 * An order of this flow: its session (made now when missing, under the order's lease: `holder` when taken with the
 * insert; a request that cannot take it waits for the one making the session), or how it ended.
 */
async function continueOrder(deps: ProviderPaymentDeps, order: OrderRow, chosen: ProviderPaymentMethod, holder?: string): Promise<ProviderPaymentResult> {
  if (order.status === 'succeeded') return { url: returnUrlOf(deps.siteOrigin, order), order_id: order.id };
  if (order.status !== 'pending') {
    return { order_id: order.id, error_message: order.failure_message ?? (order.status === 'canceled' ? 'The payment was canceled.' : 'The payment failed.') };
  }
  const saved = await redirectPaymentOf(deps.db, order.id);
  if (saved) return { url: saved.url, order_id: order.id };
  const lease = holder ?? (await acquireOrderLease(deps.db, order.id, deps.clock.now()));
  if (!lease) {
    const current = await waitForOrderLease(deps, order.id, OTHER_ORDER_WAIT_MS);
    if (!current) throw paymentsUnavailable(order.id);
    return continueOrder(deps, current, chosen);
  }
  try {
    // made meanwhile by the request that held the lease before this one
    const made = holder ? null : await redirectPaymentOf(deps.db, order.id);
    return made ? { url: made.url, order_id: order.id } : await startSession(deps, order, chosen);
  } finally {
    await releaseOrderLease(deps.db, order.id, lease);
  }
}

async function startSession(deps: ProviderPaymentDeps, order: OrderRow, chosen: ProviderPaymentMethod): Promise<ProviderPaymentResult> {
  const who = { actor: 'member' as const, actorId: order.user_id };
  if (order.total_minor === 0) {
    // a 100 % discount: nothing to pay at a provider, the order is paid now
    await completePaidOrder(deps, order, { intentId: null }, who);
    return { url: returnUrlOf(deps.siteOrigin, order), order_id: order.id };
  }
  const page = chosen.pageOf ? await chosen.pageOf(order) : null;
  let session;
  try {
    session = await deps.payments.createRedirectSession(
      {
        provider: chosen.page,
        amountMinor: order.total_minor,
        currency: order.currency,
        returnUrl: returnUrlOf(deps.siteOrigin, order),
        cancelUrl: cancelUrlOf(deps.siteOrigin, order),
        buyerEmail: chosen.buyerEmail,
        buyer: chosen.buyer,
        metadata: {
          ...page?.metadata,
          order_id: order.id,
          user_id: order.user_id,
          plan_id: order.plan_id,
          application_id: order.application_id,
          payment_method: chosen.method,
        },
      },
      `${order.id}:redirect`,
    );
  } catch (err) {
    if (err instanceof PaymentsUnavailableError) throw paymentsUnavailable(order.id);
    throw err;
  }
  const now = deps.clock.now();
  const saved = await deps.db.transaction(async (tx) => {
    const url = page ? page.urlOf(session) : session.url;
    const row = await saveRedirectPayment(tx, { order_id: order.id, payment_method: chosen.method, provider: chosen.page, session_id: session.sessionId, url }, now);
    if (row.session_id === session.sessionId) {
      await appendLedger(
        tx,
        {
          application_id: order.application_id,
          user_id: order.user_id,
          order_id: order.id,
          actor: 'member',
          actor_id: order.user_id,
          action: 'order.redirected',
          from_state: 'pending',
          to_state: 'pending',
          amount_minor: order.total_minor,
          currency: order.currency,
          details: { payment_method: chosen.method, provider: chosen.page, session: session.sessionId },
        },
        now,
      );
    }
    return row;
  });
  return { url: saved.url, order_id: order.id };
}
