/**
 * A count abbreviated with k and m (document 1 §2 "result count (abbreviated with k and m)", §9):
 * below 1000 as is, then thousands with "k" and millions with "m", one decimal at most, a trailing ".0"
 * dropped: 999 → "999", 1000 → "1k", 1500 → "1.5k", 999999 → "999.9k", 2300000 → "2.3m",
 * 1200000000 → "1200m". The decimal is truncated, not rounded, so a count is never overstated
 * (1999 → "1.9k", never "2k"). Fractions are dropped; non-finite input gives "0".
 */
export function abbreviateCount(count: number): string {
  if (!Number.isFinite(count)) return '0';
  const sign = count <= -1 ? '-' : '';
  const n = Math.floor(Math.abs(count));
  if (n < 1000) return `${sign}${n}`;
  const [unit, suffix] = n < 1_000_000 ? [1000, 'k'] : [1_000_000, 'm'];
  const tenths = Math.floor(n / (unit / 10));
  const whole = Math.floor(tenths / 10);
  const decimal = tenths % 10;
  return `${sign}${whole}${decimal ? `.${decimal}` : ''}${suffix}`;
}
