import { expect, test } from '../support/test';
import { REMOTE_PAGES } from '../support/site';

test.describe('each remote renders inside the shell', () => {
  for (const remote of REMOTE_PAGES) {
    test(`${remote.app}: ${remote.path} by direct URL`, async ({ page }) => {
      await page.goto(remote.path);
      const mounted = page.locator(`[data-remote="${remote.federationName}"]`);
      await expect(mounted).toBeAttached();
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(remote.heading);
      await expect(page.getByTestId('header')).toBeVisible();
      await expect(page.getByTestId('footer')).toBeVisible();
    });
  }

  test('the page announces the scripts its start needs, the host’s and its route’s remote’s, and each is fetched once', async ({ page, request, baseURL }) => {
    const preloadsOf = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="(?:script|fetch)"[^>]*? href="([^"]+)"/g)].map((m) => new URL(m[1]!, baseURL).href);
    // The site server reads the route's remote's mf-manifest.json in the background the first time a page needs it.
    await expect.poll(async () => preloadsOf(await (await request.get('/')).text()).some((url) => /\/remoteEntry\.[0-9a-f]+\.js$/.test(url))).toBe(true);
    const preloads = preloadsOf(await (await request.get('/')).text());
    expect(preloads.filter((url) => url.startsWith(`${baseURL}/`)).length).toBeGreaterThanOrEqual(5);
    expect(preloads.filter((url) => url.endsWith('/mf-manifest.json'))).toHaveLength(1);
    expect(preloads.some((url) => url.includes('__federation_expose_routes'))).toBe(true);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/^Home$/);
    await expect(page.locator('a[href^="/chatbot/"]').first()).toBeVisible();
    // A preload the page's own request did not match (another CORS mode) would be fetched a second time.
    for (const url of preloads) expect(requested.filter((r) => r === url), url).toHaveLength(1);
  });

  test('pages are reached by navigating from the shell, without reloading', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.locator('[data-remote="mf_account"]')).toBeAttached();
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/Terms/);
    // A marker on window survives client-side navigation only.
    await page.evaluate(() => Object.assign(window, { __noReload: true }));
    const nav = page.getByTestId('side-nav');
    for (const remote of REMOTE_PAGES.filter((r) => r.nav)) {
      await nav.getByRole('link', { name: remote.nav, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${remote.path}$`));
      await expect(page.locator(`[data-remote="${remote.federationName}"]`)).toBeAttached();
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(remote.heading);
    }
    // Subscribe's page comes with the billing work: link-crawl.spec.ts holds /subscribe among its pending routes.
    await page.getByTestId('footer').getByRole('link', { name: 'Terms' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/Terms/);
    await page.getByTestId('footer').getByRole('link', { name: 'Guidelines' }).click();
    await expect(page).toHaveURL(/\/guidelines$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Community Guidelines' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });

  test('an unknown route shows the 404 page and goes back home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'This page is gone.' })).toBeVisible();
    await expect(page.getByText('The page you are looking for does not exist or never existed.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-remote="mf_discovery"]')).toBeAttached();
    await expect(page.getByTestId('character-card').first()).toBeVisible();
  });

  test('the 403 page has the spec text', async ({ page }) => {
    await page.goto('/accessDenied');
    await expect(page.getByText('You are Not Authorized to access this page')).toBeVisible();
  });
});
