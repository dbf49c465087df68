import { billingFlowCalls } from '@fable/contracts';
import type { FastifyRequest } from 'fastify';
import { memberOf } from '../../../http/access';
import type { ApiDeps, ApiPlugin } from '../../../http/apiPlugin';
import { recordCheckoutAbandon } from './checkoutAbandon';
import { hostedCheckout } from './hostedCheckout';
import { payWithProvider, type ProviderPaymentDeps } from './providerPayment';
import { returnOrigin } from './siteUrls';

/** What paying through a provider needs for one request: the member is sent back to the origin they paid from. */
const paymentDepsOf = (deps: ApiDeps, request: FastifyRequest): ProviderPaymentDeps => ({
  db: deps.db,
  payments: deps.payments,
  clock: deps.clock,
  siteOrigin: returnOrigin(deps.config, request.headers.origin),
  log: request.log,
});

/**
 * The redirect providers and the hosted checkout link (contracts billingFlowCalls.providerPayment, hostedCheckout,
 * abandonCheckout; document 2 §4, §7): members only (401 otherwise). The completion comes by webhook
 * (redirectSessionEvents.ts, registered in webhooks/webhookHandlers.ts). See README.md.
 */
export const providerRoutes: ApiPlugin = async (app, deps) => {
  const abandon = billingFlowCalls.abandonCheckout;
  app.post(abandon.path, { schema: { body: abandon.body }, config: { access: abandon.access } }, async (request, reply) => {
    const member = memberOf(request);
    await recordCheckoutAbandon(deps.db, { userId: member.userId, applicationId: member.applicationId }, request.body, deps.clock.now());
    return reply.code(204).send();
  });

  const hosted = billingFlowCalls.hostedCheckout;
  app.post(hosted.path, { schema: { body: hosted.body, response: { 200: hosted.response } }, config: { access: hosted.access } }, async (request) => {
    const member = memberOf(request);
    return hostedCheckout(paymentDepsOf(deps, request), { userId: member.userId, applicationId: member.applicationId }, request.body);
  });

  const pay = billingFlowCalls.providerPayment;
  app.post(
    pay.path,
    { schema: { params: pay.params, body: pay.body, response: { 200: pay.response } }, config: { access: pay.access } },
    async (request) => {
      const member = memberOf(request);
      return payWithProvider(paymentDepsOf(deps, request), { userId: member.userId, applicationId: member.applicationId }, request.params.payment, request.body);
    },
  );
};
