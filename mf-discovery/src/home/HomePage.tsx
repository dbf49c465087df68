import styled from '@emotion/styled';
import { SEARCH_LIMITS } from '@fable/contracts';
import { lazy, Suspense, useCallback, useId, useMemo, useState } from 'react';
import { BackToTop, EmptyState, selectFlag, useAppSelector, useLocalStorage, VisuallyHidden } from '@fable/shared';
import { CardActionsProvider, useCardFilter } from '../cards/CardActions';
import { useDiscovery_searchQuery, type SearchArgs } from '../discoveryApi';
import { selectHiddenCharacterIds, selectBlockedCreatorIds } from '../discoverySlice';
import { ListingPage } from '../listing/ListingPage';
import { ListingResults } from '../listing/ListingResults';
import { LISTING_TEXTS } from '../listing/listingTexts';
import { useNsfwMode } from '../viewer/useNsfwMode';
import { useViewer } from '../viewer/useViewer';
import { isChatLanguage } from './chatLanguages';
import { SearchIcon } from './icons';
import { INTEREST_PICKER_DONE_KEY, type Interest } from './interests';
import { ListingToolbar } from './ListingToolbar';
import { filtersDiffer, useListingUrlState, type ListingState } from './listingUrlState';
import { NsfwToggle } from './NsfwToggle';
import { QueueBanner } from './QueueBanner';
import {
  FILTERS_CHANGED_AT_KEY,
  injectRecommendations,
  mayInjectRecommendations,
  usableRecommendations,
} from './recommendationInjection';
import type { TagSelection } from './TagFilterPanel';
import { useRecommendations, useStoredInterests } from './useRecommendations';
import { useSavedTagSelection } from './useSavedTagSelection';

/** Loaded when first opened: the listing's first load carries neither. */
const TagFilter = lazy(() => import('./TagFilterPanel'));
const HomeNotices = lazy(() => import('./HomeNotices'));
const InterestPicker = lazy(() => import('./InterestPicker').then((m) => ({ default: m.InterestPicker })));

/** Texts of the listing (document 1 §2 "Listing (home) screen"), verbatim where quoted there. */
export const HOME_TEXTS = {
  heading: 'Home',
  noResults: LISTING_TEXTS.noResults,
  noResultsHint: LISTING_TEXTS.noResultsHint,
} as const;

