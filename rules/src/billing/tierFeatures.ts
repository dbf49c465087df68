/** The paid tiers, lowest first. */
export type PaidTier = 'minimal' | 'basic' | 'premium';

/**
 * What each paid tier adds (document 2 §1) besides its context; each higher tier includes the lower tiers' features.
 * The context each tier gets has one list, @fable/contracts' TIER_CONTEXT_TOKENS (document 1 §1: free 4K, True
 * Supporter 8K, I'm All In 16K, from the permissions): the pages add its line (mf-billing's plans.ts), so neither this
 * list nor the API's plans name a context. The API's plans carry the same lists (billing_plans.features, seeded by
 * migrations 016 and 040; the mock API's catalog test holds them equal); the mock API's catalog and the subscribe,
 * comparison and crypto pages read them here.
 */
export const TIER_FEATURES: Readonly<Record<PaidTier, readonly string[]>> = {
  minimal: ['skip the waiting line', 'memory manager'],
  basic: ['semantic memory 2.0', 'longer responses', 'conversation images', 'access to 45B models'],
  premium: ['a priority generation queue', 'a 70b model (beta)', 'conversation images on private bots'],
};
