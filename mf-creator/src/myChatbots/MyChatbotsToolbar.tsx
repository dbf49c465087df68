import styled from '@emotion/styled';
import { useId } from 'react';
import { MY_CHATBOTS_FILTERS, MY_CHATBOTS_SORTS, type MyChatbotsFilter, type MyChatbotsSort } from '../creatorSlice';
import { ChevronDownIcon, SearchIcon } from './icons';
import { MY_CHATBOTS_TEXTS as T } from './myChatbotsTexts';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
`;

const Search = styled.div`
  position: relative;
  flex: 1 1 280px;
  min-width: 0;
  max-width: 560px;
  svg {
    position: absolute;
    left: 14px;
    top: 50%;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.textMuted};
    pointer-events: none;
  }
  input {
    width: 100%;
    height: 44px;
    padding: 0 16px 0 40px;
    border-radius: ${({ theme }) => theme.radius.pill};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
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
  }
`;

const Selects = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-left: auto;
  @media ${({ theme }) => theme.breakpoints.mobile} {
    width: 100%;
    margin-left: 0;
    > * {
      flex: 1 1 0;
    }
  }
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;
  label {
    font-size: 0.8rem;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .box {
    position: relative;
  }
  select {
    appearance: none;
    width: 100%;
    height: 44px;
    min-width: 150px;
    padding: 0 40px 0 16px;
    border-radius: ${({ theme }) => theme.radius.pill};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
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
  @media ${({ theme }) => theme.breakpoints.mobile} {
    select {
      min-width: 0;
    }
  }
`;

function Select<V extends string>({ label, value, options, onChange }: { label: string; value: V; options: readonly V[]; onChange: (value: V) => void }) {
  const id = useId();
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <div className="box">
        <select
          id={id}
          value={value}
          onChange={(event) => {
            const chosen = options.find((o) => o === event.target.value);
            if (chosen !== undefined) onChange(chosen);
          }}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <ChevronDownIcon />
      </div>
    </Field>
  );
}

export interface MyChatbotsToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  filter: MyChatbotsFilter;
  onFilterChange: (filter: MyChatbotsFilter) => void;
  sort: MyChatbotsSort;
  onSortChange: (sort: MyChatbotsSort) => void;
}

/** The local search (placeholder "Search your chatbots..."), filter and sort of My Chatbots (document 1 §2). */
export function MyChatbotsToolbar({ search, onSearchChange, filter, onFilterChange, sort, onSortChange }: MyChatbotsToolbarProps) {
  return (
    <Bar>
      <Search role="search">
        <SearchIcon />
        <input
          type="search"
          aria-label={T.searchLabel}
          placeholder={T.searchPlaceholder}
          value={search}
          maxLength={200}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </Search>
      <Selects>
        <Select label={T.filterLabel} value={filter} options={MY_CHATBOTS_FILTERS} onChange={onFilterChange} />
        <Select label={T.sortLabel} value={sort} options={MY_CHATBOTS_SORTS} onChange={onSortChange} />
      </Selects>
    </Bar>
  );
}
