import { TIER_OF_ROLE, type ProfileSubscription, type SubscriptionRole, type SubscriptionStatus } from '@fable/contracts';
import type { Queryable } from '../../../infra/db/database';

/** A paid plan's role (billing_plans.role). */
export type PaidRole = Exclude<SubscriptionRole, 'free_tier'>;

export interface MemberRoleInput {
  userId: string;
  /** The subscription's status: live (active, cancelled until its end, grace) keeps the plan's tier; expired is free. */
  status: SubscriptionStatus;
  role: PaidRole;
  billingCycle: 'monthly' | 'annual';
  /** When the subscription started (the profile's start_date). */
  startedAt: Date;
}

/**
 * The member's role follows their web subscription at once (issue 15; document 2 §9: the client force-refreshes its
 * token, which only re-reads this): users.tier is the plan's tier while the subscription is live and 'free' once it
 * has expired; users.subscription is the profile's summary (platform sticky). Requests read the tier from the
 * database, so the next call already has the new permissions; leaderboard prizes (tier_grants) keep raising the
 * effective tier on their own. Call it in the transaction of the subscription's change.
 */
export async function setMemberRole(tx: Queryable, input: MemberRoleInput, now: Date): Promise<{ fromTier: string; toTier: string }> {
  const expired = input.status === 'expired';
  const tier = expired ? 'free' : TIER_OF_ROLE[input.role];
  const summary: ProfileSubscription = {
    platform: 'sticky',
    status: input.status,
    role: expired ? 'free_tier' : input.role,
    billing_cycle: input.billingCycle,
    start_date: input.startedAt.toISOString(),
  };
  const { rows } = await tx.query<{ from_tier: string }>(
    `update users u set tier = $2, subscription = $3, updated_at = $4 from (select id, tier as from_tier from users where id = $1 for update) old
      where u.id = old.id returning old.from_tier`,
    [input.userId, tier, JSON.stringify(summary), now],
  );
  return { fromTier: rows[0]?.from_tier ?? 'free', toTier: tier };
}
