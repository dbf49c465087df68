import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ThemeMode = 'light' | 'dark';

export interface UiState {
  theme: ThemeMode;
  sideNavOpen: boolean;
}

const initialState: UiState = { theme: 'dark', sideNavOpen: true };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    setTheme(state, action: PayloadAction<ThemeMode>) {
      state.theme = action.payload;
    },
    toggleTheme(state) {
      state.theme = state.theme === 'dark' ? 'light' : 'dark';
    },
    setSideNavOpen(state, action: PayloadAction<boolean>) {
      state.sideNavOpen = action.payload;
    },
  },
  selectors: {
    selectTheme: (state) => state.theme,
    selectSideNavOpen: (state) => state.sideNavOpen,
  },
});

export const { setTheme, toggleTheme, setSideNavOpen } = uiSlice.actions;
export const { selectTheme, selectSideNavOpen } = uiSlice.selectors;
