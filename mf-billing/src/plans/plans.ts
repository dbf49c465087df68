import { TIER_MARKETING_NAME, type Tier } from '@fable/contracts';

/**
 * Plan data of the spec, verbatim (document 2 §1 "Features by tier", §2 "Subscribe page",
 * "/plan-comparison", "/subscribe-crypto", §9 "Business constants and limits"; document 1 §1 "Free features").
 * Prices are in USD and shown with two decimals (document 2 §9).
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

/** "Free features: unlimited messages, unlimited character creation, 4K context." (document 1 §1) */
export const FREE_FEATURES: readonly string[] = ['unlimited messages', 'unlimited character creation', '4K context'];

/**
 * What each paid tier adds; each higher tier includes the lower tiers' features (document 2 §1).
 * Document 2 lists "4K context" under True Supporter while document 1 gives it to the free tier (and
 * the permissions in @fable/contracts grant 4k_context to free members): the comparison table shows a
 * feature from the lowest tier that lists it, so 4K context appears as included in every plan.
 */
export const TIER_FEATURES: Record<PaidTier, readonly string[]> = {
  minimal: ['skip the waiting line', 'memory manager'],
  basic: ['4K context', 'semantic memory 2.0', 'longer responses', 'conversation images', 'access to 45B models'],
  premium: ['a priority generation queue', 'a 70b model (beta)', 'an 8K context model (beta)', 'conversation images on private bots'],
};

export interface TierPrices {
  /** Per month; null where the tier is sold annually only. */
  monthly: number | null;
  /** Per year. */
  annual: number;
}

/**
 * The tier prices of document 2 §9 ("Crypto page prices: Get a Taste annual $50; True Supporter $15
 * monthly, $149.99 annual; I'm All In $24.99 monthly, $249.99 annual"). They are the only prices the
 * spec maps to tiers; the card prices of the subscribe page come from GET subscriptions/purchase_options
 * at run time. Get a Taste has no monthly price, which matches "In the monthly view the minimal tier is
 * hidden".
 */
export const TIER_PRICES: Record<PaidTier, TierPrices> = {
  minimal: { monthly: null, annual: 50 },
  basic: { monthly: 15, annual: 149.99 },
  premium: { monthly: 24.99, annual: 249.99 },
};

/** "Black Friday crypto annual prices $36, $110 and $180 (list $60, $180, $300)." (document 2 §9) */
export const BLACK_FRIDAY_ANNUAL_PRICES: Record<PaidTier, { price: number; list: number }> = {
  minimal: { price: 36, list: 60 },
  basic: { price: 110, list: 180 },
  premium: { price: 180, list: 300 },
};

/** "Black Friday offer up to 40% off." (document 2 §9) */
export const BLACK_FRIDAY_TEXT = 'Black Friday offer up to 40% off';

/** The tiers shown for a frequency: the minimal tier is hidden in the monthly view (document 2 §2). */
export function tiersFor(frequency: BillingFrequency): readonly PaidTier[] {
  return PAID_TIERS.filter((tier) => frequency === 'annual' || TIER_PRICES[tier].monthly !== null);
}

/** A tier's price for a frequency, or null when it is not sold that way. */
export function priceOf(tier: Tier, frequency: BillingFrequency): number | null {
  if (tier === 'free') return 0;
  return frequency === 'annual' ? TIER_PRICES[tier].annual : TIER_PRICES[tier].monthly;
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

/** "$149.99": two decimals (document 2 §9). */
export function formatPrice(amount: number, currency: string = CURRENCY): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}

/** A static crypto plan (document 2 §3 "Static crypto plan"). */
export interface CryptoPlan {
  id: string;
  tier: PaidTier;
  title: string;
  description: string;
  features: readonly { title: string; url?: string; new?: boolean }[];
  annual: { price: number; discountedPrice?: number; paymentLink: string; discountText: string };
  monthly?: { price: number; paymentLink: string };
}

/**
 * Where the hosted crypto payment page of a plan lives. Not shown in the spec; ours: the API's payment
 * gateway serves a hosted crypto page per plan id at this path (ids containing "1y" are annual, as
 * document 2 §3 says of plan ids). It belongs with the billing calls in @fable/contracts once they exist.
 */
export const CRYPTO_PAYMENT_PATH = '/api/checkout/crypto';

function cryptoLink(tier: PaidTier, frequency: BillingFrequency): string {
  return `${CRYPTO_PAYMENT_PATH}/crypto_${tier}_${frequency === 'annual' ? '1y' : '1m'}`;
}

/** Descriptions of the crypto cards; the spec names the field but gives no text, these are ours. */
const CRYPTO_DESCRIPTIONS: Record<PaidTier, string> = {
  minimal: 'Skip the line and keep your stories straight.',
  basic: 'More memory, longer replies and pictures in your chats.',
  premium: 'Everything, first in line, with our biggest models.',
};

/** The crypto page's three tiers with fixed prices (document 2 §2 "/subscribe-crypto", §9). */
export function cryptoPlans({ blackFriday = false }: { blackFriday?: boolean } = {}): CryptoPlan[] {
  return PAID_TIERS.map((tier) => {
    const prices = TIER_PRICES[tier];
    const sale = BLACK_FRIDAY_ANNUAL_PRICES[tier];
    return {
      id: `crypto_${tier}`,
      tier,
      title: TIER_NAME[tier],
      description: CRYPTO_DESCRIPTIONS[tier],
      // What the tier adds over the lower ones (4K context is already free, see TIER_FEATURES).
      features: comparisonRows()
        .filter((row) => row.from === tier)
        .map((row) => ({ title: featureLabel(row.feature) })),
      annual: blackFriday
        ? { price: sale.list, discountedPrice: sale.price, paymentLink: cryptoLink(tier, 'annual'), discountText: BLACK_FRIDAY_TEXT }
        : { price: prices.annual, paymentLink: cryptoLink(tier, 'annual'), discountText: ANNUAL_DISCOUNT_TEXT },
      monthly: prices.monthly === null ? undefined : { price: prices.monthly, paymentLink: cryptoLink(tier, 'monthly') },
    };
  });
}
