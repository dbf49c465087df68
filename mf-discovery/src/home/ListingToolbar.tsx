import styled from '@emotion/styled';
import { SEARCH_LIMITS } from '@fable/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { Button, SearchBox, Toolbar, ToolbarSelect } from '@fable/shared';
import { TagIcon } from './icons';
import { LISTING_SORTS, type ListingSort } from './listingSorts';

/** Texts of the listing's toolbar (document 1 §2 "Listing (home) screen"); the placeholder is verbatim. */
export const TOOLBAR_TEXTS = {
  searchPlaceholder: 'Dive into endless fantasies - start searching!',
  searchLabel: 'Search chatbots',
  sortLabel: 'Sort by',
  tags: 'Tags',
  activeFilters: (n: number) => `${n} active`,
} as const;

// Only a search can use a negative keyword: the check and its hint load with the first one.
const NegativeKeywordHint = lazy(() => import('./NegativeKeywordHint'));

const SORT_OPTIONS = LISTING_SORTS.map(({ id, label }) => ({ value: id, label }));

const TagButton = styled(Button)`
  height: 44px;
  background: ${({ theme }) => theme.colors.surface};
  &[aria-expanded='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Badge = styled.span`
  min-width: 20px;
  padding: 1px 6px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 0.75rem;
`;

export interface ListingToolbarProps {
  /** The search of the URL. */
  query: string;
  /** Called 300 ms after typing stops (document 1 §5, §9), or at once on Enter. */
  onQueryCommit: (query: string) => void;
  sort: ListingSort;
  onSortChange: (sort: ListingSort) => void;
  /** Without these the listing has no tag filter (the creator page). */
  tags?: { open: boolean; onToggle: () => void; panelId: string; activeCount: number };
  /** More controls after the sort (the NSFW toggle). */
  children?: ReactNode;
}

/**
 * Search box (placeholder "Dive into endless fantasies - start searching!", debounced 300 ms; a query starting with @
 * searches creators), tag filter button and sort dropdown of the listing; a search using a negative keyword is flagged
 * with its alternatives (document 1 §5).
 */
export function ListingToolbar({ query, onQueryCommit, sort, onSortChange, tags, children }: ListingToolbarProps) {
  return (
    <>
    <Toolbar
      search={
        <SearchBox
          size="lg"
          value={query}
          onCommit={onQueryCommit}
          debounceMs={SEARCH_LIMITS.searchDebounceMs}
          label={TOOLBAR_TEXTS.searchLabel}
          placeholder={TOOLBAR_TEXTS.searchPlaceholder}
        />
      }
    >
      {tags ? (
        <TagButton variant="secondary" aria-expanded={tags.open} aria-controls={tags.open ? tags.panelId : undefined} onClick={tags.onToggle}>
          <TagIcon />
          {TOOLBAR_TEXTS.tags}
          {tags.activeCount > 0 ? <Badge aria-label={TOOLBAR_TEXTS.activeFilters(tags.activeCount)}>{tags.activeCount}</Badge> : null}
        </TagButton>
      ) : null}
      <ToolbarSelect label={TOOLBAR_TEXTS.sortLabel} labelPosition="beside" value={sort} options={SORT_OPTIONS} onChange={onSortChange} />
      {children}
    </Toolbar>
    {query.trim() ? (
      <Suspense fallback={null}>
        <NegativeKeywordHint query={query} onSearch={onQueryCommit} />
      </Suspense>
    ) : null}
    </>
  );
}
