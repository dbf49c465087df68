import { abbreviateCount } from './abbreviateCount';

describe('abbreviateCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1k'],
    [1500, '1.5k'],
    [1050, '1k'],
    [1999, '1.9k'],
    [12_345, '12.3k'],
    [100_000, '100k'],
    [999_999, '999.9k'],
    [1_000_000, '1m'],
    [2_300_000, '2.3m'],
    [2_399_999, '2.3m'],
    [48_000_000, '48m'],
    [1_200_000_000, '1200m'],
  ])('%d → %s', (n, text) => {
    expect(abbreviateCount(n)).toBe(text);
  });

  it('drops fractions and keeps the sign', () => {
    expect(abbreviateCount(12.9)).toBe('12');
    expect(abbreviateCount(-1500)).toBe('-1.5k');
    expect(abbreviateCount(-0.5)).toBe('0');
  });

  it('never shows NaN or Infinity', () => {
    expect(abbreviateCount(Number.NaN)).toBe('0');
    expect(abbreviateCount(Number.POSITIVE_INFINITY)).toBe('0');
  });
});
