import { contextFeature, TIER_CONTEXT_TOKENS, TIER_MARKETING_NAME, TIERS, type PurchasePlan, type Tier } from '@fable/contracts';
import { discountOn, percentToBasisPoints, TIER_FEATURES as RULES_TIER_FEATURES, toMajor, toMinor } from '@fable/rules/billing';
import { checkoutLink, formatPrice as formatOfferPrice } from '@fable/shared/promotions';

/** The purchase options' plans by period (billingApi's PurchaseOptions['plans']). */
export type PlansByPeriod = { monthly: readonly PurchasePlan[]; annual: readonly PurchasePlan[] };

/**
 * Plan data of the spec, verbatim (document 2 §1 "Features by tier", §2 "Subscribe page",
 * "/plan-comparison", "/subscribe-crypto", §9 "Business constants and limits"; document 1 §1 "Free features").
 * Prices come from the purchase options (GET subscriptions/purchase_options) and are shown with two decimals
 * (document 2 §9); nothing here holds a price.
 */

export const BILLING_FREQUENCIES = ['monthly', 'annual'] as const;
export type BillingFrequency = (typeof BILLING_FREQUENCIES)[number];

export function isBillingFrequency(value: unknown): value is BillingFrequency {
  return typeof value === 'string' && (BILLING_FREQUENCIES as readonly string[]).includes(value);
}

/** /plan-comparison/:frequency: "monthly by default, or annual" (document 2 §2). */
export const DEFAULT_FREQUENCY: BillingFrequency = 'monthly';

/** The plan tabs, in the spec's order (document 2 §2 "Subscribe page"). */
export const FREQUENCY_TABS: readonly { frequency: BillingFrequency; label: string }[] = [
  { frequency: 'annual', label: 'Pay Annually' },
  { frequency: 'monthly', label: 'Pay Monthly' },
];

/** Annual discount text (document 2 §9). */
export const ANNUAL_DISCOUNT_TEXT = '2 months free / 16% Off';

export const CURRENCY = 'USD';

export type PaidTier = Exclude<Tier, 'free'>;

/** The three paid tiers, lowest first. */
export const PAID_TIERS: readonly PaidTier[] = ['minimal', 'basic', 'premium'];

/** Tier names; the free tier has no marketing name (document 2 §1), so the comparison calls it "Free". */
export const TIER_NAME: Record<Tier, string> = {
  free: 'Free',
  minimal: TIER_MARKETING_NAME.minimal ?? 'Get a Taste',
  basic: TIER_MARKETING_NAME.basic ?? 'True Supporter',
  premium: TIER_MARKETING_NAME.premium ?? "I'm All In",
};

/**
 * The context line of a tier: its context (contracts' TIER_CONTEXT_TOKENS, the one list of context per tier, from the
 * permissions: free 4K, True Supporter 8K, I'm All In 16K, document 1 §1) when it is more than the tier below gets.
 */
export function contextFeatureOf(tier: Tier): string[] {
  const below = TIERS[TIERS.indexOf(tier) - 1];
  const tokens = TIER_CONTEXT_TOKENS[tier];
  return below === undefined || tokens > TIER_CONTEXT_TOKENS[below] ? [contextFeature(tokens, tier)] : [];
}

/** "Free features: unlimited messages, unlimited character creation, 4K context." (document 1 §1) */
export const FREE_FEATURES: readonly string[] = ['unlimited messages', 'unlimited character creation', ...contextFeatureOf('free')];

/** A paid plan's features as listed: its context line first, then the plan's own (the API's, else the rules'). */
export const withContext = (tier: PaidTier, features: readonly string[]): string[] => [
  ...contextFeatureOf(tier).filter((line) => !features.includes(line)),
  ...features,
];

/**
 * What each paid tier adds; each higher tier includes the lower tiers' features (document 2 §1). The list is a rule of
 * @fable/rules/billing (the API's plans and the mock API's catalog carry the same); the context line comes from the
 * one list of context per tier (document 2's "4K context" for True Supporter and "an 8K context model (beta)" are not
 * followed: document 1 and the permissions give free 4K, True Supporter 8K and I'm All In 16K).
 */
export const TIER_FEATURES: Readonly<Record<PaidTier, readonly string[]>> = {
  minimal: withContext('minimal', RULES_TIER_FEATURES.minimal),
  basic: withContext('basic', RULES_TIER_FEATURES.basic),
  premium: withContext('premium', RULES_TIER_FEATURES.premium),
};

/** "Black Friday offer up to 40% off." (document 2 §9); the percentage is the promotion's. */
export const blackFridayText = (percentOff: number) => `Black Friday offer up to ${percentOff}% off`;

/** A tier's plan for a frequency in the purchase options, or null when the tier is not sold that way. */
export function planFor(plans: PlansByPeriod, tier: PaidTier, frequency: BillingFrequency): PurchasePlan | null {
  return plans[frequency].find((plan) => plan.tier === tier) ?? null;
}

