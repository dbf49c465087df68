import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/test';
import { partnerEntryUrl } from '../../api/src/modules/auth/partnerEntryToken';
import { E2E_PARTNER_SECRET } from '../support/partner';
import { SITE_PORT_BASE } from '../support/ports';
import { accountButton, sessionOf } from '../support/session';

const at = (host: string, path: string) => `http://${host}:${SITE_PORT_BASE}${path}`;

test.describe('partner deployment (StoryNest)', () => {
  test('a partner user arriving with their signed link is signed in, in this tab only, and stays so on reload', async ({ page, context, browser }) => {
    const unique = Date.now().toString(36);
    const claims = { applicationId: 'storynest', id: `e2e-sn-${unique}`, name: 'Nest Reader', username: `nest_${unique}` };
    const link = partnerEntryUrl(at('partner.localhost', ''), E2E_PARTNER_SECRET, claims);
    await page.goto(link);
    await expect(accountButton(page, 'Nest Reader')).toBeVisible();
    // The token never stays in the address; the partners' home shows its own content.
    await expect(page).toHaveURL(at('partner.localhost', '/external'));
    await expect(page.getByRole('searchbox', { name: 'Search chatbots' })).toBeVisible();
    expect((await sessionOf(page)).status).toBe('authenticated');
    expect(await page.evaluate(() => [sessionStorage.getItem('fable.auth.partnerSession'), localStorage.getItem('fable.auth.refreshToken')])).toEqual(['1', null]);
    await page.reload();
    await expect(accountButton(page, 'Nest Reader')).toBeVisible();
    // Another tab of the device is not this partner session.
    const other = await context.newPage();
    await other.goto(at('partner.localhost', '/external'));
    await expect(other.getByRole('searchbox', { name: 'Search chatbots' })).toBeVisible();
    await expect.poll(async () => (await sessionOf(other)).status).toBe('guest');
    // The same link again (another device): refused, once used; the visitor stays a guest.
    const elsewhere = await browser.newContext();
    const again = await elsewhere.newPage();
    await again.goto(link);
    await expect(again.getByText(/already used/)).toBeVisible();
    await expect.poll(async () => (await sessionOf(again)).status).toBe('guest');
    await elsewhere.close();
  });

  test('hides and 404s the billing and creator routes', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    for (const path of ['/plan-comparison', '/subscribe', '/my-chatbots', '/chatbot/create']) {
      await page.goto(at('partner.localhost', path));
      await expect(page.getByRole('heading', { name: 'This page is gone.' })).toBeVisible();
    }
    // The disabled remotes are never even fetched.
    expect(requested.filter((u) => u.includes(`:${SITE_PORT_BASE + 3}/`) || u.includes(`:${SITE_PORT_BASE + 4}/`))).toEqual([]);
  });

  test('shows its brand, no side navigation, the partner footer and no upgrade pill', async ({ page }) => {
    await page.goto(at('partner.localhost', '/terms'));
    await expect(page.locator('[data-remote="mf_account"]')).toBeAttached();
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/Terms/);
    await expect(page.getByTestId('brand-logo').getByRole('img')).toHaveAttribute('alt', 'StoryNest');
    await expect(page.getByTestId('side-nav')).toHaveCount(0);
    await expect(page.getByTestId('upgrade-pill')).toHaveCount(0);
    const footer = page.getByTestId('footer');
    await expect(footer).toHaveAttribute('data-variant', 'partner');
    await expect(footer.getByRole('link')).toHaveText(['Support', 'Terms', 'Privacy', 'Refunds']);
    await expect(footer).toContainText('StoryNest is operated by StoryNest Media in partnership with Fable.');
  });
});

test('the sister brand has its own name, logo and colours, and no leaderboard', async ({ page }) => {
  await page.goto(at('sister.localhost', '/terms'));
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/Terms/);
  await expect(page.getByTestId('brand-logo').getByRole('img')).toHaveAttribute('alt', 'Tales');
  await expect(page.getByTestId('side-nav').getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(page.getByTestId('side-nav').getByRole('link', { name: 'Leaderboard' })).toHaveCount(0);
  await expect(page.getByTestId('footer')).not.toContainText('2257');
  // The pill is painted in the sister brand's own primary colour.
  const primary = (JSON.parse(readFileSync(path.join(__dirname, '../../deploy/deployments/sister.json'), 'utf8')) as { brand: { colors: { primary: string } } }).brand.colors.primary;
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(primary.slice(i, i + 2), 16));
  const pill = await page.getByTestId('upgrade-pill').evaluate((el) => getComputedStyle(el).backgroundImage);
  expect(pill).toContain(`rgb(${r}, ${g}, ${b})`);
});

test('an unknown hostname gets the error page', async ({ page }) => {
  await page.goto(at('nope.localhost', '/'));
  await expect(page.getByTestId('unknown-domain')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unknown domain' })).toBeVisible();
  await expect(page.getByTestId('header')).toHaveCount(0);
});
