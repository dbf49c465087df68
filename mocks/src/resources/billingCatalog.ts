import { BILLING_ERRORS, billingCalls, billingFlowCalls, type Country, type CountryState, type Promotion, type PurchaseOptions, type PurchasePlan } from '@fable/contracts';
import { TIER_FEATURES, toMajor, type PaidTier } from '@fable/rules/billing';
import { apiError, contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';
import { harnessLocation, harnessStorage } from '../harnessGlobals';

/**
 * The billing catalog of the mock API: what the subscribe, comparison, crypto and sale pages read (contracts'
 * billingCalls.purchaseOptions, countries, countryStates and billingFlowCalls.promotions). The plans and prices are
 * the API's seed (api/src/infra/db/migrations/016_billing.sql, application `fable`); the tiers' features are
 * @fable/rules/billing's TIER_FEATURES (the seed's lists, which the test holds equal) and prices are minor units
 * written in major units by the rules' toMajor, as the API answers them.
 *
 * Promotions: the spec's birthday sale (Feb 13 to Feb 15, 2025, $0.99 for one month) is always listed, over and done
 * with. A sale running now is added with setMockSale(db, kind) in tests, or in the dev harness with
 * `?mock-sale=birthday|black_friday|valentine` (remembered in localStorage until `?mock-sale=none`); it started a day
 * ago and ends in two days and five hours, so the countdowns have something to count. Black Friday is configured as
 * the API does (migration 017): a promotion per annual plan with its price ($36, $110, $180) and offer.
 */

const plan = (plan_id: string, name: string, tier: PaidTier, priceMinor: number): PurchasePlan => ({
  plan_id,
  name,
  role: `paid_${tier}`,
  tier,
  period: plan_id.includes('1y') ? 'annual' : 'monthly',
  currency: 'USD',
  features: [...TIER_FEATURES[tier]],
  price: toMajor(priceMinor),
});

/** GET subscriptions/purchase_options of the seed's `fable` application. */
export const MOCK_CATALOG_OPTIONS: PurchaseOptions = {
  default_plan_id: 'premium_1y',
  payment_methods: ['card', 'volt', 'coinpayments', 'payssion', 'hosted_checkout'],
  annual_tagline: '2 months free / 16% Off',
  plans: {
    monthly: [plan('basic_1m', 'True Supporter', 'basic', 1500), plan('premium_1m', "I'm All In", 'premium', 2499)],
    annual: [plan('minimal_1y', 'Get a Taste', 'minimal', 5000), plan('basic_1y', 'True Supporter', 'basic', 14999), plan('premium_1y', "I'm All In", 'premium', 24999)],
  },
};

const COUNTRY_ROWS =
  'AU Australia;BR Brazil;CA Canada;CN China;DE Germany;FR France;GB United Kingdom;HK Hong Kong;IN India;IR Iran;JP Japan;KR South Korea;MX Mexico;NG Nigeria;PH Philippines;RU Russia;US United States';
export const MOCK_CATALOG_COUNTRIES: Country[] = COUNTRY_ROWS.split(';').map((row) => ({ id: row.slice(0, 2), iso2: row.slice(0, 2), name: row.slice(3) }));
const STATE_ROWS: Record<string, string> = {
  US: 'AL:Alabama;AK:Alaska;AZ:Arizona;CA:California;CO:Colorado;FL:Florida;GA:Georgia;IL:Illinois;MA:Massachusetts;NY:New York;OR:Oregon;TX:Texas;WA:Washington',
  CA: 'AB:Alberta;BC:British Columbia;ON:Ontario;QC:Quebec',
  AU: 'NSW:New South Wales;QLD:Queensland;VIC:Victoria',
  IN: 'DL:Delhi;KA:Karnataka;MH:Maharashtra',
  DE: 'BE:Berlin;BY:Bavaria;HH:Hamburg',
  MX: 'CMX:Ciudad de México;JAL:Jalisco',
  BR: 'RJ:Rio de Janeiro;SP:São Paulo',
  NG: 'LA:Lagos;FC:Federal Capital Territory',
};
/** A country's states; an empty list means the state is optional. */
export const catalogStatesOf = (iso2: string): CountryState[] =>
  (STATE_ROWS[iso2] ?? '')
    .split(';')
    .filter(Boolean)
    .map((pair) => {
      const [code, name] = pair.split(':') as [string, string];
      return { id: `${iso2}-${code}`, name, state_code: code };
    });

export const MOCK_SALES = ['birthday', 'black_friday', 'valentine'] as const;
export type MockSale = (typeof MOCK_SALES)[number];
export const MOCK_SALE_PARAM = 'mock-sale';
export const MOCK_SALE_STORAGE_KEY = 'fable.mock-sale';

/** The spec's birthday sale (document 2 §2, §9): Feb 13 to Feb 15, 2025 (inclusive), $0.99 for one month. */
const SPEC_BIRTHDAY: Promotion = {
  id: 'birthday-2025',
  kind: 'birthday',
  title: 'Birthday Sale',
  starts_at: '2025-02-13T00:00:00.000Z',
  ends_at: '2025-02-16T00:00:00.000Z',
  price: 0.99,
  plan_id: 'premium_1m',
  offer_id: 'bday99',
  percent_off: null,
  currency: 'USD',
};

const DAY = 86_400_000;

/** Black Friday as the API configures it (migration 017): one promotion per annual plan, with its price and offer. */
const BLACK_FRIDAY_PLANS: [tier: string, planId: string, price: number, percentOff: number][] = [
  ['minimal', 'minimal_1y', 36, 40],
  ['basic', 'basic_1y', 110, 38.89],
  ['premium', 'premium_1y', 180, 40],
];

/** The promotions of `kind` running at `now`. */
export function runningMockPromotions(kind: MockSale, now: number): Promotion[] {
  const window = { starts_at: new Date(now - DAY).toISOString(), ends_at: new Date(now + 2 * DAY + 5 * 3_600_000).toISOString() };
  if (kind === 'black_friday') {
    return BLACK_FRIDAY_PLANS.map(([tier, planId, price, percentOff]) => ({
      id: `black-friday-now-${tier}`,
      kind,
      title: 'Black Friday',
      ...window,
      price,
      plan_id: planId,
      offer_id: `BLACKFRIDAY_${tier.toUpperCase()}`,
      percent_off: percentOff,
      currency: 'USD',
    }));
  }
  return [{ ...SPEC_BIRTHDAY, id: `${kind}-now`, kind, title: kind === 'birthday' ? 'Birthday Sale' : "Valentine's Special", ...window }];
}

const sales = new WeakMap<MockDb, MockSale | null>();

/** Starts (or with null, ends) a sale of the mock database's promotions. */
export function setMockSale(db: MockDb, kind: MockSale | null): void {
  sales.set(db, kind);
}

/** The sale the dev harness asks for (`?mock-sale=`), remembered in localStorage; null when none. */
function harnessSale(): MockSale | null {
  const location = harnessLocation();
  const storage = harnessStorage();
  if (!location || !storage) return null;
  const asked = new URLSearchParams(location.search ?? '').get(MOCK_SALE_PARAM);
  if (asked === 'none') storage.removeItem(MOCK_SALE_STORAGE_KEY);
  else if (asked && (MOCK_SALES as readonly string[]).includes(asked)) storage.setItem(MOCK_SALE_STORAGE_KEY, asked);
  const stored = storage.getItem(MOCK_SALE_STORAGE_KEY);
  return stored && (MOCK_SALES as readonly string[]).includes(stored) ? (stored as MockSale) : null;
}

/** The catalog's handlers: purchase options, promotions, countries and their states. */
export function billingCatalogHandlers(db: MockDb) {
  if (!sales.has(db)) sales.set(db, harnessSale());
  return [
    contractRoute(billingCalls.purchaseOptions, () => MOCK_CATALOG_OPTIONS),
    contractRoute(billingFlowCalls.promotions, () => {
      const sale = sales.get(db) ?? null;
      return { promotions: sale ? [SPEC_BIRTHDAY, ...runningMockPromotions(sale, Date.now())] : [SPEC_BIRTHDAY] };
    }),
    contractRoute(billingCalls.countries, () => ({ countries: MOCK_CATALOG_COUNTRIES })),
    contractRoute(billingCalls.countryStates, ({ params }) => {
      const iso2 = params.iso2.toUpperCase();
      return MOCK_CATALOG_COUNTRIES.some((c) => c.iso2 === iso2)
        ? { states: catalogStatesOf(iso2) }
        : apiError(BILLING_ERRORS.unknown_country.status, 'unknown_country', BILLING_ERRORS.unknown_country.message);
    }),
  ];
}
