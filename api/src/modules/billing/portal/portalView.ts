import { YEARLY_SUBSCRIPTION_FREQUENCY, type AvailablePlan, type PortalSubscription, type SubscriptionProduct } from '@fable/contracts';
import type { Queryable } from '../../../infra/db/database';
import { changeablePlans, prorate, toMajor } from '@fable/rules/billing';
import { plansOnSale, requirePlan, type LifecyclePlan } from '../lifecycle/subscriptionPlans';
import { COMPLIMENTARY_PROVIDER, isManagedHere, subscriptionsOf, type SubscriptionRow } from '../lifecycle/subscriptionStore';

/** The monthly frequency text (the spec shows only 'Yearly Subscription'): ours. */
export const MONTHLY_SUBSCRIPTION_FREQUENCY = 'Monthly Subscription';

/** At most this many subscriptions are answered: the live one, then the latest ended ones. */
const MAX_LISTED = 5;

function productOf(plan: LifecyclePlan): SubscriptionProduct {
  return { plan_id: plan.plan_id, name: plan.name, role: plan.role, price: toMajor(plan.price_minor), currency: plan.currency };
}

/**
 * The plans a subscriber may change to (document 2 §4 "Change plan"): the application's plans on sale in the
 * subscription's currency, the current plan left out (it cannot be selected), only annual plans for a yearly
 * subscriber (changeablePlans); each with upgrade_price = prorate() at `now` (above 0: charged now plus taxes; 0: from
 * the next cycle). Both rules are @fable/rules/billing's, which the mock API's portal calls too.
 */
export function availablePlans(current: LifecyclePlan, onSale: readonly LifecyclePlan[], sub: Pick<SubscriptionRow, 'current_period_start' | 'current_period_end'>, now: Date): AvailablePlan[] {
  return changeablePlans(current, onSale).map((p) => ({
    ...productOf(p),
    billing_frequency: p.period,
    upgrade_price: toMajor(prorate(current, p, sub.current_period_start, sub.current_period_end, now).upgrade_price_minor),
  }));
}

interface CardState {
  card: { last_4: string; type: string } | null;
  /** A paid subscription whose card is gone (billing_customers.card deleted, or none at all). */
  deleted: boolean;
}

async function cardOf(db: Queryable, sub: SubscriptionRow): Promise<CardState> {
  if (sub.provider === COMPLIMENTARY_PROVIDER && !sub.payment_method) return { card: null, deleted: false };
  const { rows } = await db.query<{ card: { last_4: string; type: string } | null }>('select card from billing_customers where user_id = $1 and application_id = $2', [
    sub.user_id,
    sub.application_id,
  ]);
  // The member's card on file wins (a deleted card is null there); a row-less member shows the subscription's own.
  const card = rows[0] ? rows[0].card : sub.payment_method;
  return card ? { card: { last_4: card.last_4, type: card.type }, deleted: false } : { card: null, deleted: true };
}

/** The order a subscription is known by: its latest paid order, else its latest, else (none: a row made by hand) its own id. */
async function orderIdOf(db: Queryable, sub: SubscriptionRow): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `select id::text as id from billing_orders where subscription_id = $1 order by (status = 'succeeded') desc, created_at desc limit 1`,
    [sub.id],
  );
  return rows[0]?.id ?? sub.id;
}

/** One subscription as the portal shows it (document 2 §3 "Subscription (portal)"). */
export async function portalSubscriptionOf(db: Queryable, sub: SubscriptionRow, onSale: readonly LifecyclePlan[], now: Date): Promise<PortalSubscription> {
  const current = await requirePlan(db, sub.application_id, sub.plan_id);
  const next = sub.next_plan_id ? await requirePlan(db, sub.application_id, sub.next_plan_id) : current;
  const card = await cardOf(db, sub);
  return {
    order_id: await orderIdOf(db, sub),
    subscription_id: sub.id,
    subscription_status: sub.status,
    recur_at: sub.current_period_end.toISOString(),
    frequency: current.period === 'annual' ? YEARLY_SUBSCRIPTION_FREQUENCY : MONTHLY_SUBSCRIPTION_FREQUENCY,
    current_product: productOf(current),
    next_product: productOf(next),
    is_card_deleted: card.deleted,
    credit_card: card.card,
    available_plans: availablePlans(current, onSale, sub, now),
  };
}

/**
 * GET subscriptions/sticky: the member's web subscriptions of the application (ours, paid or complimentary; not a
 * supporter platform's), the live one first (the portal uses the first item), then the latest ended ones; [] without any.
 */
export async function portalSubscriptions(db: Queryable, userId: string, applicationId: string, now: Date): Promise<PortalSubscription[]> {
  const subs = (await subscriptionsOf(db, userId, applicationId)).filter(isManagedHere).slice(0, MAX_LISTED);
  if (subs.length === 0) return [];
  const onSale = await plansOnSale(db, applicationId);
  const answer: PortalSubscription[] = [];
  for (const sub of subs) answer.push(await portalSubscriptionOf(db, sub, onSale, now));
  return answer;
}
