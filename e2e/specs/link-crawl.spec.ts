import { expect, test, type Page } from '../support/test';
import { expectNoSeriousA11yViolationsOnce, waitForPageContent } from '../support/axe';
import { signUpNewMember } from '../support/members';
import { routeIds, routeTableUrls } from '../support/routeTable';
import { routeKey } from '../support/routes';

/**
 * Routes whose pages come with later work: their links already show, and until then they open the 404 page. Later
 * work removes its routes from this list. A route here that opens a real page fails the crawl, so the list stays true.
 */
const PENDING_ROUTES: { route: RegExp; example: string; why: string }[] = [];

// The crawls are the longest tests of the suite and each keeps to its own visitor or member: they spread over the
// parallel project's workers instead of holding one worker for all of them.
test.describe.configure({ mode: 'parallel' });

/** Where links are collected: the shell's navigation, header and footer, cards, open menus, and the page itself. */
const AREAS = {
  menu: '[role="menu"]',
  header: '[data-testid="header"]',
  'side navigation': '[data-testid="side-nav"]',
  'top navigation': '[data-testid="top-nav"]',
  footer: '[data-testid="footer"]',
  card: '[data-testid="character-card"]',
  page: 'main',
} as const;

interface FoundLink {
  url: string;
  from: string;
}

const pendingReason = (url: string) => PENDING_ROUTES.find((p) => p.route.test(new URL(url).pathname))?.why;

const TOGGLES = `${AREAS.header} button[aria-expanded="false"], ${AREAS['side navigation']} button[aria-expanded="false"]`;

/** A toggle the crawl opens: the account menu, Create and the like, not the theme, the collapse or the notifications. */
const isMenuOfLinks = (name: string) =>
  !((/theme|collapse|expand|menu$/i.test(name) && !/account menu/i.test(name)) || /^notifications/i.test(name));

/**
 * Opens the closed menus of the header and navigation one at a time, each after the page settled from the last, and
 * calls `collect` while it is open. The toggles are looked up afresh each time: one that opens leaves the selection,
 * and a dropdown's first open replaces its plain trigger with the loaded menu's, so earlier matches go stale.
 */
async function forEachMenu(page: Page, collect: () => Promise<void>) {
  const opened = new Set<string>();
  for (;;) {
    let next: { name: string; toggle: ReturnType<Page['locator']> } | undefined;
    for (const toggle of await page.locator(TOGGLES).all()) {
      if (!(await toggle.isVisible())) continue;
      const name = ((await toggle.getAttribute('aria-label')) ?? (await toggle.innerText())).trim();
      if (opened.has(name) || !isMenuOfLinks(name)) continue;
      next = { name, toggle };
      break;
    }
    if (!next) return;
    opened.add(next.name);
    await next.toggle.click();
    const toggle = page.locator(`${AREAS.header}, ${AREAS['side navigation']}`).getByRole('button', { name: next.name, exact: true });
    await expect(toggle.first(), `the toggle “${next.name}” opens`).toHaveAttribute('aria-expanded', 'true');
    await collect();
    await page.keyboard.press('Escape');
  }
}

/** The same-origin links of every area of the page, one per route. */
async function collectAreas(page: Page, into: Map<string, FoundLink>) {
  const origin = new URL(page.url()).origin;
  const where = new URL(page.url()).pathname;
  for (const [area, selector] of Object.entries(AREAS)) {
    const hrefs = await page.locator(`${selector} a[href]`).evaluateAll((links) =>
      links.map((a) => ({ href: (a as HTMLAnchorElement).href, text: (a.textContent ?? '').trim() || a.getAttribute('aria-label') || '' })),
    );
    for (const { href, text } of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin) continue;
      url.hash = '';
      const key = routeKey(url.href);
      if (!into.has(key)) into.set(key, { url: url.href, from: `${area} of ${where}: “${text.slice(0, 40)}”` });
    }
  }
}

/** The same-origin links of every area of the page, with each menu of the header and navigation opened in turn. */
async function collectLinks(page: Page, into: Map<string, FoundLink>) {
  await collectAreas(page, into);
  await forEachMenu(page, () => collectAreas(page, into));
}

/** The page open is a real one: not the 404 page, not the remote fallback, and with a heading of its own. */
async function expectOwnPage(page: Page, url: string, from: string) {
  await expect.soft(page.getByTestId('not-found'), `${url} (${from}) opens the 404 page`).toHaveCount(0);
  await expect.soft(page.getByTestId('remote-fallback'), `${url} (${from}) shows the remote fallback`).toHaveCount(0);
  // A page may open a dialog over itself (/signup for a guest): its heading is then hidden from assistive technology
  // behind the dialog, but it is there.
  await expect
    .soft(page.getByRole('heading', { level: 1, includeHidden: true }).first(), `${url} (${from}) shows no heading of its own`)
    .toBeVisible();
}

