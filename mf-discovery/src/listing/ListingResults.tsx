import styled from '@emotion/styled';
import { SEARCH_LIMITS } from '@fable/contracts';
import { useEffect, type ReactNode } from 'react';
import { abbreviateCount, Button, Pagination, useNotify } from '@fable/shared';
import { CharacterGrid, CharacterGridSkeleton, type GridEntry } from '../cards/CharacterGrid';
import { LISTING_TEXTS } from './listingTexts';

export const Count = styled.p`
  margin: 0;
  font-size: 0.9rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Area = styled.div<{ $stale: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
  > [data-testid='character-grid'] {
    opacity: ${({ $stale }) => ($stale ? 0.6 : 1)};
    transition: opacity 150ms ease;
  }
`;

const Failure = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 10px;
  padding: 56px 16px;
  text-align: center;
  h2 {
    margin: 0;
    font-size: 1.3rem;
  }
  p {
    margin: 0 0 6px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * A failed search (document 1 §8): online, "Something went wrong" / "Refresh the page or try again later" with Try
 * Again; offline, the no-connection toast as well (one at a time).
 */
export function SearchFailure({ onRetry }: { onRetry: () => void }) {
  const notify = useNotify();
  useEffect(() => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      notify.warning(LISTING_TEXTS.offline, { id: 'discovery-offline' });
    }
  }, [notify]);
  return (
    <Failure role="alert" data-testid="search-failure">
      <h2>{LISTING_TEXTS.failedTitle}</h2>
      <p>{LISTING_TEXTS.failedHint}</p>
      <Button onClick={onRetry}>{LISTING_TEXTS.tryAgain}</Button>
    </Failure>
  );
}

/** The number of pages of `found` results, 48 a page (document 1 §9), at most the API's last page (1000). */
export function pageCountOf(found: number, perPage: number = SEARCH_LIMITS.hitsPerPage): number {
  return Math.min(1000, Math.max(1, Math.ceil(found / perPage)));
}

/** The parts of a listing's query (RTK Query's search or favourites) that the results area reads. */
export interface ListingQuery {
  /** The latest answer, kept while a new page is on its way. */
  data?: { found: number };
  /** The answer of the arguments asked now: none while a new page is on its way. */
  currentData?: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface ListingResultsProps {
  /** Loading until the first answer; failed: Try Again refetches; the old page shows, dimmed, while a new one comes. */
  query: ListingQuery;
  /** The cards of the page (the answer's, after the page's own filtering). */
  entries: readonly GridEntry[];
  page: number;
  /** A page was picked; the results area then scrolls the window back to the top. */
  onPageChange: (page: number) => void;
  /** Shown when the page has no cards. */
  empty: ReactNode;
  gridLabel?: string;
}

/** The results area of a listing: count, grid, pages, and its loading, empty and failure states. */
export function ListingResults({ query, entries, page, onPageChange, empty, gridLabel = LISTING_TEXTS.results }: ListingResultsProps) {
  const { data } = query;
  if (query.isError) return <SearchFailure onRetry={() => void query.refetch()} />;
  if (!data) return <CharacterGridSkeleton label={LISTING_TEXTS.loading} />;
  const { found } = data;
  const stale = query.isFetching && !query.currentData;
  const turnPage = (next: number) => {
    onPageChange(next);
    window.scrollTo?.({ top: 0 });
  };
  return (
    <Area $stale={stale} aria-busy={stale || undefined}>
      <Count aria-live="polite" data-testid="result-count">
        {LISTING_TEXTS.count(abbreviateCount(found), found)}
      </Count>
      {entries.length === 0 ? empty : <CharacterGrid entries={entries} label={gridLabel} />}
      {found > 0 ? <Pagination page={page} pageCount={pageCountOf(found)} onPageChange={turnPage} label={LISTING_TEXTS.pagination} /> : null}
    </Area>
  );
}
