import { AppSettingsSchema, PERMISSIONS, type AppSettings, type FeatureFlag } from '@fable/contracts';
import { z } from 'zod';

/**
 * The settings as stored per application (app_settings.settings), checked on read. `GET /api/app-settings`
 * answers them in the shape of the contracts' AppSettingsSchema (see toAppSettings).
 */

/** A link: an in-app path ("/terms") or an absolute https URL, which the web app opens in a new tab. */
const linkTarget = z.string().regex(/^(\/|https:\/\/|mailto:)/, 'must be a path, an https URL or a mailto: link');

export const applicationKindSchema = z.enum(['main', 'sister', 'partner']);

export const brandingSchema = z.object({
  displayName: z.string().min(1),
  logos: z.object({ light: z.string(), dark: z.string(), icon: z.string() }),
  ownerAddresses: z.array(z.string()),
  supportUrl: linkTarget,
  privacyUrl: linkTarget,
  refundUrl: linkTarget,
  termsUrl: linkTarget,
  /** Partner footers end with a custom line; null for our own brands. */
  footerBottomLineHtml: z.string().nullable(),
});

/** Config for a hosted search client; Fable's own search API needs no key, so publicKey may be empty. */
export const searchConfigSchema = z.object({ publicKey: z.string(), collectionName: z.string().min(1) });

export const recommenderConfigSchema = z.object({ homepageScenarioName: z.string().min(1) });

export const negativeKeywordSchema = z.object({
  keyword: z.string().min(1),
  /** What the search box suggests instead when the keyword is typed. */
  alternatives: z.array(z.string().min(1)),
});

export const inferenceModelSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  size: z.string(),
  /** Context size as shown, e.g. "4K", "8K", "16K". */
  tokens: z.string(),
  description: z.string(),
  tag: z.string(),
  level: z.number().int().min(0),
  /** Permission needed to pick the model (document 1 §6), or null for everyone. */
  permission: z.enum(PERMISSIONS).nullable(),
  hide_unauthorized: z.boolean(),
});

/** The feature flags of document 1 §6. */
export const growthFlagsSchema = z.object({
  onboardingV2: z.boolean(),
  lorebook: z.boolean(),
  groupchat: z.boolean(),
  languageFilter: z.boolean(),
  interestModal: z.boolean(),
  listingV2: z.boolean(),
  valentinePromo: z.boolean(),
  createV2: z.boolean(),
  anonymousCreate: z.boolean(),
  myChatsV2: z.boolean(),
  profileV2: z.boolean(),
  myChatbotsV2: z.boolean(),
  personaV2: z.boolean(),
});

type GrowthFlags = z.infer<typeof growthFlagsSchema>;

/** Each stored growth flag by the name the web app reads (contracts' FEATURE_FLAGS). */
const SERVED_FLAG_NAMES: Record<keyof GrowthFlags, FeatureFlag> = {
  onboardingV2: 'onboarding_v2',
  lorebook: 'lorebook',
  groupchat: 'groupchat',
  languageFilter: 'language_filter',
  interestModal: 'first_time_interest_modal',
  listingV2: 'listing_v2',
  valentinePromo: 'valentine_promo',
  createV2: 'create_v2',
  anonymousCreate: 'anonymous_create',
  myChatsV2: 'my_chats_v2',
  profileV2: 'profile_v2',
  myChatbotsV2: 'my_chatbots_v2',
  personaV2: 'persona_v2',
};

/** The stored flag of each served name (the flags an application's settings can switch). */
export const STORED_FLAG_OF: ReadonlyMap<FeatureFlag, keyof GrowthFlags> = new Map(
  Object.entries(SERVED_FLAG_NAMES).map(([key, name]) => [name, key as keyof GrowthFlags]),
);

/** The application's flags as served: `{ onboarding_v2: true, … }`, every flag named. */
export function servedFlags(stored: GrowthFlags): Partial<Record<FeatureFlag, boolean>> {
  return Object.fromEntries(Object.entries(SERVED_FLAG_NAMES).map(([key, name]) => [name, stored[key as keyof GrowthFlags]]));
}

export const navHeaderButtonSchema = z.object({
  label: z.string().min(1),
  icon: z.string().nullable(),
  to: linkTarget,
});

export const footerLinkSchema = z.object({ label: z.string().min(1), to: linkTarget });

/** The settings stored per application in app_settings.settings. */
export const storedAppSettingsSchema = z.object({
  kind: applicationKindSchema,
  branding: brandingSchema,
  search: searchConfigSchema,
  recommender: recommenderConfigSchema,
  tagOptions: z.array(z.string().min(1)),
  negativeKeywords: z.array(negativeKeywordSchema),
  inferenceModels: z.array(inferenceModelSchema),
  growthFlags: growthFlagsSchema,
  /** Partner mode: where Sign Out sends the user; null stays on the site. */
  logoutDomain: z.string().nullable(),
  navHeaderButton: navHeaderButtonSchema,
  notification: z.object({ salesBannerDisabled: z.boolean() }),
  footerLinks: z.array(footerLinkSchema),
});

/** What GET /api/app-settings answers: the contracts' schema. */
export const appSettingsSchema = AppSettingsSchema;

export type StoredAppSettings = z.infer<typeof storedAppSettingsSchema>;
export type { AppSettings };

/**
 * Stored settings in the contracts' shape: `search` is served as searchService, tag names as { value, label }, the
 * growth flags by the web app's flag names.
 */
export function toAppSettings(applicationId: string, stored: StoredAppSettings): AppSettings {
  return {
    applicationId,
    kind: stored.kind,
    branding: stored.branding,
    searchService: stored.search,
    recommender: stored.recommender,
    tagOptions: stored.tagOptions.map((tag) => ({ value: tag, label: tag })),
    negativeKeywords: stored.negativeKeywords,
    inferenceModels: stored.inferenceModels,
    growthFlags: servedFlags(stored.growthFlags),
    logoutDomain: stored.logoutDomain,
    navHeaderButton: stored.navHeaderButton,
    notification: stored.notification,
    footerLinks: stored.footerLinks,
  };
}
