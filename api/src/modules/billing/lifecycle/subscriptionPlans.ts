import type { SubscriptionRole } from '@fable/contracts';
import type { Queryable } from '../../../infra/db/database';
import type { PricedPlan } from '@fable/rules/billing';

/** A plan as the lifecycle needs it: priced, with its role. */
export interface LifecyclePlan extends PricedPlan {
  role: Exclude<SubscriptionRole, 'free_tier'>;
  active: boolean;
}

/**
 * A plan of an application by id, retired ones included (a subscriber keeps a plan no longer sold until they change
 * it), or null.
 */
export async function planOf(db: Queryable, applicationId: string, planId: string): Promise<LifecyclePlan | null> {
  const { rows } = await db.query<LifecyclePlan>(
    'select plan_id, name, role, period, price_minor, currency, active from billing_plans where application_id = $1 and plan_id = $2',
    [applicationId, planId],
  );
  return rows[0] ?? null;
}

/** An application's plans on sale, cheapest tier first. */
export async function plansOnSale(db: Queryable, applicationId: string): Promise<LifecyclePlan[]> {
  const { rows } = await db.query<LifecyclePlan>(
    `select plan_id, name, role, period, price_minor, currency, active from billing_plans
      where application_id = $1 and active order by sort, price_minor, plan_id`,
    [applicationId],
  );
  return rows;
}

/** planOf that must find the plan (a subscription's plan is a foreign key: it exists). */
export async function requirePlan(db: Queryable, applicationId: string, planId: string): Promise<LifecyclePlan> {
  const plan = await planOf(db, applicationId, planId);
  if (!plan) throw new Error(`plan ${applicationId}/${planId} is missing`);
  return plan;
}
