import {
  isAnnualPlanId,
  WEB_MANAGED_SUBSCRIPTION_PLATFORMS,
  YEARLY_SUBSCRIPTION_FREQUENCY,
  type AvailablePlan,
  type BillingPeriod,
  type PortalSubscription,
  type SessionUser as ApiUser,
} from '@fable/contracts';
import { isLive } from '../subscribe/subscribeApi';

/**
 * The portal's rules of document 2 §4 and §6, apart from the components: which plans the change-plan dialog offers,
 * what a change costs, and who may manage the subscription here.
 */

/** A yearly subscriber: frequency 'Yearly Subscription', or an annual current plan (its plan_id holds '1y'). */
export function isYearlySubscriber(sub: PortalSubscription): boolean {
  return sub.frequency === YEARLY_SUBSCRIPTION_FREQUENCY || isAnnualPlanId(sub.current_product.plan_id);
}

/** The billing frequency of a plan id. */
export const frequencyOf = (planId: string): BillingPeriod => (isAnnualPlanId(planId) ? 'annual' : 'monthly');

/**
 * The plans the change-plan dialog lists for a frequency: a yearly subscriber sees only annual plans whatever the
 * frequency asked; others see the plans of the chosen frequency. The current plan is listed (it cannot be chosen).
 */
export function plansToOffer(sub: PortalSubscription, frequency: BillingPeriod): AvailablePlan[] {
  const shown: BillingPeriod = isYearlySubscriber(sub) ? 'annual' : frequency;
  return sub.available_plans.filter((plan) => plan.billing_frequency === shown);
}

/** Whether a plan can be chosen: any listed plan but the current one. */
export const isSelectablePlan = (sub: PortalSubscription, plan: AvailablePlan) => plan.plan_id !== sub.current_product.plan_id;

/** What a change to a plan means: a prorated charge now (plus taxes) when upgrade_price is above 0, else the next cycle. */
export type PlanChange = { kind: 'prorated'; amount: number; currency: string } | { kind: 'nextCycle' };
export function planChangeOf(plan: AvailablePlan): PlanChange {
  return plan.upgrade_price > 0 ? { kind: 'prorated', amount: plan.upgrade_price, currency: plan.currency } : { kind: 'nextCycle' };
}

/**
 * The platform that manages the member's subscription when it is not this site (document 2 §6: management only when
 * the platform allows it): revenuecat (the mobile app's store), boosty, subscribestar. null when the portal manages it
 * (sticky) or the member has no live subscription elsewhere.
 */
export function managedElsewhere(user: ApiUser | undefined): string | null {
  const subscription = user?.subscription;
  if (!isLive(subscription)) return null;
  return WEB_MANAGED_SUBSCRIPTION_PLATFORMS.includes(subscription.platform) ? null : subscription.platform;
}

/** The date of recur_at as the portal writes it ("December 17, 2026"). */
export function formatPortalDate(timestamp: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(timestamp));
}
