// Accessibility checks with axe-core: every page the e2e visits, in the light and the dark theme, has no serious or
// critical violation. Specs call expectNoSeriousA11yViolations after a navigation; the `a11yAudit` fixture (automatic)
// also checks, when a test ends, the pages it left open and every other page it visited (each route, and each dialog
// or menu left open on one, once a run).
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import axe, { type AxeResults, type Result } from 'axe-core';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { SITE_PORT_BASE } from './ports';
import { routeKey } from './routes';

export type ThemeMode = 'light' | 'dark';
const THEMES: readonly ThemeMode[] = ['light', 'dark'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

type StoreWindow = { __FABLE_STORE__?: { getState(): { ui?: { theme?: ThemeMode } }; dispatch(action: unknown): unknown } };

/** Whether `url` is a page of the e2e site (any deployment's hostname on the site's port), not a remote's files. */
export function isSitePage(url: string): boolean {
  try {
    const { hostname, port, protocol } = new URL(url);
    return protocol === 'http:' && port === String(SITE_PORT_BASE) && (hostname === 'localhost' || hostname.endsWith('.localhost'));
  } catch {
    return false;
  }
}

/** Waits until the page is still: no CSS transition or finite animation running (a theme change fades colours). */
async function settle(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** The page's theme, or null where the app is not running (the unknown-domain page, a boot error). */
async function currentTheme(page: Page): Promise<ThemeMode | null> {
  return page.evaluate(() => (window as unknown as StoreWindow).__FABLE_STORE__?.getState().ui?.theme ?? null);
}

/** Switches the theme in the page's store only: the remembered preference is left as it is. */
async function applyTheme(page: Page, mode: ThemeMode) {
  await page.evaluate((theme) => (window as unknown as StoreWindow).__FABLE_STORE__?.dispatch({ type: 'ui/setTheme', payload: theme }), mode);
  await settle(page);
}

function describe(violations: readonly Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 6)
        .map((n) => `      ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`)
        .join('\n');
      const more = v.nodes.length > 6 ? `\n      … and ${v.nodes.length - 6} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length})\n${nodes}${more}`;
    })
    .join('\n');
}

/** The serious and critical violations axe finds on the page as it is now. */
export async function seriousA11yViolations(page: Page): Promise<Result[]> {
  await settle(page);
  await injectAxe(page);
  const results = await page.evaluate(() => (window as unknown as AxeWindow).axe.run(document, { resultTypes: ['violations'] }));
  return results.violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''));
}

type AxeWindow = { axe: { run(context: Document, options: object): Promise<AxeResults> } };

/**
 * axe-core in every frame of the page that lacks it (the hosted card fields are frames of another origin; axe in the
 * top frame reaches them by message), once per document. @axe-core/playwright evaluated its 1.5 MB source on every
 * check and finished each in a new page: 7.3 s on the home page where this takes 1.2 s (and 1.7 s against 0.15 s on a
 * profile), which put the axe-heavy specs over their time limits.
 */
async function injectAxe(page: Page) {
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => typeof (window as unknown as Partial<AxeWindow>).axe?.run === 'function')) continue;
      await frame.evaluate(`${axe.source};axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] });`);
    } catch {
      // A frame that went away while it was reached has nothing left to check.
    }
  }
}

/**
 * The routes checked so far in this run, by any worker (each is a process of its own): by a spec's own call below or by
 * the audit fixture. A line per route in a file of the run's scratch folder (E2E_CHECKED_ROUTES_FILE, set by
 * globalSetup), appended whole, so that every worker sees what the others checked; in memory when the file is unset.
 * The fixture reopens only the visited routes not in here, so a route checked once is not checked again.
 */
const checkedRoutes = {
  memory: new Set<string>(),
  has(key: string): boolean {
    if (this.memory.has(key)) return true;
    const file = process.env.E2E_CHECKED_ROUTES_FILE;
    if (!file || !existsSync(file)) return false;
    for (const line of readFileSync(file, 'utf8').split('\n')) if (line) this.memory.add(line);
    return this.memory.has(key);
  },
  add(key: string): void {
    if (this.memory.has(key)) return;
    this.memory.add(key);
    const file = process.env.E2E_CHECKED_ROUTES_FILE;
    if (file) appendFileSync(file, `${key}\n`);
  },
};

