/**
 * The five sorts of the listing (document 1 §2 "Listing (home) screen") and the search-service order each
 * stands for (document 1 §7 "Search service"). Popular is the service's default ranking.
 */
export const LISTING_SORTS = [
  { id: 'trending', label: 'Trending', orderBy: 'num_messages_24h:desc' },
  { id: 'top_rated', label: 'Top Rated', orderBy: 'rating_score:desc' },
  { id: 'popular', label: 'Popular', orderBy: 'default' },
  { id: 'latest', label: 'Latest', orderBy: 'createdAt:desc' },
  { id: 'name', label: 'Name', orderBy: 'name:asc' },
] as const;

export type ListingSort = (typeof LISTING_SORTS)[number]['id'];

export const DEFAULT_LISTING_SORT: ListingSort = 'popular';

export function isListingSort(value: string): value is ListingSort {
  return LISTING_SORTS.some((sort) => sort.id === value);
}
