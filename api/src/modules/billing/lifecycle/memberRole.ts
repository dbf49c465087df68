import { TIER_OF_ROLE, type ProfileSubscription, type SubscriptionRole } from '@fable/contracts';
import type { Queryable } from '../../../infra/db/database';
import type { SubscriptionRow } from './subscriptionStore';

/**
 * The member's role follows their web subscription at once (issue 15; document 2 §9's token refresh then only
 * re-reads it): users.tier is the plan's tier while the subscription is live (active, cancelled until its end,
 * grace) and free once it has expired; users.subscription is the profile's summary (platform sticky). Requests read
 * the tier from the database, so the next call already has the new permissions. Leaderboard prizes held as
 * tier_grants keep raising the effective tier on their own.
 *
 * Written in the transaction of the subscription's change. (Ours until a shared subscription-activation helper
 * exists; then one of the two goes.)
 */
export async function applyMemberRole(tx: Queryable, sub: SubscriptionRow, planRole: Exclude<SubscriptionRole, 'free_tier'>, billingCycle: 'monthly' | 'annual', now: Date): Promise<void> {
  const tier = sub.status === 'expired' ? 'free' : TIER_OF_ROLE[planRole];
  const summary: ProfileSubscription = {
    platform: 'sticky',
    status: sub.status,
    role: sub.status === 'expired' ? 'free_tier' : planRole,
    billing_cycle: billingCycle,
    start_date: sub.created_at.toISOString(),
  };
  await tx.query('update users set tier = $2, subscription = $3, updated_at = $4 where id = $1', [sub.user_id, tier, JSON.stringify(summary), now]);
}
