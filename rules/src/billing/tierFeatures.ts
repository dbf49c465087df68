/** The paid tiers, lowest first. */
export type PaidTier = 'minimal' | 'basic' | 'premium';

/**
 * What each paid tier adds (document 2 §1); each higher tier includes the lower tiers' features. The API's plans
 * carry the same lists (billing_plans.features, seeded by api/src/infra/db/migrations/016_billing.sql; the mock API's
 * catalog test holds them equal); the mock API's catalog and the subscribe, comparison and crypto pages read them here.
 */
export const TIER_FEATURES: Readonly<Record<PaidTier, readonly string[]>> = {
  minimal: ['skip the waiting line', 'memory manager'],
  basic: ['4K context', 'semantic memory 2.0', 'longer responses', 'conversation images', 'access to 45B models'],
  premium: ['a priority generation queue', 'a 70b model (beta)', 'an 8K context model (beta)', 'conversation images on private bots'],
};