/**
 * The tiers shown for a frequency, lowest first: those the purchase options sell that way. Get a Taste has no
 * monthly plan, so the minimal tier is hidden in the monthly view (document 2 §2).
 */
export function tiersFor(plans: PlansByPeriod, frequency: BillingFrequency): PaidTier[] {
  return PAID_TIERS.filter((tier) => planFor(plans, tier, frequency) !== null);
}

/** A tier's price for a frequency (free is 0), or null when it is not sold that way. */
export function priceOf(plans: PlansByPeriod, tier: Tier, frequency: BillingFrequency): number | null {
  if (tier === 'free') return 0;
  return planFor(plans, tier, frequency)?.price ?? null;
}

/**
 * A price lowered by a percentage, to the cent (the Black Friday prices: the promotion's percent_off), as the API
 * discounts it: in minor units, the discount rounded once, half up (@fable/rules/billing).
 */
export function discounted(price: number, percentOff: number): number {
  const minor = toMinor(price);
  return toMajor(minor - discountOn(minor, CURRENCY, { kind: 'percent', bps: percentToBasisPoints(percentOff) }));
}

export interface ComparisonRow {
  feature: string;
  /** The lowest tier that has it; every higher tier has it too. */
  from: Tier;
}

/** One row per feature, in the order the tiers introduce them. */
export function comparisonRows(): ComparisonRow[] {
  const rows: ComparisonRow[] = FREE_FEATURES.map((feature) => ({ feature, from: 'free' }));
  const seen = new Set(FREE_FEATURES.map((f) => f.toLowerCase()));
  for (const tier of PAID_TIERS) {
    for (const feature of TIER_FEATURES[tier]) {
      if (seen.has(feature.toLowerCase())) continue;
      seen.add(feature.toLowerCase());
      rows.push({ feature, from: tier });
    }
  }
  return rows;
}

/** The spec writes features in lower case inside sentences; lists show them capitalised. */
export function featureLabel(feature: string): string {
  return feature.charAt(0).toUpperCase() + feature.slice(1);
}

/** "$149.99": two decimals (document 2 §9), in the plans' currency unless told. */
export const formatPrice = (amount: number, currency: string = CURRENCY): string => formatOfferPrice(amount, currency);

/** A static crypto plan (document 2 §3 "Static crypto plan"), its prices from the purchase options. */
export interface CryptoPlan {
  id: string;
  tier: PaidTier;
  title: string;
  description: string;
  features: readonly { title: string; url?: string; new?: boolean }[];
  annual: { price: number; discountedPrice?: number; paymentLink: string; discountText: string; currency: string };
  monthly?: { price: number; paymentLink: string; currency: string };
}

// The checkout of a plan (document 2 §2 "/checkout": plan_id, o_id). The crypto cards lead there too: its payment
// method selector lists coinpayments, whose hosted page takes the payment (the spec does not show the hosted crypto
// link's address).
export { checkoutLink };

/** Descriptions of the crypto cards; the spec names the field but gives no text, these are ours. */
const CRYPTO_DESCRIPTIONS: Record<PaidTier, string> = {
  minimal: 'Skip the line and keep your stories straight.',
  basic: 'More memory, longer replies and pictures in your chats.',
  premium: 'Everything, first in line, with our biggest models.',
};

/** A sale price of a plan and the offer the checkout takes for it (a running Black Friday's, sale/promotions.ts). */
export type SaleOf = (plan: PurchasePlan) => { price: number; offerId: string | null } | null;

/**
 * The crypto page's tiers (document 2 §2 "/subscribe-crypto"): every tier with an annual plan in the purchase
 * options, with its monthly plan when there is one. `saleOf` (a running Black Friday) gives an annual plan's sale
 * price, shown against the plan's price as the list price, with `saleText`.
 */
export function cryptoPlans(
  plans: PlansByPeriod,
  { saleOf = () => null, saleText = '', annualTagline = ANNUAL_DISCOUNT_TEXT }: { saleOf?: SaleOf; saleText?: string; annualTagline?: string } = {},
): CryptoPlan[] {
  return tiersFor(plans, 'annual').map((tier) => {
    const annual = planFor(plans, tier, 'annual')!;
    const monthly = planFor(plans, tier, 'monthly');
    const sale = saleOf(annual);
    return {
      id: `crypto_${tier}`,
      tier,
      title: annual.name ?? TIER_NAME[tier],
      description: CRYPTO_DESCRIPTIONS[tier],
      // What the tier adds over the lower ones (its context line included, see TIER_FEATURES).
      features: comparisonRows()
        .filter((row) => row.from === tier)
        .map((row) => ({ title: featureLabel(row.feature) })),
      annual: sale
        ? { price: annual.price, discountedPrice: sale.price, paymentLink: checkoutLink(annual.plan_id, sale.offerId), discountText: saleText, currency: annual.currency }
        : { price: annual.price, paymentLink: checkoutLink(annual.plan_id), discountText: annualTagline, currency: annual.currency },
      monthly: monthly ? { price: monthly.price, paymentLink: checkoutLink(monthly.plan_id), currency: monthly.currency } : undefined,
    };
  });
}
