import { z } from 'zod';
import { InferenceModelSchema } from './inference';
import { NegativeKeywordSchema, TagOptionSchema } from './tag';

/**
 * Branding of the app settings (document 1 §3). logos: keyed by variant (e.g. light, dark); the key names are not
 * shown. footerBottomLineHtml is trusted HTML from the operator, not user text.
 */
export const AppBrandingSchema = z.object({
  logos: z.record(z.string(), z.string()).default({}),
  supportUrl: z.string().optional(),
  privacyUrl: z.string().optional(),
  refundUrl: z.string().optional(),
  termsUrl: z.string().optional(),
  displayName: z.string().min(1),
  footerBottomLineHtml: z.string().optional(),
});
export type AppBranding = z.infer<typeof AppBrandingSchema>;

/** The header's upgrade pill: custom label, icon and link; https links open a new tab (document 1 §2). */
export const NavHeaderButtonSchema = z.object({
  label: z.string(),
  icon: z.string().optional(),
  link: z.string(),
});
export type NavHeaderButton = z.infer<typeof NavHeaderButtonSchema>;

/** App settings as read by the client (document 1 §3 "App settings read"). */
export const AppSettingsSchema = z.object({
  branding: AppBrandingSchema,
  searchService: z.object({ publicKey: z.string(), collectionName: z.string() }).optional(),
  recommender: z.object({ homepageScenarioName: z.string() }).optional(),
  tagOptions: z.array(TagOptionSchema).default([]),
  negativeKeywords: z.array(NegativeKeywordSchema).default([]),
  inferenceModels: z.array(InferenceModelSchema).default([]),
  /** Growth-flag config; its shape is not shown. */
  growthFlags: z.record(z.string(), z.union([z.boolean(), z.string(), z.number()])).default({}),
  logoutDomain: z.string().optional(),
  navHeaderButton: NavHeaderButtonSchema.optional(),
  notification: z.object({ salesBannerDisabled: z.boolean().default(false) }).default({ salesBannerDisabled: false }),
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;
