import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { EmptyState, selectFlag, useAppDispatch, useAppSelector } from '@fable/shared';
import { interestsChosen, listingSortChanged, selectListingSort, type Interest } from '../discoverySlice';
import { SearchIcon } from './icons';
import { InterestPicker } from './InterestPicker';
import { ListingToolbar } from './ListingToolbar';
import { TagFilterPanel } from './TagFilterPanel';

/** Texts of the listing (document 1 §2 "Listing (home) screen"), verbatim where quoted there. */
export const HOME_TEXTS = {
  heading: 'Home',
  noResults: 'No Results Found',
  noResultsHint: 'Try clearing your filters or use another keyword',
} as const;

/** The first-time picker is shown once; its being done is remembered locally. */
const PICKER_DONE_KEY = 'fable.interestPickerDone';

function readPickerDone(): boolean {
  try {
    return window.localStorage.getItem(PICKER_DONE_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberPickerDone(): void {
  try {
    window.localStorage.setItem(PICKER_DONE_KEY, '1');
  } catch {
    // Storage may be unavailable (private mode); the picker then shows again next visit.
  }
}

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  width: 100%;
  max-width: 1440px;
  margin: 0 auto;
`;

const VisuallyHidden = styled.h1`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

/** Tag panel beside the results on wide screens (220 px, document 1 §9), above them on narrow ones. */
const Body = styled.div<{ withPanel: boolean }>`
  display: grid;
  gap: 16px;
  grid-template-columns: ${({ withPanel }) => (withPanel ? '220px minmax(0, 1fr)' : 'minmax(0, 1fr)')};
  @media ${({ theme }) => theme.breakpoints.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Results = styled.div`
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px dashed ${({ theme }) => theme.colors.border};
`;

const EmptyIcon = styled.div`
  display: grid;
  place-items: center;
  width: 64px;
  height: 64px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The home/listing page frame: search box, tag filter, sort and the results area. The search call is
 * wired by a later issue; until then the query lives here and the results area shows the empty state.
 */
export function HomePage() {
  const dispatch = useAppDispatch();
  const sort = useAppSelector(selectListingSort);
  const pickerEnabled = useAppSelector((state) => selectFlag(state, 'first_time_interest_modal'));
  const [query, setQuery] = useState('');
  const [tagsOpen, setTagsOpen] = useState(false);
  const [pickerDone, setPickerDone] = useState(readPickerDone);
  const tagPanelId = useId();

  const finishPicker = (interests: Interest[]) => {
    dispatch(interestsChosen(interests));
    rememberPickerDone();
    setPickerDone(true);
  };

  return (
    <Page>
      <VisuallyHidden>{HOME_TEXTS.heading}</VisuallyHidden>
      {pickerEnabled && !pickerDone ? <InterestPicker onDone={finishPicker} /> : null}
      <ListingToolbar
        query={query}
        onQueryChange={setQuery}
        sort={sort}
        onSortChange={(next) => dispatch(listingSortChanged(next))}
        tagsOpen={tagsOpen}
        onToggleTags={() => setTagsOpen((open) => !open)}
        tagPanelId={tagPanelId}
      />
      <Body withPanel={tagsOpen}>
        {tagsOpen ? <TagFilterPanel id={tagPanelId} /> : null}
        <Results aria-live="polite">
          <EmptyState
            title={HOME_TEXTS.noResults}
            description={HOME_TEXTS.noResultsHint}
            icon={
              <EmptyIcon>
                <SearchIcon size={28} />
              </EmptyIcon>
            }
          />
        </Results>
      </Body>
    </Page>
  );
}