/**
 * Fails (softly, so that one run shows every page's problems) when axe finds a serious or critical violation on the
 * page, in the light and in the dark theme. The page is left in the theme it had.
 */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()) {
  if (isSitePage(page.url())) checkedRoutes.add(routeKey(page.url()));
  const before = await currentTheme(page);
  const themes = before === null ? [null] : [before, ...THEMES.filter((t) => t !== before)];
  try {
    for (const theme of themes) {
      if (theme !== null) await applyTheme(page, theme);
      const violations = await seriousA11yViolations(page);
      expect.soft(violations, `accessibility of ${label}${theme ? ` (${theme} theme)` : ''}:\n${describe(violations)}`).toEqual([]);
    }
  } finally {
    if (before !== null && (await currentTheme(page)) !== before) await applyTheme(page, before);
  }
}

/**
 * expectNoSeriousA11yViolations, unless the page's route was checked already in this run (by any spec): for the specs
 * that walk many routes to check something else (the link crawls), whose pages the accessibility spec covers.
 */
export async function expectNoSeriousA11yViolationsOnce(page: Page, label = page.url()) {
  if (isSitePage(page.url()) && checkedRoutes.has(routeKey(page.url()))) return;
  await expectNoSeriousA11yViolations(page, label);
}

/** Waits for a freshly opened page to show its content rather than a loading state. */
export async function waitForPageContent(page: Page) {
  await page.waitForLoadState('load');
  const content = page.locator('h1, [data-testid="remote-fallback"], [data-testid="unknown-domain"]').first();
  await content.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => undefined);
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
}

/** The open dialog or menu of the page, as ` role "name"` (its role and accessible name), or '' when none is open. */
async function openOverlayOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const open = document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]');
    if (!open) return '';
    const labelledBy = open.getAttribute('aria-labelledby');
    const name = open.getAttribute('aria-label') ?? (labelledBy ? document.getElementById(labelledBy.split(' ')[0]!)?.textContent : null) ?? '';
    return ` ${open.getAttribute('role')} "${name.trim()}"`;
  });
}

/** Records every page of the site the context's pages navigate to (client-side navigations included). */
function recordVisits(context: BrowserContext, visited: Map<string, string>) {
  const watch = (page: Page) =>
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || !isSitePage(frame.url())) return;
      const key = routeKey(frame.url());
      if (!visited.has(key)) visited.set(key, frame.url());
    });
  context.pages().forEach(watch);
  context.on('page', watch);
}

export const a11yTest = base.extend<{ a11yAudit: void }>({
  a11yAudit: [
    async ({ context }, use, testInfo) => {
      const visited = new Map<string, string>();
      recordVisits(context, visited);
      await use();
      // A test that failed already says why; its pages are checked by the tests that pass.
      if (testInfo.status !== testInfo.expectedStatus) return;
      await testInfo.attach('pages visited', { body: [...visited.values()].join('\n'), contentType: 'text/plain' });
      // The pages the test left open, as they are: each route once a run, and again for each dialog or menu left open
      // on it (what reopening the route would not show).
      for (const page of context.pages()) {
        if (page.isClosed() || !isSitePage(page.url())) continue;
        const key = `${routeKey(page.url())}${await openOverlayOf(page)}`;
        if (checkedRoutes.has(key)) continue;
        checkedRoutes.add(key);
        await expectNoSeriousA11yViolations(page, `${page.url()} (as the test left it)`);
      }
      // Every other route the test visited, reopened in the same context (same session).
      const unchecked = [...visited].filter(([key]) => !checkedRoutes.has(key));
      if (unchecked.length === 0) return;
      const page = await context.newPage();
      try {
        for (const [key, url] of unchecked) {
          checkedRoutes.add(key);
          await page.goto(url);
          await waitForPageContent(page);
          await expectNoSeriousA11yViolations(page, url);
        }
      } finally {
        await page.close();
      }
    },
    { auto: true, timeout: 120_000 },
  ],
});
