/**
 * Billing, checkout and portal constants (document 2 §9 "Business constants and limits", §5 "Validation rules").
 * Durations in milliseconds unless the name says otherwise.
 */
export const BILLING_TIMINGS = {
  priceRecalculationDebounceMs: 600,
  successTokenRefreshMs: 5000,
  thankYouRedirectMs: 10_000,
  portalTokenRefreshMs: 5000,
} as const;

/** Checkout personal-info field limits (document 2 §3 "Personal info", §5, §9). */
export const CHECKOUT_LIMITS = {
  firstNameMax: 30,
  lastNameMax: 30,
  emailMax: 320,
  postalCodeMax: 16,
  /** Plan price display: two decimals; discount shown as negative; taxes shown if above 0. */
  priceDecimals: 2,
  defaultCurrency: 'USD',
  /** A plan is treated as annual when its plan_id contains '1y' (document 2 §3 "Plan"). */
  annualPlanIdMarker: '1y',
} as const;

/** Countries whose postal field is labelled Zip (document 2 §2 "/checkout"); Postal Code otherwise. */
export const ZIP_LABEL_COUNTRIES = ['US', 'PH', 'IR'] as const;
/** Countries whose state field is labelled State; Province otherwise. */
export const STATE_LABEL_COUNTRIES = ['US', 'AU', 'BR', 'IN', 'MX', 'NG', 'DE'] as const;

/**
 * Postal code rules (document 2 §5): US is 5 digits with optional 4 more; CA is letter-digit-letter then
 * digit-letter-digit; others alphanumeric. Ours: an optional hyphen before the US +4 and an optional space in the
 * middle of a CA code; for others single inner spaces or hyphens are allowed (UK "SW1A 1AA", PL "00-950").
 */
export const POSTAL_CODE_PATTERNS = {
  US: /^\d{5}(-?\d{4})?$/,
  CA: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/,
  other: /^[A-Za-z0-9]+([ -][A-Za-z0-9]+)*$/,
} as const;

/** Whether a postal code is valid for a country (iso2). */
export function isValidPostalCode(country: string, postalCode: string): boolean {
  const code = postalCode.trim();
  if (code.length === 0 || code.length > CHECKOUT_LIMITS.postalCodeMax) return false;
  const iso = country.toUpperCase();
  if (iso === 'US') return POSTAL_CODE_PATTERNS.US.test(code);
  if (iso === 'CA') return POSTAL_CODE_PATTERNS.CA.test(code);
  return POSTAL_CODE_PATTERNS.other.test(code);
}

/** The postal field label for a country: 'Zip' or 'Postal Code'. */
export function postalCodeLabel(country: string): 'Zip' | 'Postal Code' {
  return (ZIP_LABEL_COUNTRIES as readonly string[]).includes(country.toUpperCase()) ? 'Zip' : 'Postal Code';
}

/** The state field label for a country: 'State' or 'Province'. */
export function stateLabel(country: string): 'State' | 'Province' {
  return (STATE_LABEL_COUNTRIES as readonly string[]).includes(country.toUpperCase()) ? 'State' : 'Province';
}

/** Verbatim checkout validation messages (document 2 §5). */
export const CHECKOUT_MESSAGES = {
  invalidEmail: 'Invalid email address',
  invalidCoupon: 'Invalid coupon',
  invalidZip: 'Invalid Zip',
  invalidPostalCode: 'Invalid Postal Code',
  invalidCard: 'Enter a valid card, expiration date and cvv.',
  termsLabel: 'I agree to the Terms & Conditions',
  /** ours: the spec only says the submit is disabled while these are blank. */
  required: 'This field is required',
} as const;

/**
 * Crypto page prices in USD (document 2 §9). Get a Taste has only an annual price there.
 */
export const CRYPTO_PRICES = {
  minimal: { annual: 50, monthly: null },
  basic: { annual: 149.99, monthly: 15 },
  premium: { annual: 249.99, monthly: 24.99 },
} as const;

/** Black Friday crypto annual prices and their list prices (document 2 §9). */
export const BLACK_FRIDAY_CRYPTO_ANNUAL_PRICES = {
  minimal: { price: 36, list: 60 },
  basic: { price: 110, list: 180 },
  premium: { price: 180, list: 300 },
} as const;

/** Verbatim annual discount text (document 2 §9). */
export const ANNUAL_DISCOUNT_TEXT = '2 months free / 16% Off';

/**
 * Other prices seen in the spec (document 2 §9: "role mapping not shown"). Monthly premium 24.95 USD appears in a
 * checkout link; Get a Taste advertises about $0.17 a day.
 */
export const OTHER_PRICES_SEEN = [5.0, 14.95, 24.95, 16, 0.99, 7.49, 10.99, 30] as const;
export const PREMIUM_MONTHLY_CHECKOUT_PRICE_USD = 24.95;
export const MINIMAL_ADVERTISED_DAILY_PRICE_USD = 0.17;

/** Sales (document 1 §9, document 2 §2 and §9). Dates are inclusive, in the calendar of the viewer. */
export const SALES = {
  birthday: { start: '2025-02-13', end: '2025-02-15', priceUsd: 0.99, discountMonths: 1 },
  blackFriday: { maxDiscountPercent: 40 },
  /** Valentine and Birthday promotions: $0.99 subscription, countdown (document 1 §2). */
  promoPriceUsd: 0.99,
} as const;

/** Whether a date (yyyy-mm-dd) falls within the birthday sale window. */
export function isBirthdaySaleDate(isoDate: string): boolean {
  const day = isoDate.slice(0, 10);
  return day >= SALES.birthday.start && day <= SALES.birthday.end;
}
