import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/test';
import { pointDeployment } from '../../deploy/scripts/pointDeployment';
import { run } from '../../scripts/lib/run';
import { ROOT } from '../../scripts/lib/apps';

test('a remote redeployed under a new versioned path, with a new route, is served after a reload, nothing else rebuilt', async ({ page }) => {
  test.setTimeout(120_000);
  const published = process.env.E2E_PUBLISHED_DIR!;
  const deployments = process.env.E2E_DEPLOYMENTS_DIR!;
  const version = '0.1.1-e2e';
  const hostBefore = readFileSync(path.join(ROOT, 'host/dist/index.html'), 'utf8');

  await page.goto('/terms');
  await expect(page.locator('[data-remote="mf_account"]')).toHaveAttribute('data-remote-version', '0.1.0');
  await page.goto('/legal/terms');
  await expect(page.getByRole('heading', { name: 'This page is gone.' })).toBeVisible();

  // The team adds a route in its remote.json (here: a copy of it with one route more) and builds its remote alone.
  const source = JSON.parse(readFileSync(path.join(ROOT, 'mf-account/remote.json'), 'utf8'));
  source.routes.push({ path: '/legal/terms', page: 'terms' });
  const manifestFile = path.join(mkdtempSync(path.join(tmpdir(), 'fable-remote-')), 'remote.json');
  writeFileSync(manifestFile, JSON.stringify(source));

  // Build only mf-account, straight into its new versioned path, then move the pointer.
  const rspack = path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js');
  await run(process.execPath, [rspack, 'build'], {
    cwd: path.join(ROOT, 'mf-account'),
    env: { NODE_ENV: 'production', REMOTE_VERSION: version, REMOTE_MANIFEST_FILE: manifestFile, OUTPUT_DIR: path.join(published, 'mf-account', version) },
    quiet: true,
  });
  await pointDeployment(deployments, 'main', 'mf-account', version, { publishedDir: published });
  try {
    await page.goto('/terms');
    await expect(page.locator('[data-remote="mf_account"]')).toHaveAttribute('data-remote-version', version);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/Terms/);
    await page.goto('/legal/terms');
    await expect(page.locator('[data-remote="mf_account"]')).toHaveAttribute('data-remote-version', version);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/Terms/);
    expect(readFileSync(path.join(ROOT, 'host/dist/index.html'), 'utf8')).toBe(hostBefore);
  } finally {
    await pointDeployment(deployments, 'main', 'mf-account', '0.1.0', { publishedDir: published });
    rmSync(path.join(published, 'mf-account', version), { recursive: true, force: true });
  }
});
