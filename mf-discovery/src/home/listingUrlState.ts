import { useCallback, useMemo } from 'react';
import { useSearchParams } from '@fable/shared';
import { DEFAULT_LISTING_SORT, isListingSort, type ListingSort } from './listingSorts';

/**
 * The listing's search state lives in the URL query, so that back/forward, reload and shared links show the same
 * results: `q`, `sort` (left out when Popular, the default), `page` (left out on 1), `tags` (included), `exclude`
 * and `lang` (comma lists). Other parameters of the URL are kept.
 */
export interface ListingState {
  q: string;
  sort: ListingSort;
  page: number;
  includeTags: string[];
  excludeTags: string[];
  languages: string[];
}

export const LISTING_PARAMS = { q: 'q', sort: 'sort', page: 'page', includeTags: 'tags', excludeTags: 'exclude', languages: 'lang' } as const;

const list = (value: string | null) =>
  [...new Set((value ?? '').split(',').map((s) => s.trim()).filter((s) => s !== ''))];

export function readListingState(params: URLSearchParams): ListingState {
  const sort = params.get(LISTING_PARAMS.sort);
  const page = Number.parseInt(params.get(LISTING_PARAMS.page) ?? '', 10);
  return {
    q: params.get(LISTING_PARAMS.q) ?? '',
    sort: isListingSort(sort) ? sort : DEFAULT_LISTING_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
    includeTags: list(params.get(LISTING_PARAMS.includeTags)),
    excludeTags: list(params.get(LISTING_PARAMS.excludeTags)),
    languages: list(params.get(LISTING_PARAMS.languages)),
  };
}

/** `previous` with the listing's parameters replaced by `state` (defaults and empty lists left out). */
export function writeListingState(previous: URLSearchParams, state: ListingState): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const key of Object.values(LISTING_PARAMS)) next.delete(key);
  const q = state.q.trim() === '' ? '' : state.q;
  if (q) next.set(LISTING_PARAMS.q, q);
  if (state.sort !== DEFAULT_LISTING_SORT) next.set(LISTING_PARAMS.sort, state.sort);
  if (state.includeTags.length > 0) next.set(LISTING_PARAMS.includeTags, state.includeTags.join(','));
  if (state.excludeTags.length > 0) next.set(LISTING_PARAMS.excludeTags, state.excludeTags.join(','));
  if (state.languages.length > 0) next.set(LISTING_PARAMS.languages, state.languages.join(','));
  if (state.page > 1) next.set(LISTING_PARAMS.page, String(state.page));
  return next;
}

/** Whether the tag or language filters differ (a "filter change", document 1 §7). */
export function filtersDiffer(a: ListingState, b: ListingState): boolean {
  const same = (x: string[], y: string[]) => x.length === y.length && x.every((v) => y.includes(v));
  return !same(a.includeTags, b.includeTags) || !same(a.excludeTags, b.excludeTags) || !same(a.languages, b.languages);
}

export type UpdateListing = (patch: Partial<ListingState>, options?: { replace?: boolean }) => void;

/**
 * The listing state of the URL and a function changing it. Any change but the page's goes back to page 1. Changes push
 * a history entry unless `replace` (the search box replaces while typing).
 */
export function useListingUrlState(): [ListingState, UpdateListing] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListingState(params), [params]);
  const update = useCallback<UpdateListing>(
    (patch, options = {}) => {
      setParams(
        (previous) => {
          const current = readListingState(previous);
          return writeListingState(previous, { ...current, page: 1, ...patch });
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );
  return [state, update];
}
