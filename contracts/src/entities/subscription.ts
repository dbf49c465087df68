import { z } from 'zod';
import { RoleSchema, SUBSCRIPTION_ROLES } from '../permissions/permissions';
import { CurrencySchema, IdSchema, TimestampSchema } from './common';

/** Subscription status (document 2 §4): active (default), cancelled, expired, grace (failed payment). */
export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'expired', 'grace'] as const;
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/**
 * Subscription platforms (document 1 §3, document 2 §3: "revenue cat, sticky, boosty, subscribe star; mobile-store
 * billing also exists"). The spec writes names, not values; ours are one word each. revenuecat is the mobile-store
 * (in-app purchase) billing, whose subscribers cannot manage the subscription on the web (document 2 §6).
 */
export const SUBSCRIPTION_PLATFORMS = ['revenuecat', 'sticky', 'boosty', 'subscribestar'] as const;
export const SubscriptionPlatformSchema = z.enum(SUBSCRIPTION_PLATFORMS);
export type SubscriptionPlatform = z.infer<typeof SubscriptionPlatformSchema>;

/** Platforms whose subscription can be managed in the portal (document 2 §6: "when the platform allows it"). Ours. */
export const WEB_MANAGED_SUBSCRIPTION_PLATFORMS: readonly SubscriptionPlatform[] = ['sticky'];

/** Billing period (document 2 §3 "Plan": monthly or annual). */
export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export const BillingPeriodSchema = z.enum(BILLING_PERIODS);
export type BillingPeriod = z.infer<typeof BillingPeriodSchema>;

/** A subscription role (free_tier and the three paid roles). */
export const SubscriptionRoleSchema = z.enum(SUBSCRIPTION_ROLES);

/**
 * The subscription on the user's profile. document 1 §3 lists {platform, status, billing_cycle, start_date},
 * document 2 §3 "role, status, platform": this is their union.
 */
export const ProfileSubscriptionSchema = z.object({
  platform: SubscriptionPlatformSchema,
  status: SubscriptionStatusSchema.default('active'),
  role: z.optional(RoleSchema),
  billing_cycle: BillingPeriodSchema.optional(),
  start_date: TimestampSchema.optional(),
});
export type ProfileSubscription = z.infer<typeof ProfileSubscriptionSchema>;

/** Plan (document 2 §3). A plan is annual when its plan_id contains '1y'. */
export const PlanSchema = z.object({
  plan_id: IdSchema,
  name: z.string(),
  price: z.number().nonnegative(),
  currency: CurrencySchema.default('USD'),
  period: BillingPeriodSchema,
});
export type Plan = z.infer<typeof PlanSchema>;

/** Whether a plan id names an annual plan (document 2 §3: "treated as annual when its plan_id contains '1y'"). */
export function isAnnualPlanId(planId: string): boolean {
  return planId.includes('1y');
}

/** A product of the portal subscription (current_product, next_product). */
export const SubscriptionProductSchema = z.object({
  plan_id: IdSchema,
  name: z.string(),
  role: SubscriptionRoleSchema,
  price: z.number().nonnegative(),
  currency: CurrencySchema,
});
export type SubscriptionProduct = z.infer<typeof SubscriptionProductSchema>;

/** A plan the subscriber can change to; upgrade_price above 0 means a prorated immediate charge plus taxes. */
export const AvailablePlanSchema = SubscriptionProductSchema.extend({
  billing_frequency: BillingPeriodSchema,
  upgrade_price: z.number(),
});
export type AvailablePlan = z.infer<typeof AvailablePlanSchema>;

/** A card's last four digits and brand. */
export const CardSummarySchema = z.object({
  last_4: z.string().regex(/^\d{4}$/),
  type: z.string(),
});
export type CardSummary = z.infer<typeof CardSummarySchema>;

/** The portal's 'Yearly Subscription' frequency text (document 2 §3). */
export const YEARLY_SUBSCRIPTION_FREQUENCY = 'Yearly Subscription';

