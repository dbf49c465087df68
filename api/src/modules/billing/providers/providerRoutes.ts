import { billingFlowCalls } from '@fable/contracts';
import { memberOf } from '../../../http/access';
import type { ApiPlugin } from '../../../http/apiPlugin';
import { recordCheckoutAbandon } from './checkoutAbandon';
import { payWithProvider } from './providerPayment';
import { returnOrigin } from './siteUrls';

/**
 * The redirect providers (contracts billingFlowCalls.providerPayment, abandonCheckout; document 2 §4, §7): members only
 * (401 otherwise). The completion comes by webhook (redirectSessionEvents.ts, registered in webhooks/webhookHandlers.ts).
 * See README.md.
 */
export const providerRoutes: ApiPlugin = async (app, deps) => {
  const abandon = billingFlowCalls.abandonCheckout;
  app.post(abandon.path, { schema: { body: abandon.body }, config: { access: abandon.access } }, async (request, reply) => {
    const member = memberOf(request);
    await recordCheckoutAbandon(deps.db, { userId: member.userId, applicationId: member.applicationId }, request.body, deps.clock.now());
    return reply.code(204).send();
  });

  const pay = billingFlowCalls.providerPayment;
  app.post(
    pay.path,
    { schema: { params: pay.params, body: pay.body, response: { 200: pay.response } }, config: { access: pay.access } },
    async (request) => {
      const member = memberOf(request);
      return payWithProvider(
        { db: deps.db, payments: deps.payments, clock: deps.clock, siteOrigin: returnOrigin(deps.config, request.headers.origin), log: request.log },
        { userId: member.userId, applicationId: member.applicationId },
        request.params.payment,
        request.body,
      );
    },
  );
};
