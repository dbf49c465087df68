import type { LISTING_SORTS as CONTRACT_LISTING_SORTS, ListingSort } from '@fable/contracts';

export type { ListingSort };

/**
 * The five sorts of the listing (document 1 §2), in the dropdown's order, with contracts' labels (LISTING_SORTS in
 * contracts/src/entities/search.ts, typed against it here and compared in listingSorts.test.ts; not imported at run
 * time, see interests.ts). Popular is the search's default ranking.
 */
type Labels = { [K in ListingSort]: (typeof CONTRACT_LISTING_SORTS)[K]['label'] };
const LABELS: Labels = { trending: 'Trending', top_rated: 'Top Rated', popular: 'Popular', latest: 'Latest', name: 'Name' };

export const LISTING_SORTS: readonly { id: ListingSort; label: string }[] = (Object.keys(LABELS) as ListingSort[]).map((id) => ({
  id,
  label: LABELS[id],
}));

/** The API's default sort; the URL leaves it out, and only another sort counts as a "sort change". */
export const DEFAULT_LISTING_SORT: ListingSort = 'popular';

export function isListingSort(value: unknown): value is ListingSort {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(LABELS, value);
}
