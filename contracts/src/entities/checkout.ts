import { z } from 'zod';
import { TierSchema } from '../permissions/permissions';
import { CHECKOUT_LIMITS as L, CHECKOUT_MESSAGES as M, isValidPostalCode, postalCodeLabel } from '../limits/billingLimits';
import { CountryCodeSchema, CurrencySchema, IdSchema } from './common';
import { BillingPeriodSchema, CardSummarySchema, SubscriptionRoleSchema } from './subscription';

/** Payment method values (document 2 §3 "Payment method values"). The default is the first of the list, card by default. */
export const PAYMENT_METHODS = [
  'antrpay',
  'card',
  'coinpayments',
  'directa24',
  'inwizo_ecom',
  'inwizo_sbp',
  'inwizo_tpay',
  'luxfin',
  'payok',
  'payport',
  'ug_alipay',
  'ug_kakao',
  'ug_upi',
  'volt',
  'fpay_alipay',
  'fpay_wechat',
  'overpay',
  'payssion',
  /** The hosted checkout page of a subscription billing provider (document 2 §7: item price, quantity 1, email, user id, coupon). */
  'hosted_checkout',
] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'card';

/** payssion options by country (document 2 §3): gcash and paymaya for PH; card, sbp, tbank, yoomoney, sberpay for RU. */
export const PAYSSION_OPTIONS_BY_COUNTRY = {
  PH: ['gcash', 'paymaya'],
  RU: ['card', 'sbp', 'tbank', 'yoomoney', 'sberpay'],
} as const;

/** Alternative providers for POST checkout/{provider}_new_payment (document 2 §7). */
export const PAYMENT_PROVIDERS = [
  'volt',
  'payport',
  'antrpay',
  'directa24',
  'luxfin',
  'payok',
  'inwizo',
  'upgate',
  'coinpayments',
  'overpay',
  'fpay',
  'payssion',
] as const;
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProvider = z.infer<typeof PaymentProviderSchema>;

/** Each provider's payment options (document 2 §7); "russian card" is written russian_card. */
export const PAYMENT_PROVIDER_OPTIONS: Readonly<Record<PaymentProvider, readonly string[]>> = {
  volt: [],
  payport: [],
  antrpay: [],
  directa24: [],
  luxfin: [],
  payok: [],
  inwizo: ['ecom', 'tpay', 'sbp'],
  upgate: ['alipay', 'kakao', 'upi'],
  coinpayments: [],
  overpay: [],
  fpay: ['alipay', 'wechat'],
  payssion: ['gcash', 'paymaya', 'russian_card', 'sbp', 'tbank', 'yoomoney', 'sberpay'],
};

/** Card brands with icons (document 2 §3: "visa, discover, master, mir, alipay and others"); others fall back. */
export const CARD_BRANDS = ['visa', 'discover', 'master', 'mir', 'alipay'] as const;

/** A plan of the purchase options: role, period, plan_id, currency, features, price and tier. */
export const PurchasePlanSchema = z.object({
  role: SubscriptionRoleSchema,
  tier: TierSchema,
  period: BillingPeriodSchema,
  plan_id: IdSchema,
  /** The plan's name (the tier's marketing name unless the application names it otherwise). */
  name: z.string().optional(),
  currency: CurrencySchema.default('USD'),
  features: z.array(z.string()).default([]),
  price: z.number().nonnegative(),
});
export type PurchasePlan = z.infer<typeof PurchasePlanSchema>;

/** GET subscriptions/purchase_options (document 2 §3 "Purchase options"). */
export const PurchaseOptionsSchema = z.object({
  default_plan_id: IdSchema,
  payment_methods: z.array(PaymentMethodSchema).min(1),
  annual_tagline: z.string().optional(),
  plans: z.object({
    monthly: z.array(PurchasePlanSchema),
    annual: z.array(PurchasePlanSchema),
  }),
});
export type PurchaseOptions = z.infer<typeof PurchaseOptionsSchema>;

/** Personal data and card on file returned by the price calculation. */
export const OnFileSchema = z.object({
  first_name: z.string().max(L.firstNameMax),
  last_name: z.string().max(L.lastNameMax),
  country: CountryCodeSchema,
  state: z.string().optional(),
  postal_code: z.string().max(L.postalCodeMax),
  order_id: IdSchema.optional(),
  credit_card: CardSummarySchema.extend({ exp: z.string() }).optional(),
});
export type OnFile = z.infer<typeof OnFileSchema>;

/**
 * Price calculation result (document 2 §3). discounts: the spec does not give its shape; ours is the total discount
 * as a positive amount, shown negative.
 */
export const PriceCalculationSchema = z.object({
  line_items: z.array(z.object({ name: z.string(), total: z.number() })),
  subtotal: z.number(),
  total: z.number(),
  tax: z.number().nonnegative(),
  currency: CurrencySchema.default('USD'),
  discounts: z.number().nonnegative().default(0),
  on_file: OnFileSchema.nullish(),
});
export type PriceCalculation = z.infer<typeof PriceCalculationSchema>;

/** The resp_msg that means success; any other non-empty value is a 3-D Secure redirect. */
export const PAYMENT_APPROVED = 'Approved';

/** Purchase/payment response (document 2 §3). */
export const PaymentResponseSchema = z.object({
  error_message: z.string().nullish(),
  resp_msg: z.string().nullish(),
  iframe_3ds_url: z.string().nullish(),
  url: z.string().nullish(),
  order_id: IdSchema.nullish(),
  orderTotal: z.number().nullish(),
  currency: CurrencySchema.nullish(),
});
export type PaymentResponse = z.infer<typeof PaymentResponseSchema>;

/** Country entry (document 2 §3). */
export const CountrySchema = z.object({ id: IdSchema, iso2: CountryCodeSchema, name: z.string() });
export type Country = z.infer<typeof CountrySchema>;

/** State entry (document 2 §3). */
export const CountryStateSchema = z.object({ id: IdSchema, name: z.string(), state_code: z.string() });
export type CountryState = z.infer<typeof CountryStateSchema>;

const requiredName = (max: number) => z.string({ error: M.required }).trim().min(1, { error: M.required }).max(max);

/**
 * Checkout personal info (document 2 §3 "Personal info", §5): email (max 320), first_name and last_name (max 30,
 * non-blank), country (iso2), state (state_code; may be empty when stateOptional), postal_code (max 16, valid for
 * the country; 'Invalid Zip' or 'Invalid Postal Code' by country label).
 */
export const PersonalInfoSchema = z
  .object({
    email: z.email({ error: M.invalidEmail }).max(L.emailMax, { error: M.invalidEmail }),
    first_name: requiredName(L.firstNameMax),
    last_name: requiredName(L.lastNameMax),
    country: CountryCodeSchema,
    state: z.string().default(''),
    postal_code: z.string().trim().max(L.postalCodeMax),
    stateOptional: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (!v.stateOptional && v.state.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['state'], message: M.required });
    }
    if (!isValidPostalCode(v.country, v.postal_code)) {
      ctx.addIssue({
        code: 'custom',
        path: ['postal_code'],
        message: postalCodeLabel(v.country) === 'Zip' ? M.invalidZip : M.invalidPostalCode,
      });
    }
  });
export type PersonalInfo = z.output<typeof PersonalInfoSchema>;
