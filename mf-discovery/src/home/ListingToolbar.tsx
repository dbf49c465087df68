import styled from '@emotion/styled';
import { useId } from 'react';
import { Button } from '@fable/shared';
import { ChevronDownIcon, SearchIcon, TagIcon } from './icons';
import { LISTING_SORTS, isListingSort, type ListingSort } from './listingSorts';

/** Texts of the listing's toolbar (document 1 §2 "Listing (home) screen"); the placeholder is verbatim. */
export const TOOLBAR_TEXTS = {
  searchPlaceholder: 'Dive into endless fantasies - start searching!',
  searchLabel: 'Search chatbots',
  sortLabel: 'Sort by',
  tags: 'Tags',
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

export interface ListingToolbarProps {
  query: string;
  onQueryChange: (query: string) => void;
  sort: ListingSort;
  onSortChange: (sort: ListingSort) => void;
  tagsOpen: boolean;
  onToggleTags: () => void;
  tagPanelId: string;
}

/** Search box, tag filter button and sort dropdown of the listing. */
export function ListingToolbar({ query, onQueryChange, sort, onSortChange, tagsOpen, onToggleTags, tagPanelId }: ListingToolbarProps) {
  const sortId = useId();
  return (
    <Bar>
      <SearchForm role="search" onSubmit={(event) => event.preventDefault()}>
        <SearchIcon />
        <input
          type="search"
          aria-label={TOOLBAR_TEXTS.searchLabel}
          placeholder={TOOLBAR_TEXTS.searchPlaceholder}
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          autoComplete="off"
          enterKeyHint="search"
        />
      </SearchForm>
      <Controls>
        <TagButton variant="secondary" aria-expanded={tagsOpen} aria-controls={tagPanelId} onClick={onToggleTags}>
          <TagIcon />
          {TOOLBAR_TEXTS.tags}
        </TagButton>
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
      </Controls>
    </Bar>
  );
}
