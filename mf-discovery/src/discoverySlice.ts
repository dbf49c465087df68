import { createSlice, type PayloadAction, type WithSlice } from '@fable/shared';
import { injectSlice } from '@fable/shared';
import { DEFAULT_LISTING_SORT, type ListingSort } from './home/listingSorts';

/** The first-time "I'm interested in..." choices (document 1 §2 "Listing (home) screen"). */
export const INTERESTS = [
  { id: 'female', label: 'Female' },
  { id: 'male', label: 'Male' },
  { id: 'non_binary', label: 'Non-Binary' },
] as const;
export type Interest = (typeof INTERESTS)[number]['id'];

export interface DiscoveryState {
  /** The listing's sort, kept while the user moves between pages. */
  sort: ListingSort;
  /** What the user picked in the first-time interest picker (empty when skipped with Jump In). */
  interests: Interest[];
}

const initialState: DiscoveryState = { sort: DEFAULT_LISTING_SORT, interests: [] };

export const discoverySlice = createSlice({
  name: 'discovery',
  initialState,
  reducers: {
    listingSortChanged(state, action: PayloadAction<ListingSort>) {
      state.sort = action.payload;
    },
    interestsChosen(state, action: PayloadAction<Interest[]>) {
      state.interests = action.payload;
    },
  },
  selectors: {
    selectListingSort: (state) => state.sort,
    selectInterests: (state) => state.interests,
  },
});

declare module '@fable/shared' {
  // The store's type learns about this slice (declaration merging).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof discoverySlice> {}
}

/** Injected into the one root reducer as soon as anything of this remote uses it. */
export const injectedDiscoverySlice = injectSlice(discoverySlice);

export const { listingSortChanged, interestsChosen } = discoverySlice.actions;
export const { selectListingSort, selectInterests } = injectedDiscoverySlice.selectors;
