import { billingFlowCalls } from '@fable/contracts';
import type { ApiPlugin } from '../../../http/apiPlugin';
import { currentPromotions } from './promotions';

/** GET /subscriptions/promotions (contracts' billingFlowCalls.promotions): the sales of the caller's application now. */
export const promotionRoutes: ApiPlugin = async (app, { db, clock }) => {
  const call = billingFlowCalls.promotions;
  app.get(call.path, { schema: { response: { 200: call.response } }, config: { access: call.access } }, async (request) => ({
    promotions: await currentPromotions(db, request.caller.applicationId, clock.now()),
  }));
};
