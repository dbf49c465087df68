// zod/mini: read at boot (docs/adr/0001).
import * as z from 'zod/mini';

/** Feature flags of document 1 §6 ("Feature flags") that a deployment can switch. */
export const FEATURE_FLAGS = [
  'onboarding_v2',
  'lorebook',
  'groupchat',
  'language_filter',
  'first_time_interest_modal',
  'listing_v2',
  'valentine_promo',
  'create_v2',
  'anonymous_create',
  'my_chats_v2',
  'profile_v2',
  'my_chatbots_v2',
  'persona_v2',
  'external_mode',
] as const;
export const FeatureFlagSchema = z.enum(FEATURE_FLAGS);
export type FeatureFlag = z.infer<typeof FeatureFlagSchema>;
