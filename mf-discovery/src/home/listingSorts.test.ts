import { LISTING_SORTS as CONTRACT_LISTING_SORTS, ListingSortSchema, SearchCharactersQuerySchema } from '@fable/contracts';
import { DEFAULT_LISTING_SORT, LISTING_SORTS, isListingSort } from './listingSorts';

it('has the contract sorts, in the spec order, with their labels', () => {
  expect(LISTING_SORTS.map((s) => s.label)).toEqual(['Trending', 'Top Rated', 'Popular', 'Latest', 'Name']);
  expect(LISTING_SORTS.map((s) => s.id)).toEqual(ListingSortSchema.options);
  for (const sort of LISTING_SORTS) expect(sort.label).toBe(CONTRACT_LISTING_SORTS[sort.id].label);
});

it('defaults to the API default', () => {
  expect(SearchCharactersQuerySchema.parse({}).sort).toBe(DEFAULT_LISTING_SORT);
  expect(isListingSort('latest')).toBe(true);
  expect(isListingSort('constructor')).toBe(false);
  expect(isListingSort(undefined)).toBe(false);
});
