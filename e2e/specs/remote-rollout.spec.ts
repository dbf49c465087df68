import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { inRollout, ROLLOUT_KEY_STORAGE } from '@fable/contracts';
import { expect, test } from '../support/test';
import { remoteEventCounts, rollBack, rolloutStatus, startRollout } from '../../deploy/scripts/rolloutRemote';

// README "Rolling out a remote": half the sessions get a broken release of mf-account, the site counts its failures
// from the pages' reports, one command rolls it back, and every session is back on the working version.
const BROKEN = '0.1.1-broken';

/** A copy of the published mf-account whose remote entry throws as it runs: a release that cannot load. */
function publishBrokenRelease(published: string): string {
  const dir = path.join(published, 'mf-account', BROKEN);
  cpSync(path.join(published, 'mf-account', '0.1.0'), dir, { recursive: true });
  const entry = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')).metaData.remoteEntry.name as string;
  for (const file of readdirSync(dir).filter((f) => f.startsWith(`${entry}.`))) rmSync(path.join(dir, file));
  writeFileSync(path.join(dir, entry), "throw new Error('a broken release of mf-account');\n");
  return dir;
}

const scrape = async () => remoteEventCounts(await (await fetch(process.env.E2E_SITE_METRICS_URL!)).text(), 'main');
const counted = (counts: Map<string, number>, version: string, event: string) => counts.get(`mf_account ${version} ${event}`) ?? 0;

test('a release of one remote goes to half the sessions, its failures are counted, one command rolls it back and no session stays on it', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const published = process.env.E2E_PUBLISHED_DIR!;
  const deployments = process.env.E2E_DEPLOYMENTS_DIR!;
  // Sessions by the key their share is chosen by: four that the rollout takes and four it leaves.
  const keys = Array.from({ length: 64 }, (_, i) => `e2e-session-${i}`);
  const inside = keys.filter((key) => inRollout(key, 'mf_account', 50)).slice(0, 4);
  const outside = keys.filter((key) => !inRollout(key, 'mf_account', 50)).slice(0, 4);
  const brokenDir = publishBrokenRelease(published);
  const contexts: BrowserContext[] = [];
  const open = async (key: string): Promise<Page> => {
    const context = await browser.newContext({
      baseURL,
      storageState: { cookies: [], origins: [{ origin: baseURL!, localStorage: [{ name: 'fable.interestPickerDone', value: 'true' }, { name: ROLLOUT_KEY_STORAGE, value: key }] }] },
    });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/terms');
    return page;
  };
  const onWorkingVersion = async (page: Page) => {
    await expect(page.locator('[data-remote="mf_account"]')).toHaveAttribute('data-remote-version', '0.1.0');
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/Terms/);
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  };
  try {
    const before = await scrape();
    await startRollout(deployments, 'main', 'mf-account', BROKEN, 50, { publishedDir: published });

    const rolled = [];
    for (const key of inside) {
      const page = await open(key);
      await expect(page.getByRole('heading', { name: 'Account is unavailable right now' })).toBeVisible();
      await expect(page.getByTestId('header')).toBeVisible();
      rolled.push(page);
    }
    const kept = [];
    for (const key of outside) {
      const page = await open(key);
      await onWorkingVersion(page);
      kept.push(page);
    }
    // Stable: a session keeps its version from page to page.
    await rolled[0]!.reload();
    await expect(rolled[0]!.getByRole('heading', { name: 'Account is unavailable right now' })).toBeVisible();
    await kept[0]!.reload();
    await onWorkingVersion(kept[0]!);

    // The pages' reports, counted by version: a failure of the release from each of its pages (at least one per page
    // load: the account overlay and the page may each load it), none of the working version, no load of the release.
    await expect.poll(async () => counted(await scrape(), BROKEN, 'load_failed') - counted(before, BROKEN, 'load_failed')).toBeGreaterThanOrEqual(inside.length + 1);
    const metricsText = await (await fetch(process.env.E2E_SITE_METRICS_URL!)).text();
    const during = remoteEventCounts(metricsText, 'main');
    expect(counted(during, BROKEN, 'loaded')).toBe(0);
    expect(counted(during, '0.1.0', 'loaded') - counted(before, '0.1.0', 'loaded')).toBeGreaterThanOrEqual(outside.length + 1);
    expect(counted(during, '0.1.0', 'load_failed')).toBe(counted(before, '0.1.0', 'load_failed'));
    const status = await rolloutStatus(deployments, 'main', metricsText);
    expect(status.find((line) => line.startsWith('mf_account:'))).toMatch(
      new RegExp(`rolling out ${BROKEN} to 50 % \\(loaded 0, load_failed ${counted(during, BROKEN, 'load_failed')}, render_failed 0\\)`),
    );

    // One command: nobody gets the release any more. The pages on it move off it at Retry, without a reload.
    expect(await rollBack(deployments, 'main', 'mf-account')).toBe(BROKEN);
    for (const page of rolled) {
      await page.getByRole('button', { name: 'Retry' }).click();
      await onWorkingVersion(page);
    }
    // And every session, at its next page, is on the working version.
    for (const page of [...rolled, ...kept]) {
      await page.reload();
      await onWorkingVersion(page);
    }
    expect(counted(await scrape(), BROKEN, 'loaded')).toBe(0);
  } finally {
    await rollBack(deployments, 'main', 'mf-account');
    await Promise.all(contexts.map((context) => context.close()));
    rmSync(brokenDir, { recursive: true, force: true });
  }
});
