import { z } from 'zod';
import { APPLICATION_ID_PATTERN } from '../entities/appSettings';
import { BannerPlacementSchema, BannerSchema } from '../entities/banner';
import { IdSchema, TimestampSchema } from '../entities/common';
import { HEX_COLOR, HTTPS_URL, IMAGE_SOURCE, SITE_PATH } from '../limits/bannerLinks';
import { TierSchema } from '../permissions/permissions';
import { defineCall } from './apiCall';


/**
 * Banners (document 1 §2 "Banners: top, inline and popup placements; ad slots top, pop-up, bottom", §3 "Banner", §7
 * "banner fetch/view/close/CTA", paths not shown): what a screen shows now to the caller, and the view, close and
 * call-to-action events. Admins create and schedule them, targeted by application, tier and signed-in state (ours).
 * The ad slots are the same three places: top, pop-up and bottom (our inline banners sit at the bottom of the page).
 */

/** A screen is the first segment of the path ("home" for "/"): "chats", "chat", "profile", … (the shell's bannerScreenOf). */
export const BannerScreenSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,40}$/, 'A screen is a path’s first segment: lower-case letters, digits and "-"');

export const BANNER_AUDIENCES = ['everyone', 'guests', 'members'] as const;
export const BannerAudienceSchema = z.enum(BANNER_AUDIENCES);

export const BannerTargetingSchema = z.object({
  /** Application ids; empty: every application. */
  applications: z.array(z.string().trim().regex(APPLICATION_ID_PATTERN, 'Not an application id')).max(20).default([]),
  /** Members of these tiers only (guests have none); empty: every tier. */
  tiers: z.array(TierSchema).max(4).default([]),
  signed_in: BannerAudienceSchema.default('everyone'),
  /** Screens it shows on; empty: every screen. */
  screens: z.array(BannerScreenSchema).max(20).default([]),
});
export type BannerTargeting = z.infer<typeof BannerTargetingSchema>;

/** A banner as the site shows it: the spec's fields and its id for the events. */
export const ServedBannerSchema = BannerSchema.extend({ id: IdSchema });
export type ServedBanner = z.infer<typeof ServedBannerSchema>;

export const BannersQuerySchema = z.object({ screen: BannerScreenSchema });

/** The birthday banner (document 1 §2): while a birthday sale runs and the application has not disabled sales banners. */
export const BirthdayBannerSchema = z.object({ title: z.string(), ends_at: TimestampSchema });
export type BirthdayBanner = z.infer<typeof BirthdayBannerSchema>;

export const ScreenBannersSchema = z.object({ banners: z.array(ServedBannerSchema), birthday: BirthdayBannerSchema.nullable() });
export type ScreenBanners = z.infer<typeof ScreenBannersSchema>;

export const BANNER_EVENTS = ['view', 'close', 'cta'] as const;
export const BannerEventParamsSchema = z.object({ bannerId: z.string().uuid(), event: z.enum(BANNER_EVENTS) });
export const BannerEventBodySchema = z.object({ screen: BannerScreenSchema });

// What admins type: bounded texts, colours as #rrggbb (they end up in styles), links the site can follow.
const color = z.string().trim().regex(HEX_COLOR, 'A colour is #rrggbb');
const imageUrl = z.string().trim().max(500).regex(IMAGE_SOURCE, 'An image is an https URL or a path on the site');
const text = (max: number) =>
  z.object({
    label: z.string().trim().min(1, 'Say something').max(max),
    fontSize: z.number().int().min(10).max(48).optional(),
    color: color.optional(),
    fontWeight: z.union([z.literal(400), z.literal(500), z.literal(600), z.literal(700)]).optional(),
  });
export const BannerNavigationInputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('internal'), destination: z.string().trim().max(300).regex(SITE_PATH, 'An internal link is a path such as /sale') }),
  z.object({ type: z.literal('external'), destination: z.string().trim().max(500).regex(HTTPS_URL, 'An external link is an https URL') }),
]);
export const BannerInputSchema = z.object({
  name: z.string().trim().min(3, 'Name it (3 characters at least)').max(80),
  placement: BannerPlacementSchema,
  backgroundImageUrl: imageUrl.optional(),
  backgroundColor: color.optional(),
  contentPlacement: z.enum(['left', 'center', 'right']).optional(),
  additionalImage: z.object({ url: imageUrl, placement: z.enum(['left', 'right']).optional() }).optional(),
  actions: z
    .array(
      z.object({
        label: z.string().trim().min(1).max(40),
        shape: z.enum(['square', 'pill']),
        colors: z.object({ background: color.optional(), text: color.optional() }).optional(),
        placement: z.enum(['left', 'center', 'right']).optional(),
        navigation: BannerNavigationInputSchema,
      }),
    )
    .max(2)
    .default([]),
  title: text(120).optional(),
  description: text(400).optional(),
  platforms: z.array(z.enum(['web', 'mobile'])).max(2).default([]),
  closable: z.boolean().default(true),
  transitionTime: z.number().int().min(0).max(5000).optional(),
});