/** Visits every link: a real page (its own heading, no 404, no fallback), or the 404 page for a pending route. */
async function visitAll(page: Page, links: Map<string, FoundLink>) {
  const pendingSeen = new Set<string>();
  for (const { url, from } of links.values()) {
    await test.step(`${new URL(url).pathname} (${from})`, async () => {
      await page.goto(url);
      await waitForPageContent(page);
      const notFound = page.getByTestId('not-found');
      const pending = pendingReason(url);
      if (pending) {
        pendingSeen.add(pending);
        await expect.soft(notFound, `${url} (${from}) is listed as pending (${pending}) but opens a page: take it off PENDING_ROUTES`).toBeVisible();
        return;
      }
      await expectOwnPage(page, url, from);
      await expectNoSeriousA11yViolationsOnce(page, url);
    });
  }
  return pendingSeen;
}

/** Lists the links the crawl found (shown in the report): each with where it was found and whether it is pending. */
function listLinks(links: Map<string, FoundLink>) {
  const lines = [...links.values()].map(({ url, from }) => `${pendingReason(url) ? 'pending ' : 'page    '} ${new URL(url).pathname}  (${from})`);
  const pending = lines.filter((l) => l.startsWith('pending')).length;
  console.log(`${links.size} links, one per route: ${links.size - pending} pages, ${pending} pending`);
  return test.info().attach('links', { body: lines.join('\n'), contentType: 'text/plain' });
}

/** The pages whose links are collected: home, a profile, a legal page, and what `extra` adds. */
async function crawl(page: Page, extra: string[]) {
  const links = new Map<string, FoundLink>();
  await page.goto('/');
  await expect(page.getByTestId('character-card').first()).toBeVisible();
  const profile = await page.getByTestId('character-card').first().locator('a[href^="/chatbot/"]').first().getAttribute('href');
  for (const path of ['/', profile!, '/terms', ...extra]) {
    await page.goto(path);
    await waitForPageContent(page);
    await collectLinks(page, links);
  }
  return links;
}

test('every link a guest sees in the navigation, header, footer, cards, menus and pages opens a real page', async ({ page }) => {
  test.setTimeout(300_000);
  const links = await crawl(page, ['/creators/leaderboard', '/favorite-bots']);
  expect(links.size).toBeGreaterThan(15);
  await listLinks(links);
  await visitAll(page, links);
});

test('every link a member sees in the navigation, header, footer, cards, menus and pages opens a real page', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/');
  await signUpNewMember(page, 'Carla Crawl', 'crawl');
  const links = await crawl(page, ['/chats', '/my-chatbots', '/profile', '/blocked-creators']);
  // The account menu's Profile link is among them.
  expect([...links.values()].some((l) => new URL(l.url).pathname === '/profile' && l.from.startsWith('menu'))).toBe(true);
  expect(links.size).toBeGreaterThan(15);
  await listLinks(links);
  await visitAll(page, links);
});

test('every page of the route table (routes of @fable/contracts) opens for a member, and for a guest or asks a guest to sign in', async ({ page, browser }) => {
  test.setTimeout(300_000);
  await page.goto('/');
  await signUpNewMember(page, 'Rhea Routes', 'routes');
  const entries = routeTableUrls(await routeIds(page));
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  for (const { name, url, signIn } of entries) {
    await test.step(`routes.${name}: ${url}`, async () => {
      await page.goto(url);
      await waitForPageContent(page);
      await expectOwnPage(page, url, `routes.${name}, a member`);
      await guest.goto(url);
      await waitForPageContent(guest);
      if (signIn) await expect.soft(guest.getByTestId('route-sign-in-required'), `${url} (routes.${name}) does not ask a guest to sign in`).toBeVisible();
      else await expectOwnPage(guest, url, `routes.${name}, a guest`);
    });
  }
  await guestContext.close();
});

test('every pending route still opens the 404 page (a route that works comes off PENDING_ROUTES)', async ({ page }) => {
  test.skip(PENDING_ROUTES.length === 0, 'no route is pending');
  await page.goto('/');
  await signUpNewMember(page, 'Petra Pending', 'pending');
  const examples = PENDING_ROUTES.map((p) => [p.example, p.why]);
  for (const [example, why] of examples) {
    await page.goto(example!);
    await expect.soft(page.getByTestId('not-found'), `${example} (${why}) opens a page: take it off PENDING_ROUTES`).toBeVisible();
  }
});
