import { createSlice, type PayloadAction, type WithSlice } from '@fable/shared';
import { injectSlice } from '@fable/shared';

/** My Chatbots filter and sort (document 1 §2 "My Chatbots"). */
export const MY_CHATBOTS_FILTERS = ['All', 'Public', 'Private', 'Unlisted', 'Under Review', 'Action Required'] as const;
export type MyChatbotsFilter = (typeof MY_CHATBOTS_FILTERS)[number];
export const MY_CHATBOTS_SORTS = ['Latest', 'Oldest', 'Top Rated', 'Name'] as const;
export type MyChatbotsSort = (typeof MY_CHATBOTS_SORTS)[number];

export interface CreatorState {
  myChatbots: { filter: MyChatbotsFilter; sort: MyChatbotsSort };
}

const initialState: CreatorState = { myChatbots: { filter: 'All', sort: 'Latest' } };

export const creatorSlice = createSlice({
  name: 'creator',
  initialState,
  reducers: {
    myChatbotsFilterChanged(state, action: PayloadAction<MyChatbotsFilter>) {
      state.myChatbots.filter = action.payload;
    },
    myChatbotsSortChanged(state, action: PayloadAction<MyChatbotsSort>) {
      state.myChatbots.sort = action.payload;
    },
  },
  selectors: {
    selectMyChatbotsFilter: (state) => state.myChatbots.filter,
    selectMyChatbotsSort: (state) => state.myChatbots.sort,
  },
});

declare module '@fable/shared' {
  // The store's type learns about this slice (declaration merging).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof creatorSlice> {}
}

/** Injected into the one root reducer as soon as anything of this remote uses it. */
export const injectedCreatorSlice = injectSlice(creatorSlice);

export const { myChatbotsFilterChanged, myChatbotsSortChanged } = creatorSlice.actions;
export const { selectMyChatbotsFilter, selectMyChatbotsSort } = injectedCreatorSlice.selectors;
