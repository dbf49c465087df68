import type { ThemeMode } from '@fable/shared';

const KEY = 'fable.theme';

/** The remembered theme, else the system's preference. */
export function loadThemePreference(): ThemeMode {
  const stored = window.localStorage.getItem(KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
}

export function saveThemePreference(mode: ThemeMode): void {
  window.localStorage.setItem(KEY, mode);
}
