import { createSlice, injectSlice, type PayloadAction, type WithSlice } from '@fable/shared';
import { charactersApi } from '@fable/shared/characters';
import { discoveryApi } from './discoveryApi';

/**
 * What the listing screens know beyond the server's answers, for this page's life: the user's latest likes (the
 * search hits do not say whether a bot is liked; settings.likedBots is read once), the cards taken away with Less
 * Like This, and creators blocked from a card before the user's settings come back with them.
 */
export interface DiscoveryState {
  /** character id → liked, set by like/unlike (optimistically, then from the answer, reverted on failure). */
  favorites: Record<string, boolean>;
  /** Cards removed with Less Like This. */
  hiddenCharacterIds: string[];
  /** Creators blocked from a card; cleared when the user's settings (blockedUsers) arrive fresh. */
  blockedCreatorIds: string[];
}

const initialState: DiscoveryState = { favorites: {}, hiddenCharacterIds: [], blockedCreatorIds: [] };

export const discoverySlice = createSlice({
  name: 'discovery',
  initialState,
  reducers: {
    favoriteSet(state, action: PayloadAction<{ characterId: string; liked: boolean }>) {
      state.favorites[action.payload.characterId] = action.payload.liked;
    },
    characterHidden(state, action: PayloadAction<string>) {
      if (!state.hiddenCharacterIds.includes(action.payload)) state.hiddenCharacterIds.push(action.payload);
    },
    characterUnhidden(state, action: PayloadAction<string>) {
      state.hiddenCharacterIds = state.hiddenCharacterIds.filter((id) => id !== action.payload);
    },
    creatorBlocked(state, action: PayloadAction<string>) {
      if (!state.blockedCreatorIds.includes(action.payload)) state.blockedCreatorIds.push(action.payload);
    },
  },
  extraReducers: (builder) => {
    // The settings now say who is blocked (an unblock on the Blocked Creators page included).
    builder.addMatcher(discoveryApi.endpoints.discovery_viewer.matchFulfilled, (state) => {
      state.blockedCreatorIds = [];
    });
    // A like or unlike made anywhere (the chat's options menu, the chatbot profile) shows on the cards too.
    builder.addMatcher(charactersApi.endpoints.characters_favorite.matchFulfilled, (state, action) => {
      state.favorites[action.meta.arg.originalArgs.characterId] = action.payload.is_favorite;
    });
  },
  selectors: {
    selectFavoriteOverrides: (state) => state.favorites,
    selectHiddenCharacterIds: (state) => state.hiddenCharacterIds,
    selectBlockedCreatorIds: (state) => state.blockedCreatorIds,
  },
});

declare module '@fable/shared' {
  // The store's type learns about this slice (declaration merging).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof discoverySlice> {}
}

/** Injected into the one root reducer as soon as anything of this remote uses it. */
export const injectedDiscoverySlice = injectSlice(discoverySlice);

export const { favoriteSet, characterHidden, characterUnhidden, creatorBlocked } = discoverySlice.actions;
export const { selectFavoriteOverrides, selectHiddenCharacterIds, selectBlockedCreatorIds } = injectedDiscoverySlice.selectors;
