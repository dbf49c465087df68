// What a card number, expiry and CVC must look like: the Luhn check, the brand from the number's prefix, the
// lengths per brand, the expiry against today. One module for both sides: the server checks the card a
// payment method is created from, and the hosted card fields (bundled for the browser) check as the user types.
// The messages are Stripe's.

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

export const digitsOf = (text: string): string => text.replace(/[\s-]/g, '');

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const BRAND_PREFIXES: [CardBrand, RegExp][] = [
  ['amex', /^3[47]/],
  ['diners', /^3(0[0-5]|[689])/],
  ['jcb', /^35/],
  ['discover', /^(6011|65|64[4-9])/],
  ['unionpay', /^62/],
  ['mastercard', /^(5[1-5]|2[2-7])/],
  ['visa', /^4/],
];

export function brandOf(digits: string): CardBrand {
  return BRAND_PREFIXES.find(([, prefix]) => prefix.test(digits))?.[0] ?? 'unknown';
}

export function numberLengths(brand: CardBrand): number[] {
  if (brand === 'amex') return [15];
  if (brand === 'diners') return [14, 16];
  if (brand === 'unionpay') return [16, 17, 18, 19];
  return [16];
}

export const cvcLength = (brand: CardBrand): number => (brand === 'amex' ? 4 : 3);

/** The card number's problem, or undefined when it is complete and valid. */
export function numberError(text: string): string | undefined {
  const digits = digitsOf(text);
  if (!/^\d*$/.test(digits)) return CARD_MESSAGES.numberInvalid;
  const lengths = numberLengths(brandOf(digits));
  const longest = Math.max(...lengths);
  if (digits.length > longest) return CARD_MESSAGES.numberInvalid;
  if (!lengths.includes(digits.length)) return digits.length < longest ? CARD_MESSAGES.numberIncomplete : CARD_MESSAGES.numberInvalid;
  return luhnValid(digits) ? undefined : CARD_MESSAGES.numberInvalid;
}

/** The expiry's problem (two-digit or four-digit year), or undefined; the card is good through the end of its month. */
export function expiryError(month: number, year: number, today = new Date()): string | undefined {
  if (!Number.isInteger(month) || !Number.isInteger(year)) return CARD_MESSAGES.expiryIncomplete;
  if (month < 1 || month > 12) return CARD_MESSAGES.expiryMonthInvalid;
  const fullYear = year < 100 ? 2000 + year : year;
  const thisYear = today.getUTCFullYear();
  if (fullYear < thisYear) return CARD_MESSAGES.expiryYearPast;
  if (fullYear === thisYear && month < today.getUTCMonth() + 1) return CARD_MESSAGES.expiryPast;
  return undefined;
}

export function cvcError(cvc: string, brand: CardBrand): string | undefined {
  return new RegExp(`^\\d{${cvcLength(brand)}}$`).test(cvc) ? undefined : CARD_MESSAGES.cvcIncomplete;
}
