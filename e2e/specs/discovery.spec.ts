import { expect, test, type Page } from '../support/test';
import type { SearchCharactersParams } from '@fable/contracts';
import { E2E_ADMINS, E2E_FAVORITE_LIMIT, searchCatalog } from '../support/catalog';
import { signInAs, signUpNewMember } from '../support/members';

async function openHome(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByTestId('character-card').first()).toBeVisible();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const cardNames = (page: Page) => page.getByTestId('character-card').locator('h3').allInnerTexts();
const resultCount = (page: Page) => page.getByText(/^\S+ chatbots?$/);
const abbreviate = (n: number) => (n >= 1_000_000 ? `${+(n / 1e6).toFixed(1)}m` : n >= 1000 ? `${+(n / 1e3).toFixed(1)}k` : String(n));

/**
 * The page shows what the API answered when the page asked. Other specs publish chatbots in parallel, so the page is
 * compared with the API's answers just before and just after it is read: it must equal one of them (retried while
 * the page is still loading).
 */
async function expectPageToShowCatalog<T>(readPage: () => Promise<T>, readCatalog: () => Promise<T>, cached: T[] = []) {
  let shown: T | undefined;
  await expect(async () => {
    const before = await readCatalog();
    shown = await readPage();
    const after = await readCatalog();
    expect([before, after, ...cached]).toContainEqual(shown);
  }).toPass({ timeout: 10_000 });
  return shown as T;
}
const countText = (params: SearchCharactersParams) => async () => `${abbreviate((await searchCatalog(params)).found)} chatbots`;
const hitNames = (params: SearchCharactersParams) => async () => (await searchCatalog(params)).hits.map((h) => h.name);
const shownCount = (page: Page) => () => resultCount(page).innerText();

test('a guest searches, filters by an included and an excluded tag, sorts, pages, opens a profile and reaches the chat', async ({ page }) => {
  test.setTimeout(60_000);
  const everything = await searchCatalog({});
  const [include, exclude] = everything.facets.tags.map((f) => f.value);
  const filtered = await searchCatalog({ include_tags: [include!], exclude_tags: [exclude!], sort: 'latest' });
  expect(filtered.found).toBeGreaterThan(48);

  await openHome(page);
  const firstCount = await expectPageToShowCatalog(shownCount(page), countText({}));

  // Text search (debounced): a character's name finds it.
  const someone = everything.hits[5]!;
  await page.getByRole('searchbox', { name: 'Search chatbots' }).fill(someone.name);
  await expect(page.getByRole('link', { name: someone.name, exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=/);
  await page.getByRole('searchbox', { name: 'Search chatbots' }).fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  // The unfiltered answer may come from the page's cache.
  await expectPageToShowCatalog(shownCount(page), countText({}), [firstCount]);

  // Tags: include one, exclude another (a chip goes none → include → exclude).
  await page.getByRole('button', { name: /^Tags/ }).click();
  const panel = page.getByTestId('tag-panel');
  const chip = (tag: string, state = '') => panel.getByRole('button', { name: new RegExp(`^${escapeRegExp(tag)}( \\(\\d+\\))?${state}$`) });
  // Each answer's counts reorder the chips: a click waits for the answer of the one before (a chip moved between the
  // press and the release of a click is not clicked).
  await chip(include!).click();
  await expect(chip(include!, ', included')).toBeVisible();
  await expectPageToShowCatalog(shownCount(page), countText({ include_tags: [include!] }));
  await chip(exclude!).click();
  await expect(chip(exclude!, ', included')).toBeVisible();
  await expectPageToShowCatalog(shownCount(page), countText({ include_tags: [include!, exclude!] }));
  await chip(exclude!, ', included').click();
  await expect(chip(exclude!, ', excluded')).toBeVisible();

  // Sort by Latest: the grid is the API's answer for the same filters, in order.
  const latest = { include_tags: [include!], exclude_tags: [exclude!], sort: 'latest' } as const;
  await page.getByLabel('Sort by').selectOption({ label: 'Latest' });
  await expectPageToShowCatalog(shownCount(page), countText(latest));
  await expectPageToShowCatalog(() => cardNames(page), hitNames(latest));

  // Page 2.
  await page.getByRole('navigation', { name: 'Result pages' }).getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expectPageToShowCatalog(() => cardNames(page), hitNames({ ...latest, page: 2 }));

  // The state is in the URL: a reload keeps it.
  await page.reload();
  await expectPageToShowCatalog(() => cardNames(page), hitNames({ ...latest, page: 2 }));

  // Open a profile, then Chat Now.
  const [targetName] = await cardNames(page);
  const targetLink = page.getByRole('link', { name: targetName!, exact: true }).first();
  const targetHref = (await targetLink.getAttribute('href'))!;
  await targetLink.click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(targetHref)}$`));
  await expect(page.getByRole('heading', { level: 1, name: targetName! })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Greeting' })).toBeVisible();
  await page.getByRole('link', { name: 'Chat Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${escapeRegExp(targetHref.split('/').pop()!)}`));
  await expect(page.getByRole('textbox', { name: /^Message / })).toBeVisible();
});

