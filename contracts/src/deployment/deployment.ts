import { z } from 'zod';
import { RemoteNameSchema } from '../remotes/remoteContract';

const httpUrl = z.string().regex(/^(https?:\/\/|\/|mailto:)/, 'must be an http(s) or mailto URL, or an absolute path');

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

/** What partner mode hides (document 1 §1). */
export const PARTNER_HIDDEN_FEATURES = [
  'waiting_queue',
  'banners',
  'nsfw_toggle',
  'report',
  'token_counts',
  'share',
  'footer_items',
  'side_navigation',
] as const;
export const PartnerHiddenFeatureSchema = z.enum(PARTNER_HIDDEN_FEATURES);
export type PartnerHiddenFeature = z.infer<typeof PartnerHiddenFeatureSchema>;

export const BrandSchema = z.object({
  name: z.string().min(1),
  logoUrl: httpUrl,
  logoDarkUrl: httpUrl.optional(),
  colors: z.object({
    primary: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    accent: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  }),
  footer: z.object({
    /** Owner addresses shown in the main footer. */
    addresses: z.array(z.string()).default([]),
    /** Partner footer's custom bottom line, plain text. */
    bottomLine: z.string().optional(),
  }),
  links: z.object({
    support: httpUrl,
    terms: httpUrl,
    privacy: httpUrl,
    refund: httpUrl,
    affiliates: httpUrl.optional(),
    discord: httpUrl.optional(),
    x: httpUrl.optional(),
    reddit: httpUrl.optional(),
  }),
});
export type Brand = z.infer<typeof BrandSchema>;

export const RemoteEntrySchema = z.object({
  /** Where the remote's mf-manifest.json is published (a versioned path). */
  entry: z.string().url().or(z.string().regex(/^\//)),
  enabled: z.boolean().default(true),
});

export const DeploymentSchema = z.object({
  /** The deployment's file name under deploy/deployments, without .json. */
  id: z.string().regex(/^[a-z0-9-]+$/),
  applicationId: z.string().min(1),
  /** main: the main brand (leaderboard, supporter links, full footer); sister: another brand; partner: white-label. */
  kind: z.enum(['main', 'sister', 'partner']),
  brand: BrandSchema,
  hostnames: z.array(z.string().min(1)).min(1),
  partner: z.object({
    enabled: z.boolean(),
    hiddenFeatures: z.array(PartnerHiddenFeatureSchema).default([]),
    logoutDomain: z.string().optional(),
  }),
  flags: z.partialRecord(FeatureFlagSchema, z.boolean()).default({}),
  remotes: z.partialRecord(RemoteNameSchema, RemoteEntrySchema),
});
export type Deployment = z.infer<typeof DeploymentSchema>;
export type DeploymentInput = z.input<typeof DeploymentSchema>;

/** The remotes a deployment enables. */
export function enabledRemotes(deployment: Deployment): z.infer<typeof RemoteNameSchema>[] {
  return RemoteNameSchema.options.filter((name) => deployment.remotes[name]?.enabled === true);
}

/** Whether partner mode hides a feature. */
export function isHiddenByPartner(deployment: Deployment, feature: PartnerHiddenFeature): boolean {
  return deployment.partner.enabled && deployment.partner.hiddenFeatures.includes(feature);
}