/** Subscription as the portal shows it (document 2 §3 "Subscription (portal)"; GET subscriptions/sticky). */
export const PortalSubscriptionSchema = z.object({
  order_id: IdSchema,
  subscription_id: IdSchema,
  subscription_status: SubscriptionStatusSchema.default('active'),
  recur_at: TimestampSchema,
  /** 'Yearly Subscription' for annual; the monthly text is not shown. */
  frequency: z.string(),
  current_product: SubscriptionProductSchema,
  next_product: SubscriptionProductSchema,
  is_card_deleted: z.boolean(),
  credit_card: CardSummarySchema.nullish(),
  available_plans: z.array(AvailablePlanSchema),
});
export type PortalSubscription = z.infer<typeof PortalSubscriptionSchema>;

/** Portal actions (document 2 §7 "Update on subscriptions/sticky"). */
export const PORTAL_ACTIONS = ['cancel', 'uncancel', 'change_plan', 'change_card', 'charge_rebill'] as const;
export const PortalActionSchema = z.enum(PORTAL_ACTIONS);
export type PortalAction = z.infer<typeof PortalActionSchema>;

/** The portal action payload: change_plan adds plan_id, change_card adds card_token, the others nothing. */
export const PortalActionRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('cancel'), order_id: IdSchema, subscription_id: IdSchema }),
  z.object({ action: z.literal('uncancel'), order_id: IdSchema, subscription_id: IdSchema }),
  z.object({ action: z.literal('charge_rebill'), order_id: IdSchema, subscription_id: IdSchema }),
  z.object({ action: z.literal('change_plan'), order_id: IdSchema, subscription_id: IdSchema, plan_id: IdSchema }),
  z.object({ action: z.literal('change_card'), order_id: IdSchema, subscription_id: IdSchema, card_token: z.string().min(1) }),
]);
export type PortalActionRequest = z.infer<typeof PortalActionRequestSchema>;

/**
 * The portal action answer: status SUCCESS or other, message, subscription_status. Ours: change_card answers
 * REQUIRES_ACTION with iframe_3ds_url (the purchase answer's name) when the bank asks the member to authenticate the
 * new card; after the challenge's window message the same change_card again finishes it.
 */
export const PortalActionResultSchema = z.object({
  status: z.string(),
  message: z.string().optional(),
  subscription_status: SubscriptionStatusSchema.optional(),
  iframe_3ds_url: z.string().optional(),
});
export type PortalActionResult = z.infer<typeof PortalActionResultSchema>;
export const PORTAL_ACTION_SUCCESS = 'SUCCESS';
export const PORTAL_ACTION_REQUIRES_ACTION = 'REQUIRES_ACTION';

/** A feature line of a static crypto plan. */
export const CryptoPlanFeatureSchema = z.object({
  title: z.string(),
  url: z.string().optional(),
  new: z.boolean().default(false),
});

/**
 * Static crypto plan (document 2 §3): annual price with optional discounted price, payment link and discount text;
 * optional monthly price with payment link.
 */
export const CryptoPlanSchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.string(),
  features: z.array(CryptoPlanFeatureSchema),
  annual: z.object({
    price: z.number().nonnegative(),
    discounted_price: z.number().nonnegative().optional(),
    payment_link: z.url(),
    discount_text: z.string().optional(),
  }),
  monthly: z
    .object({
      price: z.number().nonnegative(),
      payment_link: z.url(),
    })
    .optional(),
});
export type CryptoPlan = z.infer<typeof CryptoPlanSchema>;

/** Supporter-platform link states (document 2 §4): invalid_pledge when the server says 'no active pledge found'. */
export const SUPPORTER_LINK_STATES = ['idle', 'linking', 'success', 'invalid_pledge', 'error'] as const;
export const SupporterLinkStateSchema = z.enum(SUPPORTER_LINK_STATES);
export type SupporterLinkState = z.infer<typeof SupporterLinkStateSchema>;

/** The server's error message that means no active pledge (document 2 §4). */
export const NO_ACTIVE_PLEDGE_SERVER_MESSAGE = 'no active pledge found';

