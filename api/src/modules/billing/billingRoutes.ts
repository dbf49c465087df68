import { billingCalls } from '@fable/contracts';
import { memberOf } from '../../http/access';
import type { ApiPlugin } from '../../http/apiPlugin';
import { noPurchaseOptions, unknownCountry } from './billingErrors';
import { listCountries, statesOf } from './countries';
import { loadPurchaseOptions } from './plans';
import { portalRoutes } from './portal/portalRoutes';
import { priceCalculationAnswer } from './priceCalculation';
import { promotionRoutes } from './promotions/promotionRoutes';
import { subscribeRoutes } from './subscribe/subscribeRoutes';
import { webhookRoutes } from './webhooks/webhookRoutes';
import { billingTestControlRoutes } from './lifecycle/billingTestControl';
import { providerRoutes } from './providers/providerRoutes';
import { supporterLinkRoutes } from './supporterLink/supporterLinkRoutes';

/**
 * Billing, first layer (contracts' billingCalls; document 2 §3, §5, §7): the purchase options of the caller's
 * application, the price calculation of a member's checkout, the country and state lists. See README.md.
 */
export const billingRoutes: ApiPlugin = async (app, deps) => {
  const { db, clock } = deps;

  const options = billingCalls.purchaseOptions;
  app.get(options.path, { schema: { response: { 200: options.response } }, config: { access: options.access } }, async (request) => {
    const found = await loadPurchaseOptions(db, request.caller.applicationId, (method) => deps.payments.offersMethod(method));
    if (!found) throw noPurchaseOptions();
    return found;
  });

  const calculate = billingCalls.calculatePrice;
  app.post(
    calculate.path,
    { schema: { body: calculate.body, response: { 200: calculate.response } }, config: { access: calculate.access } },
    async (request) => {
      const member = memberOf(request);
      return priceCalculationAnswer(db, member.applicationId, member.userId, request.body, clock.now());
    },
  );

  const countries = billingCalls.countries;
  app.get(countries.path, { schema: { response: { 200: countries.response } }, config: { access: countries.access } }, async () => ({
    countries: [...listCountries()],
  }));

  const states = billingCalls.countryStates;
  app.get(
    states.path,
    { schema: { params: states.params, response: { 200: states.response } }, config: { access: states.access } },
    async (request) => {
      const iso2 = request.params.iso2.toUpperCase();
      const list = statesOf(iso2);
      if (!list) throw unknownCountry(iso2);
      return { states: [...list] };
    },
  );
  await app.register(promotionRoutes, deps);
  await app.register(subscribeRoutes, deps);
  await app.register(webhookRoutes, deps);
  await app.register(portalRoutes, deps);
  await app.register(supporterLinkRoutes, deps);
  await app.register(providerRoutes, deps);
  // TEST-ONLY control (e2e): never in production, whatever the configuration says.
  if (deps.config.billingTestControl && deps.config.nodeEnv !== 'production') await app.register(billingTestControlRoutes, deps);
};
