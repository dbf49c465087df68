import { paginationRange } from './paginationRange';

const show = (items: ReturnType<typeof paginationRange>) => items.map((i) => (typeof i === 'number' ? i : '…')).join(' ');

describe('paginationRange', () => {
  it.each([
    [1, 1, '1'],
    [1, 2, '1 2'],
    [3, 7, '1 2 3 4 5 6 7'],
    [1, 10, '1 2 3 4 5 … 10'],
    [4, 10, '1 2 3 4 5 … 10'],
    [5, 10, '1 … 4 5 6 … 10'],
    [6, 10, '1 … 5 6 7 … 10'],
    [7, 10, '1 … 6 7 8 9 10'],
    [10, 10, '1 … 6 7 8 9 10'],
    [50, 100, '1 … 49 50 51 … 100'],
  ])('page %d of %d: %s', (page, count, text) => {
    expect(show(paginationRange(page, count))).toBe(text);
  });

  it('keeps the same number of items when there are many pages', () => {
    const lengths = new Set(Array.from({ length: 30 }, (_, i) => paginationRange(i + 1, 30).length));
    expect([...lengths]).toEqual([7]);
  });

  it('names the two ellipses apart (they are list keys)', () => {
    expect(paginationRange(5, 10)).toEqual([1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 10]);
  });

  it('takes sibling and boundary counts', () => {
    expect(show(paginationRange(10, 20, 2, 2))).toBe('1 2 … 8 9 10 11 12 … 19 20');
    expect(show(paginationRange(10, 20, 0, 1))).toBe('1 … 10 … 20');
  });

  it('clamps the page and handles no pages', () => {
    expect(paginationRange(1, 0)).toEqual([]);
    expect(show(paginationRange(99, 3))).toBe('1 2 3');
    expect(show(paginationRange(-4, 10))).toBe('1 2 3 4 5 … 10');
  });
});
