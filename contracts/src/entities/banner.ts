import { z } from 'zod';

/** Banner placements (document 1 §3 "Banner") and ad slots (document 1 §2). */
export const BANNER_PLACEMENTS = ['top', 'inline', 'popup'] as const;
export const BannerPlacementSchema = z.enum(BANNER_PLACEMENTS);
export type BannerPlacement = z.infer<typeof BannerPlacementSchema>;
export const AD_SLOTS = ['top', 'pop-up', 'bottom'] as const;

// BANNER_VIEWED_VISIBILITY is in limits/uiLimits.ts: the apps read it without this file's schemas.

/** A banner text (title, description). */
export const BannerTextSchema = z.object({
  label: z.string(),
  fontSize: z.union([z.string(), z.number()]).optional(),
  color: z.string().optional(),
  fontWeight: z.union([z.string(), z.number()]).optional(),
});

/** Where a banner action goes: in-app route or external URL. */
export const BannerNavigationSchema = z.object({
  type: z.enum(['internal', 'external']),
  destination: z.string().min(1),
});

/** A banner button. colors and placement shapes are not shown in the spec; ours are free-form. */
export const BannerActionSchema = z.object({
  label: z.string(),
  shape: z.enum(['square', 'pill']),
  colors: z.record(z.string(), z.string()).optional(),
  placement: z.string().optional(),
  navigation: BannerNavigationSchema,
});
export type BannerAction = z.infer<typeof BannerActionSchema>;

/**
 * A banner (document 1 §3). contentPlacement, additionalImage.placement and platforms values are not shown; they
 * are free strings. transitionTime is in milliseconds (ours).
 */
export const BannerSchema = z.object({
  name: z.string().min(1),
  placement: BannerPlacementSchema,
  backgroundImageUrl: z.string().optional(),
  backgroundColor: z.string().optional(),
  contentPlacement: z.string().optional(),
  additionalImage: z.object({ url: z.string(), placement: z.string().optional() }).optional(),
  actions: z.array(BannerActionSchema).default([]),
  title: BannerTextSchema.optional(),
  description: BannerTextSchema.optional(),
  platforms: z.array(z.string()).default([]),
  closable: z.boolean().default(false),
  transitionTime: z.number().nonnegative().optional(),
});
export type Banner = z.infer<typeof BannerSchema>;
