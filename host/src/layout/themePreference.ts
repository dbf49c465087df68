import { readLocalStorageRaw, type ThemeMode } from '@fable/shared';

const KEY = 'fable.theme';

/** The remembered theme, else the system's preference. */
export function loadThemePreference(): ThemeMode {
  const stored = readLocalStorageRaw(KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
}

/** Remembers the choice; where storage is blocked (privacy settings, sandboxed frames) it lasts for the page. */
export function saveThemePreference(mode: ThemeMode): void {
  try {
    window.localStorage.setItem(KEY, mode);
  } catch {
    // Not remembered: the store holds the theme for this page.
  }
}