test('the NSFW toggle: a guest is asked to create an account', async ({ page }) => {
  await openHome(page);
  await page.getByRole('switch', { name: 'NSFW' }).click();
  await expect(page.getByRole('dialog', { name: 'Register for Free' })).toBeVisible();
  // Behind the open dialog the page is hidden from assistive technology (aria-hidden), so the switch is read there.
  await expect(page.getByRole('switch', { name: 'NSFW', includeHidden: true })).toHaveAttribute('aria-checked', 'false');
});

test('the NSFW toggle: a member is sent to the profile first, then it switches and shows NSFW chatbots', async ({ page }) => {
  test.setTimeout(60_000);
  await openHome(page);
  await signUpNewMember(page, 'Nadia', 'nsfw');
  const safeCount = await resultCount(page).innerText();

  await page.getByRole('switch', { name: 'NSFW' }).click();
  const access = page.getByRole('dialog', { name: 'NSFW Content' });
  await expect(access).toBeVisible();
  await access.getByRole('button', { name: 'Go to Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByLabel('Show NSFW content').check();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Profile saved successfully.')).toBeVisible();

  await openHome(page);
  await page.getByRole('switch', { name: 'NSFW' }).click();
  await expect(page.getByRole('switch', { name: 'NSFW' })).toHaveAttribute('aria-checked', 'true');
  await expect(resultCount(page)).not.toHaveText(safeCount);
  // Remembered on this device.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'NSFW' })).toHaveAttribute('aria-checked', 'true');
});

