import { readLocalStorageRaw, type ThemeMode } from '@fable/shared';

const KEY = 'fable.theme';

/** The remembered theme, else the system's preference. */
export function loadThemePreference(): ThemeMode {
  const stored = readLocalStorageRaw(KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
}

/**
 * Follows the system's theme while the member has not chosen one (an OS that turns dark at sunset turns the site
 * dark with it); a choice made with the toggle is kept and wins. Answers the unsubscribe.
 */
export function followSystemTheme(apply: (mode: ThemeMode) => void): () => void {
  const query = window.matchMedia?.('(prefers-color-scheme: light)');
  if (!query?.addEventListener) return () => {};
  const onChange = (e: MediaQueryListEvent) => {
    const stored = readLocalStorageRaw(KEY);
    if (stored !== 'light' && stored !== 'dark') apply(e.matches ? 'light' : 'dark');
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Remembers the choice; where storage is blocked (privacy settings, sandboxed frames) it lasts for the page. */
export function saveThemePreference(mode: ThemeMode): void {
  try {
    window.localStorage.setItem(KEY, mode);
  } catch {
    // Not remembered: the store holds the theme for this page.
  }
}
