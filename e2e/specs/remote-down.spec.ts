import { expect, test } from '../support/test';
import { REMOTE_PAGES, startRemote, stopRemote } from '../support/site';

// module-federation/core's "remote-resource-error": a remote whose server is down costs only its routes.
for (const remote of REMOTE_PAGES) {
  test(`${remote.app} down: the shell and the other remotes keep working, Retry recovers`, async ({ page }) => {
    await stopRemote(remote.app);
    try {
      await page.goto(remote.path);
      const fallback = page.getByTestId('remote-fallback');
      await expect(fallback).toBeVisible();
      await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(page.getByTestId('header')).toBeVisible();
      await expect(page.getByTestId('footer')).toBeVisible();

      // Another remote still renders, reached from the shell.
      const other = REMOTE_PAGES.find((r) => r.app !== remote.app)!;
      await page.evaluate((path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, other.path);
      await expect(page.locator(`[data-remote="${other.federationName}"]`)).toBeAttached();
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(other.heading);
      await page.goBack();
      await expect(page.getByTestId('remote-fallback')).toBeVisible();

      // Still down: Retry shows the fallback again.
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByTestId('remote-fallback')).toBeVisible();
    } finally {
      await startRemote(remote.app);
    }
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator(`[data-remote="${remote.federationName}"]`)).toBeAttached();
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(remote.heading);
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  });
}
