import { api } from '@fable/shared';
import type { ListingSort } from './home/listingSorts';

/**
 * Search over public chatbots (document 1 §7 "Search service"): 48 hits a page, tag facets, the five
 * sorts. The API path is not shown by the spec; `/search/characters` is ours. The types move to
 * @fable/contracts when the API answers this call.
 */
export const SEARCH_PAGE_SIZE = 48;

export interface SearchArgs {
  /** A query starting with @ searches by creator username. */
  query: string;
  sort: ListingSort;
  page: number;
  includeTags?: string[];
  excludeTags?: string[];
}

export interface SearchHit {
  id: string;
  name: string;
  title: string;
  avatar_url: string | null;
  avatar_is_nsfw: boolean;
  is_nsfw: boolean;
  creator_username: string;
  tags: string[];
  num_messages: number;
  rating_score: number;
}

export interface SearchResult {
  hits: SearchHit[];
  found: number;
  page: number;
  facets: { tags: { value: string; count: number }[] };
}

export const discoveryApi = api.injectEndpoints({
  endpoints: (build) => ({
    discovery_search: build.query<SearchResult, SearchArgs>({
      query: ({ query, sort, page, includeTags = [], excludeTags = [] }) => ({
        url: '/search/characters',
        params: {
          q: query,
          sort,
          page,
          per_page: SEARCH_PAGE_SIZE,
          ...(includeTags.length ? { tags: includeTags.join(',') } : {}),
          ...(excludeTags.length ? { exclude_tags: excludeTags.join(',') } : {}),
        },
      }),
      providesTags: ['Character'],
    }),
  }),
});

export const { useDiscovery_searchQuery } = discoveryApi;
