import { pagedFound } from './largeMatches';

describe('the count of a large match, corrected by its page', () => {
  it('is the estimate while pages are full, and never less than the full pages reach', () => {
    expect(pagedFound(28_575, 1, 48)).toBe(28_575);
    expect(pagedFound(28_575, 596, 48)).toBe(28_608);
  });

  it('is exact where a page is not full: the matches end there', () => {
    expect(pagedFound(28_575, 570, 42)).toBe(569 * 48 + 42);
    expect(pagedFound(6_000, 1, 0)).toBe(0);
  });

  it('is at most the pages before an empty one', () => {
    expect(pagedFound(28_575, 590, 0)).toBe(589 * 48);
    expect(pagedFound(1_000, 590, 0)).toBe(1_000);
  });
});
