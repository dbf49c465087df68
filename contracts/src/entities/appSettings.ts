import { z } from 'zod';
import { InferenceModelSchema } from './inference';
import { NegativeKeywordSchema, TagOptionSchema } from './tag';

/** An application's id (the main brand, the sister brand, each partner): what X-Application-Id and every call carry. */
export const APPLICATION_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const APPLICATION_ID_RULE = 'must be 1-64 lower-case letters, digits, "-" or "_"';
export const ApplicationIdSchema = z.string().regex(APPLICATION_ID_PATTERN, APPLICATION_ID_RULE);

/**
 * Branding of the app settings (document 1 §3). logos: keyed by variant (the API serves light, dark and icon).
 * footerBottomLineHtml is trusted HTML from the operator, not user text; null for our own brands.
 * ownerAddresses: the operator's postal addresses shown in the footer (ours; may be empty).
 */
export const AppBrandingSchema = z.object({
  logos: z.record(z.string(), z.string()).default({}),
  supportUrl: z.string().optional(),
  privacyUrl: z.string().optional(),
  refundUrl: z.string().optional(),
  termsUrl: z.string().optional(),
  displayName: z.string().min(1),
  footerBottomLineHtml: z.string().nullish(),
  ownerAddresses: z.array(z.string()).default([]),
});
export type AppBranding = z.infer<typeof AppBrandingSchema>;

/**
 * The header's upgrade pill: custom label, icon and link (document 1 §3 "navHeaderButton (label, icon, link)"). The link
 * travels as `to`: an in-app path, or an https URL that opens a new tab (document 1 §2). icon null means none.
 */
export const NavHeaderButtonSchema = z.object({
  label: z.string().min(1),
  to: z.string().min(1),
  icon: z.string().nullish(),
});
export type NavHeaderButton = z.infer<typeof NavHeaderButtonSchema>;

/** A footer link: an in-app path, an https URL or a mailto: link (ours: the spec lists the links, not their shape). */
export const FooterLinkSchema = z.object({ label: z.string().min(1), to: z.string().min(1) });
export type FooterLink = z.infer<typeof FooterLinkSchema>;

/** What kind of site the application is: our main brand, the sister brand, or a white-label partner. */
export const APPLICATION_KINDS = ['main', 'sister', 'partner'] as const;
export const ApplicationKindSchema = z.enum(APPLICATION_KINDS);
export type ApplicationKind = z.infer<typeof ApplicationKindSchema>;

/** App settings as read by the client (document 1 §3 "App settings read"; GET /api/app-settings). */
export const AppSettingsSchema = z.object({
  /** The application these settings belong to (X-Application-Id, default the main brand). */
  applicationId: z.string().optional(),
  kind: ApplicationKindSchema.optional(),
  branding: AppBrandingSchema,
  searchService: z.object({ publicKey: z.string(), collectionName: z.string() }).optional(),
  recommender: z.object({ homepageScenarioName: z.string() }).optional(),
  tagOptions: z.array(TagOptionSchema).default([]),
  negativeKeywords: z.array(NegativeKeywordSchema).default([]),
  inferenceModels: z.array(InferenceModelSchema).default([]),
  /** Growth-flag config; its shape is not shown (the API serves the feature flags of document 1 §6 as booleans). */
  growthFlags: z.record(z.string(), z.union([z.boolean(), z.string(), z.number()])).default({}),
  /** Partner mode: where logout may go; null or absent stays on the site. */
  logoutDomain: z.string().nullish(),
  navHeaderButton: NavHeaderButtonSchema.nullish(),
  notification: z.object({ salesBannerDisabled: z.boolean().default(false) }).default({ salesBannerDisabled: false }),
  footerLinks: z.array(FooterLinkSchema).default([]),
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;
