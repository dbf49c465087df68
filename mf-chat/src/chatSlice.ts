import { createSlice, type PayloadAction, type WithSlice } from '@fable/shared';
import { injectSlice } from '@fable/shared';

export interface ChatState {
  /** The conversation on screen ("new" for a fresh one until the first reply brings its id). */
  activeConversation: { characterId: string; conversationId: string } | null;
}

const initialState: ChatState = { activeConversation: null };

export const chatSlice = createSlice({
  name: 'chat',
  initialState,
  reducers: {
    conversationOpened(state, action: PayloadAction<{ characterId: string; conversationId: string }>) {
      state.activeConversation = action.payload;
    },
    conversationClosed(state) {
      state.activeConversation = null;
    },
  },
  selectors: {
    selectActiveConversation: (state) => state.activeConversation,
  },
});

declare module '@fable/shared' {
  // The store's type learns about this slice (declaration merging).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof chatSlice> {}
}

/** Injected into the one root reducer as soon as anything of this remote uses it. */
export const injectedChatSlice = injectSlice(chatSlice);

export const { conversationOpened, conversationClosed } = chatSlice.actions;
export const { selectActiveConversation } = injectedChatSlice.selectors;
