import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONTROL_PORT, SITE_PORT_BASE } from '../support/ports';
import { expect, test, type CspViolation, type Page } from '../support/test';

const at = (host: string, path: string) => `http://${host}:${SITE_PORT_BASE}${path}`;
const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

test.describe('security headers', () => {
  test('a host page has a CSP allowing its remotes, the nonce in the page and nothing inline', async ({ page }) => {
    const response = await page.goto('/terms');
    const policy = (await response!.headerValue('content-security-policy')) ?? '';
    const remotes = [1, 2, 3, 4, 5].map((n) => `http://localhost:${SITE_PORT_BASE + n}`).join(' ');
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' ${remotes}`);
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(await response!.headerValue('x-content-type-options')).toBe('nosniff');
    expect(await response!.headerValue('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // helmet's: the page is the site's alone, opens no window that may reach back into it, may not be framed but as
    // frame-ancestors says (no X-Frame-Options), and may use the microphone and payments, no other powerful feature.
    expect(await response!.headerValue('cross-origin-resource-policy')).toBe('same-origin');
    expect(await response!.headerValue('cross-origin-opener-policy')).toBe('same-origin');
    expect(await response!.headerValue('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(await response!.headerValue('x-frame-options')).toBeNull();
    expect(await response!.headerValue('permissions-policy')).toMatch(/^camera=\(\), geolocation=\(\), microphone=\(self\), payment=\(self[^)]*\), usb=\(\)/);
    // The API's answers through the site's /api carry the API's own: never framed, read by the same site only.
    const api = await page.request.get('/api/health/live');
    expect(api.status()).toBe(200);
    expect(api.headers()['x-frame-options']).toBe('DENY');
    expect(api.headers()['cross-origin-resource-policy']).toBe('same-site');
    // emotion's style elements carry the response's nonce: the page is styled.
    const nonce = /'nonce-([^']+)'/.exec(policy)![1];
    await expect(page.getByTestId('header')).toBeVisible();
    const styleNonces = await page.locator('style[data-emotion]').evaluateAll((styles) => styles.map((s) => (s as HTMLStyleElement).nonce));
    expect(styleNonces.length).toBeGreaterThan(0);
    expect(new Set(styleNonces)).toEqual(new Set([nonce]));
  });

  test('the remotes’ files are served with nosniff and CORS, without a page policy', async ({ request }) => {
    const response = await request.get(`http://localhost:${SITE_PORT_BASE + 1}/0.1.0/mf-manifest.json`);
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expect(response.headers()['access-control-allow-origin']).toBe('*');
    expect(response.headers()['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers()['content-security-policy']).toBeUndefined();
  });

  // Pages of other origins that frame ours, from the e2e control server: a local origin, as Chromium blocks a
  // public page's frames of local addresses before any CSP is read.
  const embedder = `http://127.0.0.1:${CONTROL_PORT}`;
  const stranger = `http://localhost:${CONTROL_PORT}`;
  const framing = (page: Page, origin: string, framed: string) => page.goto(`${origin}/embed?src=${encodeURIComponent(framed)}`);
  const framedHeader = (page: Page) => page.frameLocator('iframe').getByTestId('header');

  /** The browser told of the refused frame; expected here, so not a failure of the test. */
  const expectFrameRefused = async (violations: CspViolation[]) => {
    await expect.poll(() => violations.map((v) => v.detail).join('\n')).toMatch(/frame-ancestors/);
    violations.length = 0;
  };

  test('a partner’s listed embedders may frame its pages, no other site may', async ({ page, cspViolations }) => {
    // The e2e copy of the partner's deployment lists one more embedder for this test (read on each request).
    const file = path.join(process.env.E2E_DEPLOYMENTS_DIR!, 'partner-x.json');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(original), embedders: ['https://storynest.example', embedder] }));
    try {
      const framedPage = page.waitForResponse(at('partner.localhost', '/terms'));
      await framing(page, embedder, at('partner.localhost', '/terms'));
      const policy = (await (await framedPage).headerValue('content-security-policy')) ?? '';
      expect(directive(policy, 'frame-ancestors')).toBe(`frame-ancestors 'self' https://storynest.example ${embedder}`);
      await expect(framedHeader(page)).toBeVisible();

      // The same page framed by an origin the deployment does not list: the browser refuses it.
      await framing(page, stranger, at('partner.localhost', '/terms'));
      await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/);
      await expect(framedHeader(page)).toHaveCount(0);
      await expectFrameRefused(cspViolations);
    } finally {
      writeFileSync(file, original);
    }
  });

  test('the main brand’s pages may be framed by no other site', async ({ page, cspViolations }) => {
    await framing(page, embedder, at('localhost', '/terms'));
    await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/);
    await expect(framedHeader(page)).toHaveCount(0);
    await expectFrameRefused(cspViolations);
  });

  test('the violation check is real: inline script and inline style are blocked and caught', async ({ page, cspViolations }) => {
    await page.goto('/terms');
    await expect(page.getByTestId('header')).toBeVisible();
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
      const style = document.createElement('style');
      style.textContent = 'body { outline: 1px solid red }';
      document.head.append(style);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => cspViolations.map((v) => v.directive).sort()).toEqual(expect.arrayContaining(['script-src-elem', 'style-src-elem']));
    // Expected: seen, and not a failure of this test.
    cspViolations.length = 0;
  });
});
