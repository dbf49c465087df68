import { expect, test } from '../support/test';
import { REMOTE_PAGES } from '../support/site';

/** Federation singletons: one copy, whoever provides it. */
const FEDERATION_SHARES = ['react', 'react-dom', '@emotion/react'];
/** Strings only these libraries' code holds, even minified. */
const CODE_SIGNATURES = {
  redux: '@@redux/INIT',
  '@reduxjs/toolkit': '__rtkq/',
  'react-redux': 'react-redux-context',
};

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
  const bodies: Record<string, string> = {};
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.add(response.url());
    bodies[response.url()] = await response.text().catch(() => '');
  });

  await page.goto('/');
  for (const remote of REMOTE_PAGES) {
    // Client-side navigation keeps one page, one runtime, one store.
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, remote.path);
    await expect(page.locator(`[data-remote="${remote.federationName}"]`)).toBeAttached();
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(remote.heading);
  }

  expect(await page.evaluate(() => (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size)).toBe(1);

  // The federation share scope: for react, react-dom and @emotion/react, exactly one provider's copy was loaded.
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
  }, FEDERATION_SHARES);
  for (const name of FEDERATION_SHARES) expect(loaded[name], name).toHaveLength(1);

  // react-redux and Redux Toolkit reach the remotes through @fable/shared (docs/adr/0002): no script
  // a remote served may carry its own copy. Each library is recognised by a string its code holds.
  for (const [name, signature] of Object.entries(CODE_SIGNATURES)) {
    const carriers = Object.entries(bodies).filter(([, body]) => body.includes(signature)).map(([url]) => url);
    expect(carriers, name).toHaveLength(1);
    expect(new URL(carriers[0]!).port, `${name} comes from the host`).toBe(new URL(page.url()).port);
  }

  // One store: each remote's slice, injected at run time, is in the host's store.
  const slices = await page.evaluate(() => Object.keys((window as unknown as { __FABLE_STORE__: { getState(): object } }).__FABLE_STORE__.getState()));
  expect(slices).toEqual(expect.arrayContaining(['session', 'ui', 'deployment', 'api', 'account', 'billing', 'chat', 'discovery', 'creator']));
});
