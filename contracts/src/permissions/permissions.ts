// zod/mini: the shell reads these at boot, and the mini build tree-shakes (see docs/adr/0001).
import * as z from 'zod/mini';

/** document 1 §6 "Permissions" and "Restriction" and "Feature" permissions. */
export const PERMISSIONS = [
  'create_character',
  'delete_character',
  'report_character',
  'view_chats',
  'view_auth',
  'view_my_chat_bots',
  'view_help',
  'create_user_external',
  'site_access',
  // restrictions
  'restriction_full_time',
  'restriction_limited',
  'restriction_full',
  'limited_access',
  'temporary_shadowban',
  // features
  '3k_context',
  '4k_context',
  '8k_context',
  // "I'm All In: … 16K memory" (document 1 §1): the spec names no permission for the 16K context; ours.
  '16k_context',
  'avatar_images_v2',
  'conversation_images',
  'conversation_images_v2',
  // "Conversation images on private bots" (document 1 §1, I'm All In): the spec names no permission for it.
  'conversation_images_private_bots',
  'image_training',
  'generation_settings',
  'character_translate_public',
  'character_translate_private',
  // "text-to-speech access" (document 1 §6 Voice): the spec names no permission for it; every paid tier holds it.
  'text_to_speech',
  'memory_manager',
  'conversation_memory_auto',
  'skip_waiting_room',
  'display_ads',
  'admin',
] as const;
export const PermissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof PermissionSchema>;

/** Permissions hidden from the "Your Benefits" list. */
export const BENEFIT_EXCLUDED_PERMISSIONS: readonly Permission[] = ['site_access'];

export const ROLES = ['free_tier', 'paid_minimal', 'paid_basic', 'paid_premium', 'beta_user', 'employee'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const TIERS = ['free', 'minimal', 'basic', 'premium'] as const;
export const TierSchema = z.enum(TIERS);
export type Tier = z.infer<typeof TierSchema>;

export const SUBSCRIPTION_ROLES = ['free_tier', 'paid_minimal', 'paid_basic', 'paid_premium'] as const;
export type SubscriptionRole = (typeof SUBSCRIPTION_ROLES)[number];

/** document 2 §1: role, tier and marketing name. */
export const TIER_OF_ROLE: Record<SubscriptionRole, Tier> = {
  free_tier: 'free',
  paid_minimal: 'minimal',
  paid_basic: 'basic',
  paid_premium: 'premium',
};
export const ROLE_OF_TIER: Record<Tier, SubscriptionRole> = {
  free: 'free_tier',
  minimal: 'paid_minimal',
  basic: 'paid_basic',
  premium: 'paid_premium',
};
export const TIER_MARKETING_NAME: Record<Tier, string | null> = {
  free: null,
  minimal: 'Get a Taste',
  basic: 'True Supporter',
  premium: "I'm All In",
};
export const TIER_RANK: Record<Tier, number> = { free: 0, minimal: 1, basic: 2, premium: 3 };

const MEMBER_BASE: readonly Permission[] = [
  'site_access',
  'create_character',
  'delete_character',
  'report_character',
  'view_chats',
  'view_auth',
  'view_my_chat_bots',
  'view_help',
];

/**
 * Feature permissions each tier adds (each higher tier includes the lower ones; document 2 §1, document 1 §1).
 * Free members get 4K context ("Free features: … 4K context").
 */
const TIER_FEATURES: Record<Tier, readonly Permission[]> = {
  free: ['3k_context', '4k_context', 'display_ads'],
  minimal: ['skip_waiting_room', 'memory_manager', 'text_to_speech'],
  basic: ['8k_context', 'conversation_memory_auto', 'conversation_images', 'generation_settings', 'character_translate_public'],
  premium: ['16k_context', 'conversation_images_v2', 'conversation_images_private_bots', 'avatar_images_v2', 'image_training', 'character_translate_private'],
};

/** Permissions of a guest (no account): browse, chat, report. */
export const GUEST_PERMISSIONS: readonly Permission[] = ['site_access', 'report_character', 'view_help', 'view_chats'];

/** Permissions a member holds from their tier and extra roles. */
export function permissionsFor(tier: Tier, roles: readonly Role[] = []): Permission[] {
  const set = new Set<Permission>(MEMBER_BASE);
  for (const t of TIERS) {
    if (TIER_RANK[t] > TIER_RANK[tier]) break;
    for (const p of TIER_FEATURES[t]) set.add(p);
  }
  // Paying members see no ads.
  if (tier !== 'free') set.delete('display_ads');
  if (roles.includes('employee')) set.add('admin');
  return PERMISSIONS.filter((p) => set.has(p));
}

/** Context memory sizes (document 1 §6 "Context memory"). */
export const CONTEXT_SIZES = { default: 2048, '3k': 3072, '4k': 4096, '8k': 8192, '16k': 16384 } as const;

/**
 * Context tokens a user gets (document 1 §6 "Context memory"): 2048 by default, 3072 with 3k, 4096 with 4k, 8192
 * with 8k on an 8K model, 16384 on a 16K model with 16k_context (I'm All In's 16K memory, document 1 §1), never more
 * than the model holds. Every model obeys it alike, the member's own key too.
 */
export function contextSizeFor(permissions: readonly Permission[], modelContextTokens: number): number {
  let size: number = CONTEXT_SIZES.default;
  if (permissions.includes('3k_context')) size = CONTEXT_SIZES['3k'];
  if (permissions.includes('4k_context')) size = CONTEXT_SIZES['4k'];
  if (permissions.includes('8k_context') && modelContextTokens >= CONTEXT_SIZES['8k']) size = CONTEXT_SIZES['8k'];
  if (permissions.includes('16k_context') && modelContextTokens >= CONTEXT_SIZES['16k']) size = CONTEXT_SIZES['16k'];
  return Math.min(size, modelContextTokens);
}

const contextOfEachTier = (): Readonly<Record<Tier, number>> =>
  Object.fromEntries(TIERS.map((tier) => [tier, contextSizeFor(permissionsFor(tier), CONTEXT_SIZES['16k'])])) as Record<Tier, number>;
/**
 * The context each tier gets on the largest model: the one list of context per tier (document 1 §1: free 4K, True
 * Supporter 8K, I'm All In 16K; document 2 §1 differs and is not followed). The permissions above are its source;
 * the subscribe page, the plan comparison and the API's plans read it here. Pure: a first screen that never reads it
 * does not compute (or carry) it.
 */
export const TIER_CONTEXT_TOKENS: Readonly<Record<Tier, number>> = /* @__PURE__ */ contextOfEachTier();

/**
 * A context size as the plans list it, in document 1 §1's words: the free tier's "4K context" ("Free features: …"),
 * a paid tier's "8K memory" / "16K memory" ("Paid-tier perks: … also 8K memory").
 */
export const contextFeature = (tokens: number, tier: Tier): string => `${Math.round(tokens / 1024)}K ${tier === 'free' ? 'context' : 'memory'}`;
