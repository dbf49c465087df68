import { SEARCH_LIMITS } from '@fable/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { useDebouncedCallback } from '@fable/shared';
import { useDiscovery_saveSelectionsMutation } from '../discoveryApi';
import type { Viewer } from '../viewer/useViewer';
import { isChatLanguage } from './chatLanguages';
import { DEFAULT_LISTING_SORT } from './listingSorts';
import type { ListingState, UpdateListing } from './listingUrlState';
import type { TagSelection } from './TagFilterPanel';

/**
 * A member's tag and language selections (settings.selectedTags, selectedLanguages): saved 2 s after the last change
 * (document 1 §7, §9), and put back into the listing when the member opens the bare home page.
 * Returns the function that saves a selection.
 */
export function useSavedTagSelection(viewer: Viewer, state: ListingState, update: UpdateListing, languageFilter: boolean) {
  const [save] = useDiscovery_saveSelectionsMutation();
  const debouncedSave = useDebouncedCallback(
    (selection: TagSelection) => {
      void save({ selectedTags: selection.includeTags, selectedLanguages: selection.languages.filter(isChatLanguage) });
    },
    SEARCH_LIMITS.tagSaveDebounceMs,
    { flushOnUnmount: true },
  );

  const restored = useRef(false);
  const { settings } = viewer;
  useEffect(() => {
    if (restored.current || !settings) return;
    restored.current = true;
    const bare =
      state.q === '' &&
      state.sort === DEFAULT_LISTING_SORT &&
      state.page === 1 &&
      state.includeTags.length === 0 &&
      state.excludeTags.length === 0 &&
      state.languages.length === 0;
    const includeTags = settings.selectedTags;
    const languages = languageFilter ? settings.selectedLanguages : [];
    if (bare && (includeTags.length > 0 || languages.length > 0)) update({ includeTags, languages }, { replace: true });
  }, [settings, state, update, languageFilter]);

  return useCallback(
    (selection: TagSelection) => {
      if (viewer.signedIn) debouncedSave(selection);
    },
    [viewer.signedIn, debouncedSave],
  );
}