/** Tag panel beside the results on wide screens (220 px, document 1 §9); a drawer on narrow ones. */
const Body = styled.div<{ withPanel: boolean }>`
  display: grid;
  gap: 16px;
  align-items: start;
  grid-template-columns: ${({ withPanel }) => (withPanel ? 'auto minmax(0, 1fr)' : 'minmax(0, 1fr)')};
  @media ${({ theme }) => theme.breakpoints.tablet} {
    grid-template-columns: minmax(0, 1fr);
  }
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

export type HomeScenario = 'home' | 'external';

/**
 * The home/listing screen (document 1 §2), `/` and `/external` (partner users): search, tag filter, sort, NSFW
 * toggle, result count, card grid with recommendations injected into the first page (§7), pages, back to top, and
 * the first-time interest picker. The search state is the URL's.
 */
function Listing({ scenario }: { scenario: HomeScenario }) {
  const viewer = useViewer();
  const nsfw = useNsfwMode(viewer);
  const [state, update] = useListingUrlState();
  const languageFilter = useAppSelector((s) => selectFlag(s, 'language_filter'));
  const pickerFlag = useAppSelector((s) => selectFlag(s, 'first_time_interest_modal'));
  const [pickerDone, setPickerDone] = useLocalStorage<boolean>(INTEREST_PICKER_DONE_KEY, false);
  const [, setInterests] = useStoredInterests();
  const [filtersChangedAt, setFiltersChangedAt] = useLocalStorage<number | null>(FILTERS_CHANGED_AT_KEY, null);
  const [tagsOpen, setTagsOpen] = useState(false);
  const tagPanelId = useId();
  const saveSelection = useSavedTagSelection(viewer, state, update, languageFilter);

  const languages = languageFilter ? state.languages.filter(isChatLanguage) : [];
  const args: SearchArgs = {
    q: state.q,
    sort: state.sort,
    page: state.page,
    includeTags: state.includeTags,
    excludeTags: state.excludeTags,
    languages,
    nsfw: nsfw.active,
    chatLanguage: viewer.settings?.chatLanguage,
  };
  // NSFW mode and the chat language come with a member's settings: wait for them rather than search twice.
  const search = useDiscovery_searchQuery(args, { skip: viewer.loading || viewer.settingsLoading });

  // Judged at the time the page opened (rendering reads no clock); a filter changed on this page is later still.
  const [openedAt] = useState(() => Date.now());
  const injectable = mayInjectRecommendations(state, filtersChangedAt, openedAt);
  const recommendations = useRecommendations({
    scenario,
    nsfw: nsfw.active,
    // Not while the first-time picker is open: its answer is part of the request.
    enabled: injectable && !viewer.loading && !viewer.settingsLoading && !(pickerFlag && pickerDone !== true),
    includeTags: state.includeTags,
    excludeTags: state.excludeTags,
    cache: true,
  });

  const keep = useCardFilter();
  const hiddenIds = useAppSelector(selectHiddenCharacterIds);
  const blockedNow = useAppSelector(selectBlockedCreatorIds);
  const blockedBefore = viewer.settings?.blockedUsers;
  const data = search.data;
  const entries = useMemo(() => {
    const hits = (data?.hits ?? []).filter(keep);
    if (!injectable || hits.length === 0) return hits.map((character) => ({ character }));
    const recs = usableRecommendations(recommendations.hits, {
      hits,
      blockedCreatorIds: new Set([...blockedNow, ...(blockedBefore ?? [])]),
      hiddenCharacterIds: new Set(hiddenIds),
      includeTags: state.includeTags,
      excludeTags: state.excludeTags,
      nsfw: nsfw.active,
    });
    return injectRecommendations(hits, recs);
  }, [data, keep, injectable, recommendations.hits, blockedNow, blockedBefore, hiddenIds, state.includeTags, state.excludeTags, nsfw.active]);

  const selection: TagSelection = { includeTags: state.includeTags, excludeTags: state.excludeTags, languages: state.languages };
  const changeFilters = useCallback(
    (next: TagSelection) => {
      const nextState: ListingState = { ...state, ...next };
      if (!filtersDiffer(state, nextState)) return;
      update(next);
      setFiltersChangedAt(Date.now());
      saveSelection(next);
    },
    [state, update, setFiltersChangedAt, saveSelection],
  );

  const finishPicker = (interests: Interest[]) => {
    setInterests(interests);
    setPickerDone(true);
  };

  const activeFilters = state.includeTags.length + state.excludeTags.length + languages.length;

  return (
    <ListingPage>
      <VisuallyHidden as="h1">{HOME_TEXTS.heading}</VisuallyHidden>
      {viewer.signedIn && scenario === 'home' ? (
        <Suspense fallback={null}>
          <HomeNotices />
        </Suspense>
      ) : null}
      {/* Over the listing once it has answered: the picker's chunk and dialog do not compete with the first cards. */}
      {pickerFlag && pickerDone !== true && (search.data !== undefined || search.isError) ? (
        <Suspense fallback={null}>
          <InterestPicker onDone={finishPicker} />
        </Suspense>
      ) : null}
      <QueueBanner />
      <ListingToolbar
        query={state.q}
        onQueryCommit={(q) => update({ q }, { replace: true })}
        sort={state.sort}
        onSortChange={(sort) => update({ sort })}
        tags={{ open: tagsOpen, onToggle: () => setTagsOpen((open) => !open), panelId: tagPanelId, activeCount: activeFilters }}
      >
        <NsfwToggle viewer={viewer} mode={nsfw} />
      </ListingToolbar>
      <Body withPanel={tagsOpen}>
        {tagsOpen ? (
          <Suspense fallback={null}>
            <TagFilter
              id={tagPanelId}
              tags={data?.facets.tags ?? []}
              languages={data?.facets.translated_languages ?? []}
              selection={selection}
              languageFilter={languageFilter}
              onChange={changeFilters}
              onClose={() => setTagsOpen(false)}
            />
          </Suspense>
        ) : null}
        <section aria-label={LISTING_TEXTS.results}>
          <ListingResults
            query={search}
            entries={entries}
            page={state.page}
            onPageChange={(page) => update({ page })}
            empty={
              <EmptyState
                title={HOME_TEXTS.noResults}
                description={HOME_TEXTS.noResultsHint}
                icon={
                  <EmptyIcon>
                    <SearchIcon size={28} />
                  </EmptyIcon>
                }
              />
            }
          />
        </section>
      </Body>
      <BackToTop threshold={SEARCH_LIMITS.backToTopPx} label={LISTING_TEXTS.backToTop} />
    </ListingPage>
  );
}

function HomeScreen({ scenario }: { scenario: HomeScenario }) {
  return (
    <CardActionsProvider>
      <Listing scenario={scenario} />
    </CardActionsProvider>
  );
}

/** `/`: the home listing. */
export function HomePage() {
  return <HomeScreen scenario="home" />;
}

/** `/external`: the same home for partner users (the recommender's external scenario). */
export function ExternalHomePage() {
  return <HomeScreen scenario="external" />;
}
