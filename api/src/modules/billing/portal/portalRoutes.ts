import { billingFlowCalls, type PortalActionRequest, type PortalActionResult } from '@fable/contracts';
import { memberOf } from '../../../http/access';
import type { ApiPlugin } from '../../../http/apiPlugin';
import { createBillingWorker } from '../lifecycle/billingWorker';
import type { LifecycleDeps } from '../lifecycle/lifecycleDeps';
import { cancelSubscription, uncancelSubscription } from './cancelActions';
import { changeCard } from './cardChange';
import { changePlan } from './planChange';
import { findPortalTarget, type PortalMember } from './portalTarget';
import { portalSubscriptions } from './portalView';
import { chargeRebill } from './rebill';

/** Runs a portal action on the caller's subscription (document 2 §7 "Update on subscriptions/sticky"). */
export async function runPortalAction(deps: LifecycleDeps, member: PortalMember, body: PortalActionRequest, now: Date): Promise<PortalActionResult> {
  const target = await findPortalTarget(deps.db, member, body.subscription_id, body.order_id);
  switch (body.action) {
    case 'cancel':
      return cancelSubscription(deps.db, target, now);
    case 'uncancel':
      return uncancelSubscription(deps.db, target, now);
    case 'change_plan':
      return changePlan(deps, target, body.plan_id, now);
    case 'change_card':
      return changeCard(deps, target, body.card_token, now);
    case 'charge_rebill':
      return chargeRebill(deps, target, now);
  }
}

/**
 * The subscriber portal (contracts' billingFlowCalls.portalSubscriptions and portalAction; document 2 §3, §4, §7):
 * GET and PUT /subscriptions/sticky, members only. Outside tests the API process also runs the billing jobs
 * (renewals, expiries) every minute (SCHEDULED_JOBS_INTERVAL_MS); tests call runBillingJobs with their clock, or set
 * that interval to see the workers of several processes at work. See ../README.md.
 */
export const portalRoutes: ApiPlugin = async (app, deps) => {
  const { db, clock, config, payments } = deps;
  const lifecycle: LifecycleDeps = { db, payments };

  const list = billingFlowCalls.portalSubscriptions;
  app.get(list.path, { schema: { response: { 200: list.response } }, config: { access: list.access } }, async (request) => {
    const member = memberOf(request);
    return portalSubscriptions(db, member.userId, member.applicationId, clock.now());
  });

  const action = billingFlowCalls.portalAction;
  app.put(
    action.path,
    { schema: { body: action.body, response: { 200: action.response } }, config: { access: action.access } },
    async (request) => {
      const member = memberOf(request);
      return runPortalAction(lifecycle, { userId: member.userId, applicationId: member.applicationId }, request.body, clock.now());
    },
  );

  if (config.nodeEnv !== 'test' || config.scheduledJobsIntervalMs !== undefined) {
    const worker = createBillingWorker({ ...lifecycle, clock, log: app.log, intervalMs: config.scheduledJobsIntervalMs });
    app.addHook('onReady', async () => worker.start());
    // preClose: a run in progress ends before the database closes.
    app.addHook('preClose', async () => worker.stop());
  }
};
