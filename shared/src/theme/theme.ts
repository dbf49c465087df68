import type { ThemeMode } from '../store/uiSlice';

export interface BrandColors {
  primary: string;
  accent: string;
}

export interface FableTheme {
  mode: ThemeMode;
  colors: {
    /** The brand's primary colour as a fill (buttons, selected states); `onPrimary` text reads on it (4.5:1). */
    primary: string;
    onPrimary: string;
    /** The brand's primary colour for text and icons: 4.5:1 on the background, surfaces and `primarySoft`. */
    primaryText: string;
    /** The brand's accent as a fill (badges, gradients' end); `onAccent` text reads on it (4.5:1). */
    accent: string;
    onAccent: string;
    background: string;
    surface: string;
    surfaceRaised: string;
    border: string;
    text: string;
    textMuted: string;
    success: string;
    error: string;
    /** Text on an `error` fill (the danger button). */
    onError: string;
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

const WHITE = '#ffffff';
const INK = '#111318';
/** The contrast WCAG 2 asks of normal text. */
const TEXT_CONTRAST = 4.5;

function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hexOf([r, g, b]: readonly number[]): string {
  return `#${[r, g, b].map((c) => Math.round(c!).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** `color` painted over `background` with the given alpha, as `#rrggbb`. */
function over(color: string, background: string, alpha: number): string {
  const [f, b] = [rgbOf(color), rgbOf(background)];
  return hexOf(f.map((c, i) => alpha * c + (1 - alpha) * b[i]!));
}

/** Black or white, whichever reads better on the given colour. */
export function readableOn(hex: string): string {
  return contrastRatio(WHITE, hex) >= contrastRatio(INK, hex) ? WHITE : INK;
}

/**
 * `color`, moved toward `toward` (white or ink) by the smallest step that gives `ratio` against every background:
 * the brand's hue is kept, only lightened or darkened as far as reading needs.
 */
function withContrast(color: string, backgrounds: (candidate: string) => readonly string[], toward: string, ratio = TEXT_CONTRAST): string {
  for (let step = 0; step <= 50; step += 1) {
    const candidate = over(toward, color, step / 50);
    if (backgrounds(candidate).every((background) => contrastRatio(candidate, background) >= ratio)) return candidate;
  }
  return toward;
}

/** A brand colour as a fill: the text that reads better on it (white or ink) gets 4.5:1, the fill moving away from it. */
function readableFill(color: string): string {
  const text = readableOn(color);
  return withContrast(color, () => [text], text === WHITE ? INK : WHITE);
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
  const background = dark ? '#111318' : '#f6f7fb';
  const surface = dark ? '#1a1d24' : '#ffffff';
  const surfaceRaised = dark ? '#232732' : '#eef0f6';
  const soft = dark ? 0.18 : 0.1;
  const primarySoftAlpha = dark ? 0.24 : 0.12;
  // Text colours read (4.5:1) on the page, its surfaces and their own soft tint; in the dark theme they lighten,
  // in the light theme they darken.
  const toward = dark ? WHITE : INK;
  const readable = (color: string, softAlpha: number) =>
    withContrast(color, (c) => [background, surface, surfaceRaised, over(c, surface, softAlpha), over(c, surfaceRaised, softAlpha)], toward);
  const success = readable(dark ? '#3ecf8e' : '#14804a', soft);
  const error = readable(dark ? '#ff6b6b' : '#c62828', soft);
  const warning = readable(dark ? '#f5b942' : '#a15c00', soft);
  const info = readable(dark ? '#5aa9ff' : '#1f5fbf', soft);
  const primary = readableFill(brand.primary);
  const accent = readableFill(brand.accent);
  return {
    mode,
    colors: {
      primary,
      onPrimary: readableOn(primary),
      primaryText: readable(brand.primary, primarySoftAlpha),
      accent,
      onAccent: readableOn(accent),
      background,
      surface,
      surfaceRaised,
      border: dark ? '#2e3340' : '#dde1ea',
      text: dark ? '#f2f4f8' : '#15181f',
      textMuted: readable(dark ? '#a3abbd' : '#596173', 0),
      success,
      error,
      onError: readableOn(error),
      warning,
      info,
      overlay: 'rgba(0,0,0,0.6)',
      primarySoft: withAlpha(brand.primary, primarySoftAlpha),
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
