import { expect, test } from '../support/test';
import { pointDeployment } from '../../deploy/scripts/pointDeployment';
import { servedDeployment } from '../support/deployments';
import { SITE_PORT_BASE } from '../support/ports';

// A sixth remote is its own folder (mf-fixture: package.json, remote.json, rspack.config.mjs, tsconfig.json, src/)
// plus one deployment entry. The host, built without ever hearing of it, mounts it with its navigation entry.
test('a deployment that adds a remote the host has never seen mounts it, with its navigation entry', async ({ page }) => {
  const main = servedDeployment('main');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fixture' })).toHaveCount(0);
  await page.goto('/fixture');
  await expect(page.getByRole('heading', { name: 'This page is gone.' })).toBeVisible();

  try {
    // The one deployment entry, written by the publish step with the remote's published manifest inlined.
    await pointDeployment(process.env.E2E_DEPLOYMENTS_DIR!, 'main', 'mf-fixture', '0.1.0', {
      publishedDir: process.env.E2E_PUBLISHED_DIR!,
      newEntry: `http://localhost:${SITE_PORT_BASE + 6}/0.1.0/mf-manifest.json`,
    });
    await page.goto('/');
    const entry = page.getByRole('navigation').getByRole('link', { name: 'Fixture' });
    await expect(entry).toBeVisible();
    await entry.click();
    await expect(page).toHaveURL(/\/fixture$/);
    await expect(page.locator('[data-remote="mf_fixture"]')).toHaveAttribute('data-remote-version', '0.1.0');
    await expect(page.getByRole('heading', { name: 'Fixture remote', level: 1 })).toBeVisible();

    // module-federation/core's "remote-render-error": the fixture's page that throws costs only itself.
    await page.goto('/fixture/broken');
    await expect(page.getByRole('heading', { name: 'Fixture is unavailable right now' })).toBeVisible();
    await expect(page.getByTestId('header')).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  } finally {
    main.restore();
  }
});
