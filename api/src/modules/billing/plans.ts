import type { PurchaseOptions, PurchasePlan } from '@fable/contracts';
import { TIER_OF_ROLE, type SubscriptionRole } from '@fable/contracts';
import { toMajor, type PricedPlan } from '@fable/rules/billing';
import type { Queryable } from '../../infra/db/database';

interface PlanRow extends PricedPlan {
  role: Exclude<SubscriptionRole, 'free_tier'>;
  features: string[];
}

const PLAN_COLUMNS = 'plan_id, name, role, period, price_minor, currency, features';

function purchasePlan(row: PlanRow): PurchasePlan {
  return {
    role: row.role,
    tier: TIER_OF_ROLE[row.role],
    period: row.period,
    plan_id: row.plan_id,
    name: row.name,
    currency: row.currency,
    features: row.features,
    price: toMajor(row.price_minor),
  };
}

/** An application's active plan by id, or null. */
export async function findPlan(db: Queryable, applicationId: string, planId: string): Promise<PlanRow | null> {
  const { rows } = await db.query<PlanRow>(
    `select ${PLAN_COLUMNS} from billing_plans where application_id = $1 and plan_id = $2 and active`,
    [applicationId, planId],
  );
  return rows[0] ?? null;
}

/**
 * An application's purchase options (document 2 §3): default plan, payment methods, annual tagline and its active
 * plans by period, cheapest tier first. null when the application sells nothing, or nothing it offers can be paid
 * here. `payable`: the payment methods this deployment can take (PaymentsGateway.offersMethod): the others are left
 * out, so the checkout never shows a method that would fail.
 */
export async function loadPurchaseOptions(db: Queryable, applicationId: string, payable: (method: string) => boolean = () => true): Promise<PurchaseOptions | null> {
  const options = await db.query<{ default_plan_id: string; payment_methods: PurchaseOptions['payment_methods']; annual_tagline: string | null }>(
    'select default_plan_id, payment_methods, annual_tagline from billing_purchase_options where application_id = $1',
    [applicationId],
  );
  const head = options.rows[0];
  const methods = head?.payment_methods.filter((method) => payable(method)) ?? [];
  if (!head || methods.length === 0) return null;
  const { rows } = await db.query<PlanRow>(
    `select ${PLAN_COLUMNS} from billing_plans where application_id = $1 and active order by sort, price_minor, plan_id`,
    [applicationId],
  );
  const plans = rows.map(purchasePlan);
  return {
    default_plan_id: head.default_plan_id,
    payment_methods: methods,
    ...(head.annual_tagline === null ? {} : { annual_tagline: head.annual_tagline }),
    plans: { monthly: plans.filter((p) => p.period === 'monthly'), annual: plans.filter((p) => p.period === 'annual') },
  };
}
