import { SEARCH_LIMITS } from '@fable/contracts';
import { SearchBox, Toolbar, ToolbarSelect } from '@fable/shared';
import { MY_CHATBOTS_FILTERS, MY_CHATBOTS_SORTS, type MyChatbotsFilter, type MyChatbotsSort } from '../creatorSlice';
import { MY_CHATBOTS_TEXTS as T } from './myChatbotsTexts';

export interface MyChatbotsToolbarProps {
  /** The search in force; the box commits what is typed 300 ms after typing stops (document 1 §9), or on Enter. */
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
    <Toolbar
      labels="above"
      search={
        <SearchBox
          value={search}
          onCommit={onSearchChange}
          debounceMs={SEARCH_LIMITS.searchDebounceMs}
          label={T.searchLabel}
          placeholder={T.searchPlaceholder}
        />
      }
    >
      <ToolbarSelect label={T.filterLabel} value={filter} options={MY_CHATBOTS_FILTERS} onChange={onFilterChange} />
      <ToolbarSelect label={T.sortLabel} value={sort} options={MY_CHATBOTS_SORTS} onChange={onSortChange} />
    </Toolbar>
  );
}
