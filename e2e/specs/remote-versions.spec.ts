import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/test';
import { servedDeployment } from '../support/deployments';
import { SITE_PORT_BASE } from '../support/ports';

// A remote built against another major of @fable/shared or @fable/contracts is refused before any of its code runs:
// its routes show the fallback, the console says why, and the shell and the other remotes keep working.
/** The next major of a workspace's version (shared 2.1.0 → 3.0.0): one the shell was not built against. */
const nextMajor = (workspace: string) => {
  const { version } = JSON.parse(readFileSync(path.join(__dirname, `../../${workspace}/package.json`), 'utf8')) as { version: string };
  return `${Number(version.split('.')[0]) + 1}.0.0`;
};

for (const [pkg, field, other] of [
  ['@fable/shared', 'sharedVersion', nextMajor('shared')],
  ['@fable/contracts', 'contractsVersion', nextMajor('contracts')],
] as const) {
  test(`a remote built against another major of ${pkg} is refused before its code runs`, async ({ page }) => {
    const main = servedDeployment('main');
    const deployment = main.read();
    deployment.remotes.mf_billing!.manifest![field] = other;
    main.write(deployment);
    const billingOrigin = `http://localhost:${SITE_PORT_BASE + 4}`;
    const billingRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(billingOrigin)) billingRequests.push(request.url());
    });
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    try {
      await page.goto('/plan-comparison');
      await expect(page.getByRole('heading', { name: 'Subscriptions is unavailable right now' })).toBeVisible();
      expect(logs.join('\n')).toContain(`mf_billing was built against ${pkg} ${other}`);
      expect(logs.join('\n')).toContain('major versions differ, not mounted');
      expect(billingRequests).toEqual([]);

      await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
      await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
    } finally {
      main.restore();
    }
  });
}

// A lazy chunk that fails to load shows the fallback, and Retry loads it anew (React.lazy keeps a rejected import).
test('a page chunk that fails to load recovers on Retry', async ({ page }) => {
  const discoveryOrigin = `http://localhost:${SITE_PORT_BASE + 2}`;
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  const blocked: string[] = [];
  await page.route(`${discoveryOrigin}/**/*.js`, (route) => {
    blocked.push(route.request().url());
    return route.abort('connectionreset');
  });
  await page.getByRole('navigation').getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page.getByRole('heading', { name: 'Discovery is unavailable right now' })).toBeVisible();
  expect(blocked.length).toBeGreaterThan(0);
  await page.unroute(`${discoveryOrigin}/**/*.js`);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Creator Leaderboard' })).toBeVisible();
});

test('a guest on a member page is asked to sign in; the page is not loaded', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Sign in to continue', level: 1 })).toBeVisible();
  await expect(page.locator('[data-remote="mf_account"]')).toHaveCount(0);
  await page.getByTestId('route-sign-in-required').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
