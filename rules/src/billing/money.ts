/**
 * Money in minor units (cents): every amount is an integer; divisions round half up once, at the end. The plans sell
 * in currencies of two decimals (USD): an answer's amount is minor / 100.
 */

/** round(numerator / denominator), half up, for non-negative integers. */
export function roundDiv(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || numerator < 0 || denominator <= 0) {
    throw new RangeError(`roundDiv needs non-negative safe integers: ${numerator} / ${denominator}`);
  }
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** An amount in minor units as the API answers it: a number of two decimals (1499 → 14.99). */
export function toMajor(minor: number): number {
  return Math.round(minor) / 100;
}

/** An amount in major units as the answers and the catalogs write it, in minor units (149.99 → 14999). */
export function toMinor(major: number): number {
  return Math.round(major * 100);
}

/** A share of an amount in basis points (1 % = 100), rounded half up: 1000 at 725 bps → 73. */
export function basisPointsOf(amountMinor: number, bps: number): number {
  return roundDiv(amountMinor * bps, 10_000);
}

/** A percentage of two decimals (numeric(5,2), e.g. '12.50') as basis points (1250). */
export function percentToBasisPoints(percent: number | string): number {
  return Math.round(Number(percent) * 100);
}
