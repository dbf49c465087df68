import { billingFlowCalls } from '@fable/contracts';
import { memberOf } from '../../../http/access';
import type { ApiDeps, ApiPlugin } from '../../../http/apiPlugin';
import { confirmOrder, subscribeWithCard } from './cardSubscribe';
import type { PaymentDeps } from './orderOutcome';
import { loadOrder } from './orders';
import { orderAnswer } from './purchaseAnswer';
import { orderNotFound } from './subscribeErrors';

/** The provider, the database and the clock, with the request's log. */
const paymentDeps = (deps: ApiDeps, log: PaymentDeps['log']): PaymentDeps => ({ db: deps.db, payments: deps.payments, clock: deps.clock, log });

/** An http(s) URL's origin, or null. */
function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origin of the page that will frame the card fields: the call's Origin, else its Referer's (same-origin GETs
 * send no Origin; the site's referrer policy keeps the Referer), else PUBLIC_URL. The card fields page itself refuses
 * an origin its sandbox does not allow, so nothing is trusted here.
 */
function checkoutOrigin(headers: Record<string, string | string[] | undefined>, publicUrl: string | undefined): string {
  const header = (name: string) => (typeof headers[name] === 'string' ? (headers[name] as string) : undefined);
  return originOf(header('origin')) ?? originOf(header('referer')) ?? originOf(publicUrl) ?? 'http://localhost:3000';
}

/** The card fields page with `origin=` (the sandbox's page frames itself only for, and posts only to, that origin). */
function withCheckoutOrigin(cardFieldsUrl: string, origin: string): string {
  const url = new URL(cardFieldsUrl);
  url.searchParams.set('origin', origin);
  return url.toString();
}

/**
 * Card subscribe (contracts billingFlowCalls: paymentConfig, subscribe, confirmOrder, order; document 2 §4, §7).
 * Members only (401 otherwise); an order is its member's: another member's order answers 404. See README.md.
 */
export const subscribeRoutes: ApiPlugin = async (app, deps) => {
  const config = billingFlowCalls.paymentConfig;
  app.get(config.path, { schema: { response: { 200: config.response } }, config: { access: config.access } }, async (request) => {
    memberOf(request);
    const publicConfig = deps.payments.publicConfig();
    return {
      provider: publicConfig.provider,
      publishable_key: publicConfig.publishableKey,
      card_fields_url: publicConfig.cardFieldsUrl && withCheckoutOrigin(publicConfig.cardFieldsUrl, checkoutOrigin(request.headers, deps.config.publicUrl)),
      frame_origin: publicConfig.frameOrigin,
    };
  });

  const subscribe = billingFlowCalls.subscribe;
  app.post(
    subscribe.path,
    { schema: { body: subscribe.body, response: { 200: subscribe.response } }, config: { access: subscribe.access } },
    async (request) => {
      const member = memberOf(request);
      return subscribeWithCard(paymentDeps(deps, request.log), { userId: member.userId, applicationId: member.applicationId }, request.body);
    },
  );

  const confirm = billingFlowCalls.confirmOrder;
  app.post(
    confirm.path,
    { schema: { params: confirm.params, response: { 200: confirm.response } }, config: { access: confirm.access } },
    async (request) => {
      const member = memberOf(request);
      const order = await loadOrder(deps.db, request.params.order_id, member.userId);
      if (!order || order.application_id !== member.applicationId) throw orderNotFound();
      return confirmOrder(paymentDeps(deps, request.log), { userId: member.userId, applicationId: member.applicationId }, order);
    },
  );

  const order = billingFlowCalls.order;
  app.get(order.path, { schema: { params: order.params, response: { 200: order.response } }, config: { access: order.access } }, async (request) => {
    const member = memberOf(request);
    const found = await loadOrder(deps.db, request.params.order_id, member.userId);
    if (!found || found.application_id !== member.applicationId) throw orderNotFound();
    return orderAnswer(deps.db, found);
  });
};
