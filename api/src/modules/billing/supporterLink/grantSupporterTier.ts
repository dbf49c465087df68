import { randomUUID } from 'node:crypto';
import { TIER_OF_ROLE, type ProfileSubscription, type Tier } from '@fable/contracts';
import type { Database, Queryable } from '../../../infra/db/database';
import { appendLedger } from '../ledger';
import { findPlan } from '../plans';

/** The platform's name in subscriptions.provider and the profile's subscription summary. */
export const SUBSCRIBESTAR = 'subscribestar';

export interface PledgeToGrant {
  userId: string;
  applicationId: string;
  /** The SubscribeStar user id. */
  externalUserId: string;
  pledgeId: string | null;
  tierId: string;
}

export type GrantOutcome = { ok: true; tier: Tier; subscriptionId: string } | { ok: false; message: string };

class GrantRefused extends Error {}

/** One month on (the pledge is monthly), the last day of a shorter month when the day does not exist. */
export function monthAfter(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCMonth(next.getUTCMonth() + 1);
  if (next.getUTCDate() !== day) next.setUTCDate(0);
  return next;
}

async function planOfTier(tx: Queryable, applicationId: string, tierId: string) {
  const { rows } = await tx.query<{ plan_id: string }>(
    `select plan_id from billing_supporter_tiers where application_id = $1 and platform = $2 and tier_id = $3`,
    [applicationId, SUBSCRIBESTAR, tierId],
  );
  return rows[0] ? findPlan(tx, applicationId, rows[0].plan_id) : null;
}

/**
 * Links the SubscribeStar account to the member and grants the pledge's tier, in one transaction: a subscription of
 * provider 'subscribestar' for a month from now (a relink extends it and follows the tier), the member's tier and
 * profile summary, the ledger. Refused (nothing written): a tier that maps to no plan, an account linked to another
 * member, a live subscription paid another way. (Ours until billing has one shared subscription-activation function.)
 */
export async function linkAndGrant(db: Database, pledge: PledgeToGrant, now: Date): Promise<GrantOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const plan = await planOfTier(tx, pledge.applicationId, pledge.tierId);
      if (!plan) throw new GrantRefused('This SubscribeStar tier does not include a plan here.');
      const owner = await tx.query<{ user_id: string }>(
        `select user_id::text as user_id from billing_supporter_links where application_id = $1 and platform = $2 and external_user_id = $3 for update`,
        [pledge.applicationId, SUBSCRIBESTAR, pledge.externalUserId],
      );
      if (owner.rows[0] && owner.rows[0].user_id !== pledge.userId) throw new GrantRefused('This SubscribeStar account is already linked to another account.');

      const live = await tx.query<{ id: string; provider: string; plan_id: string; status: string; current_period_end: Date }>(
        `select id::text as id, provider, plan_id, status, current_period_end from subscriptions
          where user_id = $1 and application_id = $2 and status <> 'expired' for update`,
        [pledge.userId, pledge.applicationId],
      );
      const current = live.rows[0];
      if (current && current.provider !== SUBSCRIBESTAR) throw new GrantRefused('You already have an active subscription');
      const periodEnd = monthAfter(now);
      let subscriptionId: string;
      if (current) {
        subscriptionId = current.id;
        await tx.query(
          `update subscriptions set plan_id = $2, next_plan_id = null, status = 'active', cancel_at_period_end = false,
                  current_period_end = greatest(current_period_end, $3), provider_customer_id = $4, provider_subscription_id = $5,
                  revision = revision + 1, updated_at = $6
            where id = $1`,
          [current.id, plan.plan_id, periodEnd, pledge.externalUserId, pledge.pledgeId, now],
        );
      } else {
        subscriptionId = randomUUID();
        await tx.query(
          `insert into subscriptions (id, user_id, application_id, plan_id, status, current_period_start, current_period_end, provider,
                                      provider_customer_id, provider_subscription_id, created_at, updated_at)
           values ($1, $2, $3, $4, 'active', $5, $6, $7, $8, $9, $5, $5)`,
          [subscriptionId, pledge.userId, pledge.applicationId, plan.plan_id, now, periodEnd, SUBSCRIBESTAR, pledge.externalUserId, pledge.pledgeId],
        );
      }

      await tx.query(
        `delete from billing_supporter_links where user_id = $1 and application_id = $2 and platform = $3 and external_user_id <> $4`,
        [pledge.userId, pledge.applicationId, SUBSCRIBESTAR, pledge.externalUserId],
      );
      const linked = await tx.query(
        `insert into billing_supporter_links (application_id, platform, external_user_id, user_id, tier_id, plan_id, subscription_id, linked_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $8)
         on conflict (application_id, platform, external_user_id) do update
           set tier_id = excluded.tier_id, plan_id = excluded.plan_id, subscription_id = excluded.subscription_id, updated_at = excluded.updated_at
           where billing_supporter_links.user_id = excluded.user_id
         returning user_id`,
        [pledge.applicationId, SUBSCRIBESTAR, pledge.externalUserId, pledge.userId, pledge.tierId, plan.plan_id, subscriptionId, now],
      );
      if (linked.rows.length === 0) throw new GrantRefused('This SubscribeStar account is already linked to another account.');

      const tier = TIER_OF_ROLE[plan.role];
      const summary: ProfileSubscription = { platform: SUBSCRIBESTAR, status: 'active', role: plan.role, billing_cycle: plan.period, start_date: now.toISOString() };
      await tx.query('update users set tier = $2, subscription = $3, updated_at = $4 where id = $1', [pledge.userId, tier, JSON.stringify(summary), now]);
      await appendLedger(
        tx,
        {
          application_id: pledge.applicationId,
          user_id: pledge.userId,
          subscription_id: subscriptionId,
          actor: 'provider',
          actor_id: SUBSCRIBESTAR,
          action: current ? 'subscription.supporter_relinked' : 'subscription.created',
          from_state: current ? `${current.status}:${current.plan_id}` : null,
          to_state: `active:${plan.plan_id}`,
          details: { platform: SUBSCRIBESTAR, external_user_id: pledge.externalUserId, tier_id: pledge.tierId, pledge_id: pledge.pledgeId },
        },
        now,
      );
      return { ok: true as const, tier, subscriptionId };
    });
  } catch (error) {
    if (error instanceof GrantRefused) return { ok: false, message: error.message };
    // two requests at once: the one live subscription per member, or the account's link, was taken meanwhile
    if ((error as { code?: string }).code === '23505') return { ok: false, message: 'You already have an active subscription' };
    throw error;
  }
}
