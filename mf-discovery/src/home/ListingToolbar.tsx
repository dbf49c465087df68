import styled from '@emotion/styled';
import { SEARCH_LIMITS } from '@fable/contracts';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, useDebouncedCallback } from '@fable/shared';
import { ChevronDownIcon, SearchIcon, TagIcon } from './icons';
import { LISTING_SORTS, isListingSort, type ListingSort } from './listingSorts';

/** Texts of the listing's toolbar (document 1 §2 "Listing (home) screen"); the placeholder is verbatim. */
export const TOOLBAR_TEXTS = {
  searchPlaceholder: 'Dive into endless fantasies - start searching!',
  searchLabel: 'Search chatbots',
  sortLabel: 'Sort by',
  tags: 'Tags',
  activeFilters: (n: number) => `${n} active`,
} as const;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

const SearchForm = styled.form`
  position: relative;
  flex: 1 1 320px;
  min-width: 0;
  max-width: 720px;
  svg {
    position: absolute;
    left: 16px;
    top: 50%;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.textMuted};
    pointer-events: none;
  }
  input {
    width: 100%;
    height: 44px;
    padding: 0 16px 0 44px;
    border-radius: ${({ theme }) => theme.radius.pill};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-size: 1rem;
    text-overflow: ellipsis;
  }
  input::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 1;
  }
  input:hover {
    border-color: ${({ theme }) => theme.colors.textMuted};
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    flex-basis: 100%;
    input {
      padding-left: 40px;
      font-size: 0.95rem;
    }
    svg {
      left: 14px;
    }
  }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-left: auto;
  @media ${({ theme }) => theme.breakpoints.mobile} {
    width: 100%;
    margin-left: 0;
  }
`;

const TagButton = styled(Button)`
  height: 44px;
  background: ${({ theme }) => theme.colors.surface};
  &[aria-expanded='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

const SortField = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  label {
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    flex: 1;
    justify-content: flex-end;
  }
`;

const SelectBox = styled.div`
  position: relative;
  select {
    appearance: none;
    height: 44px;
    min-width: 148px;
    padding: 0 40px 0 16px;
    border-radius: ${({ theme }) => theme.radius.pill};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-size: 0.95rem;
    font-weight: 600;
    cursor: pointer;
  }
  select:hover {
    border-color: ${({ theme }) => theme.colors.textMuted};
  }
  svg {
    position: absolute;
    right: 14px;
    top: 50%;
    transform: translateY(-50%);
    pointer-events: none;
    color: ${({ theme }) => theme.colors.textMuted};
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
 * searches creators), tag filter button and sort dropdown of the listing.
 */
export function ListingToolbar({ query, onQueryCommit, sort, onSortChange, tags, children }: ListingToolbarProps) {
  const sortId = useId();
  const [text, setText] = useState(query);
  const committed = useRef(query);
  const commit = useDebouncedCallback((value: string) => {
    committed.current = value;
    onQueryCommit(value);
  }, SEARCH_LIMITS.searchDebounceMs);

  // The URL changed under the box (back/forward, a link): show its search. Our own commit coming back is not that
  // (the user may already be typing on).
  useEffect(() => {
    if (query === committed.current) return;
    committed.current = query;
    commit.cancel();
    setText(query);
  }, [query, commit]);

  return (
    <Bar>
      <SearchForm
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          commit.flush();
        }}
      >
        <SearchIcon />
        <input
          type="search"
          aria-label={TOOLBAR_TEXTS.searchLabel}
          placeholder={TOOLBAR_TEXTS.searchPlaceholder}
          value={text}
          maxLength={200}
          onChange={(event) => {
            setText(event.target.value);
            commit(event.target.value);
          }}
          autoComplete="off"
          enterKeyHint="search"
        />
      </SearchForm>
      <Controls>
        {tags ? (
          <TagButton variant="secondary" aria-expanded={tags.open} aria-controls={tags.open ? tags.panelId : undefined} onClick={tags.onToggle}>
            <TagIcon />
            {TOOLBAR_TEXTS.tags}
            {tags.activeCount > 0 ? <Badge aria-label={TOOLBAR_TEXTS.activeFilters(tags.activeCount)}>{tags.activeCount}</Badge> : null}
          </TagButton>
        ) : null}
        <SortField>
          <label htmlFor={sortId}>{TOOLBAR_TEXTS.sortLabel}</label>
          <SelectBox>
            <select
              id={sortId}
              value={sort}
              onChange={(event) => {
                if (isListingSort(event.target.value)) onSortChange(event.target.value);
              }}
            >
              {LISTING_SORTS.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
            <ChevronDownIcon />
          </SelectBox>
        </SortField>
        {children}
      </Controls>
    </Bar>
  );
}
