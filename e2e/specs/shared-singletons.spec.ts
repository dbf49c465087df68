import { expect, test } from '@playwright/test';
import { REMOTE_PAGES } from '../support/site';

const SINGLETONS = ['react', 'react-dom', 'react-redux', '@reduxjs/toolkit', '@emotion/react'];

test('shared libraries are loaded once and there is one store, across every remote', async ({ page }) => {
  // Every copy of react-dom registers itself with the devtools hook: count the registrations.
  await page.addInitScript(() => {
    const renderers = new Map<number, unknown>();
    let id = 0;
    Object.assign(window, {
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        renderers,
        supportsFiber: true,
        inject: (renderer: unknown) => {
          id += 1;
          renderers.set(id, renderer);
          return id;
        },
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      },
    });
  });
  const scripts = new Set<string>();
  page.on('request', (request) => request.resourceType() === 'script' && scripts.add(request.url()));

  await page.goto('/');
  for (const remote of REMOTE_PAGES) {
    // Client-side navigation keeps one page, one runtime, one store.
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, remote.path);
    await expect(page.locator(`[data-remote="${remote.federationName}"]`)).toBeAttached();
  }

  expect(await page.evaluate(() => (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size)).toBe(1);

  // The federation share scope: for each singleton, exactly one provider's copy was loaded.
  const loaded = await page.evaluate((names) => {
    type Shared = { loaded?: boolean; lib?: unknown; from: string; version: string };
    const federation = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Shared>>>> } }).__FEDERATION__;
    const result: Record<string, string[]> = {};
    for (const name of names) {
      const copies = new Set<string>();
      for (const scopes of Object.values(federation.__SHARE__)) {
        for (const scope of Object.values(scopes)) {
          for (const shared of Object.values(scope[name] ?? {})) {
            if (shared.loaded || shared.lib) copies.add(`${shared.from}@${shared.version}`);
          }
        }
      }
      result[name] = [...copies];
    }
    return result;
  }, SINGLETONS);
  for (const name of SINGLETONS) expect(loaded[name], name).toHaveLength(1);

  // The remotes' code really came from their own origins.
  expect(new Set([...scripts].map((url) => new URL(url).port)).size).toBeGreaterThanOrEqual(REMOTE_PAGES.length + 1);

  // One store: each remote's slice, injected at run time, is in the host's store.
  const slices = await page.evaluate(() => Object.keys((window as unknown as { __FABLE_STORE__: { getState(): object } }).__FABLE_STORE__.getState()));
  expect(slices).toEqual(expect.arrayContaining(['session', 'ui', 'deployment', 'api', 'account', 'billing', 'chat', 'discovery', 'creator']));
});
