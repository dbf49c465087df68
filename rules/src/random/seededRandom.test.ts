import { seededRandom } from './seededRandom';

describe('seededRandom', () => {
  it('gives the same numbers in [0, 1) for one seed, others for another', () => {
    const a = seededRandom(42);
    const first = Array.from({ length: 1000 }, () => a());
    expect(first.every((n) => n >= 0 && n < 1)).toBe(true);
    const again = seededRandom(42);
    expect(Array.from({ length: 1000 }, () => again())).toEqual(first);
    const other = seededRandom(43);
    expect(other()).not.toBe(first[0]);
    // Spread over the interval, not bunched.
    expect(first.filter((n) => n < 0.5).length).toBeGreaterThan(400);
    expect(first.filter((n) => n < 0.5).length).toBeLessThan(600);
  });
});
