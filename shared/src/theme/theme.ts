import type { ThemeMode } from '../store/uiSlice';

export interface BrandColors {
  primary: string;
  accent: string;
}

export interface FableTheme {
  mode: ThemeMode;
  colors: {
    primary: string;
    onPrimary: string;
    accent: string;
    background: string;
    surface: string;
    surfaceRaised: string;
    border: string;
    text: string;
    textMuted: string;
    success: string;
    error: string;
    warning: string;
    info: string;
    overlay: string;
    /** Tinted backgrounds (selected chips, toast and error surfaces) that read on both modes. */
    primarySoft: string;
    successSoft: string;
    errorSoft: string;
    warningSoft: string;
    infoSoft: string;
  };
  radius: { sm: string; md: string; lg: string; pill: string };
  space: (n: number) => string;
  font: { body: string; heading: string };
  breakpoints: { mobile: string; tablet: string; desktop: string };
  shadow: string;
  /** Stacking order of floating layers: menus under dialogs, toasts above everything. */
  zIndex: { dropdown: number; modal: number; toast: number };
}

const DEFAULT_BRAND: BrandColors = { primary: '#7c5cff', accent: '#ff5c8a' };

/** Black or white, whichever reads better on the given colour. */
function readableOn(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#111318' : '#ffffff';
}

/** `#rrggbb` (or `#rgb`) as rgba() with the given alpha; other colour strings are returned unchanged. */
export function withAlpha(color: string, alpha: number): string {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (!m?.[1]) return color;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const n = Number.parseInt(hex, 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${alpha})`;
}

export function createTheme(mode: ThemeMode, brand: BrandColors = DEFAULT_BRAND): FableTheme {
  const dark = mode === 'dark';
  const success = dark ? '#3ecf8e' : '#14804a';
  const error = dark ? '#ff6b6b' : '#c62828';
  const warning = dark ? '#f5b942' : '#a15c00';
  const info = dark ? '#5aa9ff' : '#1f5fbf';
  const soft = dark ? 0.18 : 0.1;
  return {
    mode,
    colors: {
      primary: brand.primary,
      onPrimary: readableOn(brand.primary),
      accent: brand.accent,
      background: dark ? '#111318' : '#f6f7fb',
      surface: dark ? '#1a1d24' : '#ffffff',
      surfaceRaised: dark ? '#232732' : '#eef0f6',
      border: dark ? '#2e3340' : '#dde1ea',
      text: dark ? '#f2f4f8' : '#15181f',
      textMuted: dark ? '#a3abbd' : '#596173',
      success,
      error,
      warning,
      info,
      overlay: 'rgba(0,0,0,0.6)',
      primarySoft: withAlpha(brand.primary, dark ? 0.24 : 0.12),
      successSoft: withAlpha(success, soft),
      errorSoft: withAlpha(error, soft),
      warningSoft: withAlpha(warning, soft),
      infoSoft: withAlpha(info, soft),
    },
    radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
    space: (n) => `${n * 4}px`,
    font: {
      body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      heading: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
    breakpoints: { mobile: '(max-width: 599px)', tablet: '(max-width: 1023px)', desktop: '(min-width: 1024px)' },
    shadow: dark ? '0 8px 24px rgba(0,0,0,0.45)' : '0 8px 24px rgba(20,24,40,0.12)',
    zIndex: { dropdown: 1000, modal: 1300, toast: 1400 },
  };
}