test('a member likes up to the limit and sees the error; less-like-this and block creator remove cards for good', async ({ page }) => {
  test.setTimeout(90_000);
  await openHome(page);
  await signUpNewMember(page, 'Lena', 'likes');
  const cards = page.getByTestId('character-card');
  // The sign-up reloaded the page: its cards are read once they are back.
  await expect(cards.first()).toBeVisible();
  // Names that show once on the page (two characters may share a name).
  const unique = (all: string[]) => all.filter((n) => all.indexOf(n) === all.lastIndexOf(n));
  const names = unique(await cardNames(page));

  const menuOf = async (name: string) => {
    await page.getByRole('button', { name: `More actions for ${name}` }).click();
    return page.getByRole('menu');
  };
  for (const name of names.slice(0, E2E_FAVORITE_LIMIT)) {
    await (await menuOf(name)).getByRole('menuitem', { name: 'Like', exact: true }).click();
    await expect(cards.filter({ hasText: name }).first().getByText('Liked')).toBeAttached();
  }
  const oneTooMany = names[E2E_FAVORITE_LIMIT]!;
  await (await menuOf(oneTooMany)).getByRole('menuitem', { name: 'Like', exact: true }).click();
  const error = page.getByRole('dialog', { name: 'Error' });
  await expect(error).toContainText(
    `Oops! You've reached your limit of ${E2E_FAVORITE_LIMIT} favorite bots. To add more, please consider removing some from your current list.`,
  );
  await error.getByRole('button', { name: 'Close' }).last().click();
  // The like was undone.
  await expect((await menuOf(oneTooMany)).getByRole('menuitem', { name: 'Like', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // Favourites lists the three.
  await page.goto('/favorite-bots');
  await expect.poll(async () => (await cardNames(page)).sort()).toEqual(names.slice(0, E2E_FAVORITE_LIMIT).sort());

  // Less Like This removes the card, and it stays gone after a reload.
  await openHome(page);
  const dismissed = unique(await cardNames(page)).find((n) => !names.slice(0, E2E_FAVORITE_LIMIT).includes(n))!;
  const dismissedHref = await page.getByRole('link', { name: dismissed, exact: true }).getAttribute('href');
  const dismissedLink = page.locator(`a[href="${dismissedHref}"]`);
  await (await menuOf(dismissed)).getByRole('menuitem', { name: 'Less Like This' }).click();
  // The card goes at once (optimistic); the toast says the API has recorded it. A reload before that would abort
  // the call, and the card would rightly come back.
  await expect(dismissedLink).toHaveCount(0);
  await expect(page.getByText("Got it. You'll see fewer chatbots like this.")).toBeVisible();
  await page.reload();
  await expect(cards.first()).toBeVisible();
  await expect(dismissedLink).toHaveCount(0);

  // Block Creator removes every card of that creator, and it stays so after a reload.
  const victim = unique(await cardNames(page))[0]!;
  const creatorLink = cards.filter({ has: page.getByRole('link', { name: victim, exact: true }) }).locator('a[href^="/creator/"]');
  const creator = (await creatorLink.innerText()).trim();
  const creatorCards = page.locator(`a[href="${await creatorLink.getAttribute('href')}"]`);
  await (await menuOf(victim)).getByRole('menuitem', { name: 'Block Creator' }).click();
  await page.getByRole('dialog', { name: 'Block Creator' }).getByRole('button', { name: 'Block' }).click();
  await expect(creatorCards).toHaveCount(0);
  await page.reload();
  await expect(cards.first()).toBeVisible();
  await expect(creatorCards).toHaveCount(0);
  // And it is on the Blocked Creators page.
  await page.goto('/blocked-creators');
  await expect(page.getByRole('link', { name: creator })).toBeVisible();
});

test('the leaderboard shows a month computed and approved by an admin', async ({ page }) => {
  test.setTimeout(60_000);
  // Last month (each e2e run starts on a new database, so it is not published yet).
  const now = new Date();
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const month = `${previous.getUTCFullYear()}-${String(previous.getUTCMonth() + 1).padStart(2, '0')}`;

  await page.goto('/creators/leaderboard');
  await signInAs(page, E2E_ADMINS.leaderboard.email, E2E_ADMINS.leaderboard.username, E2E_ADMINS.leaderboard.name);
  await page.getByLabel('Month to compute').fill(month);
  await page.getByRole('button', { name: 'Compute' }).click();
  await expect(page.getByText(/entries computed for/)).toBeVisible();
  await expect(page.getByText('Pending').first()).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog', { name: 'Approve Leaderboard' }).getByRole('button', { name: 'Approve' }).click();
  // The notification, not the pending notice ("… until it is approved.").
  await expect(page.getByText(/^The ranking of \w+ \d{4} is approved$/)).toBeVisible();
  await expect(page.getByText(/is pending: only admins/)).toHaveCount(0);

  // A guest sees the published month: a podium of three and the ranking.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(`/creators/leaderboard?date=${month}`);
  await expect(page.getByRole('heading', { name: 'Creator Leaderboard' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ranking — New Bots' })).toBeVisible();
  await expect(page.getByText('Pending')).toHaveCount(0);
  await expect(page.locator('a[href^="/creator/"]').first()).toBeVisible();
});
