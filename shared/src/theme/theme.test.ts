import { contrastRatio, createTheme, withAlpha } from './theme';

// The brands of the shipped deployments (deploy/deployments/*.json): main, sister and partner.
const BRANDS = [
  { primary: '#7c5cff', accent: '#ff5c8a' },
  { primary: '#0fa3a3', accent: '#f2a23a' },
  { primary: '#e4572e', accent: '#29335c' },
];

/** `rgba(r,g,b,a)` painted over `#rrggbb`. */
function flatten(rgba: string, background: string): string {
  const [r, g, b, a] = /rgba\((\d+),(\d+),(\d+),([\d.]+)\)/.exec(rgba)!.slice(1).map(Number) as [number, number, number, number];
  const n = Number.parseInt(background.slice(1), 16);
  const under = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return `#${[r, g, b].map((c, i) => Math.round(a * c + (1 - a) * under[i]!).toString(16).padStart(2, '0')).join('')}`;
}

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself, whichever comes first', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#7c5cff', '#7c5cff')).toBe(1);
    // WCAG's own example: #777777 on white is just under 4.5.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe.each(['light', 'dark'] as const)('the %s theme', (mode) => {
  it.each(BRANDS)('gives text 4.5:1 wherever it is painted, for the brand $primary / $accent', (brand) => {
    const { colors } = createTheme(mode, brand);
    const surfaces = [colors.background, colors.surface, colors.surfaceRaised];
    const pairs: [string, string, string][] = [
      ['onPrimary', colors.onPrimary, colors.primary],
      ['onAccent', colors.onAccent, colors.accent],
      ['onError', colors.onError, colors.error],
    ];
    for (const surface of surfaces) {
      for (const name of ['text', 'textMuted', 'primaryText', 'success', 'error', 'warning', 'info'] as const) {
        pairs.push([`${name} on ${surface}`, colors[name], surface]);
      }
      pairs.push(['primaryText on primarySoft', colors.primaryText, flatten(colors.primarySoft, surface)]);
      for (const tone of ['success', 'error', 'warning', 'info'] as const) {
        pairs.push([`${tone} on ${tone}Soft`, colors[tone], flatten(colors[`${tone}Soft`], surface)]);
      }
    }
    const failing = pairs.filter(([, text, background]) => contrastRatio(text, background) < 4.5).map(([name]) => name);
    expect(failing).toEqual([]);
  });
});

it('keeps a brand colour that already reads and changes one that does not only a little', () => {
  // The sister brand's teal takes ink text at 6.5:1: unchanged.
  expect(createTheme('dark', BRANDS[1]).colors.primary).toBe('#0fa3a3');
  // The main brand's violet took white text at 4.35:1: a slightly darker violet, white text kept.
  const main = createTheme('light', BRANDS[0]).colors;
  expect(main.onPrimary).toBe('#ffffff');
  expect(main.primary).not.toBe('#7c5cff');
  expect(contrastRatio(main.primary, '#7c5cff')).toBeLessThan(1.1);
  expect(withAlpha(main.primary, 0.5)).toMatch(/^rgba\(/);
});