export const BANNER_MESSAGES = {
  saysNothing: 'A banner needs a title, a description or an image',
  endsBeforeStart: 'It must end after it starts',
  guestsHaveNoTier: 'Guests have no tier: target members, or no tier',
  endsInThePast: 'It must end in the future',
  unknownApplication: (id: string) => `There is no application "${id}"`,
} as const;

export const BannerDraftSchema = z
  .object({
    banner: BannerInputSchema,
    starts_at: TimestampSchema,
    /** null: until ended by hand. */
    ends_at: TimestampSchema.nullable(),
    targeting: BannerTargetingSchema,
  })
  .superRefine((d, ctx) => {
    if (!d.banner.title && !d.banner.description && !d.banner.backgroundImageUrl && !d.banner.additionalImage)
      ctx.addIssue({ code: 'custom', path: ['banner', 'title'], message: BANNER_MESSAGES.saysNothing });
    if (d.ends_at !== null && Date.parse(d.ends_at) <= Date.parse(d.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: BANNER_MESSAGES.endsBeforeStart });
    if (d.targeting.signed_in === 'guests' && d.targeting.tiers.length > 0)
      ctx.addIssue({ code: 'custom', path: ['targeting', 'tiers'], message: BANNER_MESSAGES.guestsHaveNoTier });
  });
export type BannerDraft = z.input<typeof BannerDraftSchema>;

export const BANNER_STATUSES = ['scheduled', 'live', 'ended'] as const;

/** A banner as admins see it: the draft, when it was made and by whom, whether it shows now, and what people did. */
export const AdminBannerSchema = z.object({
  id: IdSchema,
  banner: BannerSchema,
  starts_at: TimestampSchema,
  ends_at: TimestampSchema.nullable(),
  targeting: BannerTargetingSchema,
  status: z.enum(BANNER_STATUSES),
  created_by: z.string().nullable(),
  created_at: TimestampSchema,
  /** When it last changed: a change sends it back, and is refused when someone changed it since (409 banner_changed). */
  updated_at: TimestampSchema,
  /** Distinct viewers a day, summed; closes and clicks likewise. */
  stats: z.object({ views: z.number().int().min(0), closes: z.number().int().min(0), clicks: z.number().int().min(0) }),
});
export type AdminBanner = z.infer<typeof AdminBannerSchema>;
export const BannerIdParamsSchema = z.object({ bannerId: z.string().uuid() });
/** A change: the draft, and the updated_at of the banner as the admin read it. */
export const BannerUpdateSchema = z.intersection(BannerDraftSchema, z.object({ updated_at: TimestampSchema }));
export type BannerUpdate = z.input<typeof BannerUpdateSchema>;

export const BANNER_ERROR_CODES = {
  NOT_FOUND: 'banner_not_found',
  ENDED: 'banner_ended',
  CHANGED: 'banner_changed',
  NOT_CLOSABLE: 'banner_not_closable',
} as const;
export const BANNER_ERRORS = {
  [BANNER_ERROR_CODES.NOT_FOUND]: { status: 404, message: 'This banner does not exist.' },
  [BANNER_ERROR_CODES.ENDED]: { status: 409, message: 'This banner has ended; make a new one.' },
  [BANNER_ERROR_CODES.CHANGED]: { status: 409, message: 'Someone changed this banner since you opened it: reload to see their change.' },
  [BANNER_ERROR_CODES.NOT_CLOSABLE]: { status: 409, message: 'This banner cannot be closed.' },
} as const;

export const bannerCalls = {
  /** What a screen shows now to the caller: its banners, top first, and the birthday banner. */
  forScreen: defineCall({ method: 'GET', path: '/banners', access: 'guest', query: BannersQuerySchema, response: ScreenBannersSchema }),
  /** A view (50 % of it visible), a close or a click on its action, of a banner shown to the caller; once a day per viewer. */
  event: defineCall({
    method: 'POST',
    path: '/banners/:bannerId/:event',
    access: 'guest',
    params: BannerEventParamsSchema,
    body: BannerEventBodySchema,
    response: z.object({ counted: z.boolean() }),
  }),
  adminList: defineCall({ method: 'GET', path: '/admin/banners', access: 'admin', response: z.object({ items: z.array(AdminBannerSchema) }) }),
  adminCreate: defineCall({ method: 'POST', path: '/admin/banners', access: 'admin', body: BannerDraftSchema, response: AdminBannerSchema, status: 201 }),
  adminUpdate: defineCall({
    method: 'PUT',
    path: '/admin/banners/:bannerId',
    access: 'admin',
    params: BannerIdParamsSchema,
    body: BannerUpdateSchema,
    response: AdminBannerSchema,
  }),
  /** Ends it now (kept, with its figures). */
  adminEnd: defineCall({ method: 'POST', path: '/admin/banners/:bannerId/end', access: 'admin', params: BannerIdParamsSchema, response: AdminBannerSchema }),
} as const;
