import type { PricedPlan } from './pricing';

/** Why a subscriber cannot change to a plan (the portal answers action_not_allowed with it). */
export type PlanChangeProblem = 'current_plan' | 'yearly_subscriber_annual_only' | 'other_currency';

/**
 * Whether a subscriber on `current` may change to `wanted` (document 2 §4 "Change plan"): not to the current plan,
 * only to an annual plan for a yearly subscriber, only in the same currency. null: they may. What it costs is
 * prorate()'s.
 */
export function planChangeProblem(current: PricedPlan, wanted: PricedPlan): PlanChangeProblem | null {
  if (wanted.plan_id === current.plan_id) return 'current_plan';
  if (current.period === 'annual' && wanted.period !== 'annual') return 'yearly_subscriber_annual_only';
  if (wanted.currency !== current.currency) return 'other_currency';
  return null;
}

/** The plans on sale a subscriber on `current` may change to, in their order. */
export function changeablePlans<P extends PricedPlan>(current: PricedPlan, onSale: readonly P[]): P[] {
  return onSale.filter((p) => planChangeProblem(current, p) === null);
}
