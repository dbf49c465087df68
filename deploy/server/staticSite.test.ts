import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sandboxSources } from './paymentSources';
import { serveSite, type RunningSite } from './staticSite';
import { createSiteFixture, LONG_NAME, OUTSIDE, rawRequest, SCRIPT, SECRET, type SiteFixture } from './testing/siteFixture';

let fixture: SiteFixture;
let host: RunningSite;
let remote: RunningSite;
let hostBase: string;
let remoteBase: string;

beforeAll(async () => {
  fixture = createSiteFixture();
  host = await serveSite({ root: fixture.root, port: 0, spaFallback: true, deploymentsDir: fixture.deploymentsDir, payments: sandboxSources('http://127.0.0.1:3200/elements/card') });
  remote = await serveSite({ root: fixture.root, port: 0, cors: true });
  hostBase = `http://127.0.0.1:${host.port}`;
  remoteBase = `http://127.0.0.1:${remote.port}`;
});

afterAll(async () => {
  await host.close();
  await remote.close();
  fixture.remove();
});

/** As the browser of the deployment's hostname asks. */
const fromLocalhost = (path: string, headers: Record<string, string> = {}) => rawRequest(hostBase, path, { headers: { host: `localhost:${host.port}`, ...headers } });

describe('paths that leave the root', () => {
  it.each([
    '/..%2fdist-nofederation/secret.js',
    '/..%2Fdist-nofederation%2Fsecret.js',
    '/%2e%2e/dist-nofederation/secret.js',
    '/%2e%2e%2fdist-nofederation%2fsecret.js',
    '/brand/..%2f..%2fdist-nofederation/secret.js',
    '/brand/%2e%2e/%2e%2e/dist-nofederation/secret.js',
    '/..%5cdist-nofederation%5csecret.js',
    '/../dist-nofederation/secret.js',
    '/brand/../../dist-nofederation/secret.js',
  ])('%s is refused, never the sibling folder', async (path) => {
    for (const base of [hostBase, remoteBase]) {
      const answer = await rawRequest(base, path);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.toString()).not.toContain(SECRET);
    }
  });

  it.each([`//${'etc/passwd'}`, '/%2fetc%2fpasswd', '/%2Fetc/passwd'])('an absolute path %s is not read from the disk', async (path) => {
    const answer = await rawRequest(remoteBase, path);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.toString()).not.toContain('root:');
  });

  it('does not read an absolute path to a file of this machine', async () => {
    const answer = await rawRequest(remoteBase, `${fixture.dir}/outside.txt`);
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).not.toContain(OUTSIDE);
  });

  it('refuses a NUL byte with 400', async () => {
    for (const path of ['/main.0123456789.js%00.html', '/%00', '/brand/logo.svg%00']) {
      const answer = await rawRequest(hostBase, path);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 'bad_path' });
    }
  });

  it('does not follow a symbolic link out of the root', async () => {
    for (const path of ['/leak.txt', '/leakdir/secret.js']) {
      const answer = await rawRequest(remoteBase, path);
      expect(answer.status).toBe(404);
      expect(answer.body.toString()).not.toContain(OUTSIDE);
      expect(answer.body.toString()).not.toContain(SECRET);
    }
  });

  it('follows a symbolic link that stays inside the root', async () => {
    const answer = await rawRequest(remoteBase, '/logo-link.svg');
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain('<svg');
  });

  it('never serves dotfiles (the build stamp)', async () => {
    const answer = await rawRequest(remoteBase, '/.build-stamp.json');
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).not.toContain('private');
  });
});

describe('paths that do not decode', () => {
  it.each(['/%ZZ', '/%E2%82', '/chats/%C3', '/main.%E0%A4.js', '/%', '/api/%ZZ'])('%s answers 400', async (path) => {
    const answer = await rawRequest(hostBase, path);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 'bad_path' });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('files', () => {
  it('answers 304 to a matching If-None-Match, and the file otherwise', async () => {
    const first = await rawRequest(remoteBase, '/main.0123456789.js');
    expect(first.status).toBe(200);
    expect(first.body.toString()).toBe(SCRIPT);
    const etag = first.headers.etag!;
    expect(etag).toBeTruthy();
    const again = await rawRequest(remoteBase, '/main.0123456789.js', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const stale = await rawRequest(remoteBase, '/main.0123456789.js', { headers: { 'if-none-match': '"something-else"' } });
    expect(stale.status).toBe(200);
  });

  it('serves a file with a long name (a vendor chunk)', async () => {
    const answer = await rawRequest(remoteBase, `/chunks/${LONG_NAME}`);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe(SCRIPT);
  });

  it('picks the precompressed brotli or gzip file by Accept-Encoding', async () => {
    const br = await rawRequest(remoteBase, '/main.0123456789.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await rawRequest(remoteBase, '/main.0123456789.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    const plain = await rawRequest(remoteBase, '/main.0123456789.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('caches hashed files for a year and revalidates entry points', async () => {
    expect((await rawRequest(remoteBase, '/main.0123456789.js', { headers: { 'accept-encoding': 'br' } })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await rawRequest(remoteBase, '/mf-manifest.json')).headers['cache-control']).toBe('no-cache');
  });

  it('lets any origin read a remote file, with nosniff and a referrer policy', async () => {
    const answer = await rawRequest(remoteBase, '/mf-manifest.json');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(answer.headers['content-security-policy']).toBeUndefined();
  });

  it('sends helmet’s headers on pages, files and refusals: the host’s for its own pages only, never X-Frame-Options', async () => {
    const common = {
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-opener-policy': 'same-origin',
    };
    for (const answer of [await fromLocalhost('/'), await rawRequest(hostBase, '/main.missing.js'), await rawRequest(hostBase, '/%ZZ')]) {
      expect(answer.headers).toMatchObject({ ...common, 'cross-origin-resource-policy': 'same-origin' });
      // Partners' embedders frame the pages: the CSP's frame-ancestors says who may.
      expect(answer.headers['x-frame-options']).toBeUndefined();
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
    for (const answer of [await rawRequest(remoteBase, '/main.0123456789.js'), await rawRequest(remoteBase, '/%ZZ')]) {
      expect(answer.headers).toMatchObject({ ...common, 'cross-origin-resource-policy': 'cross-origin' });
    }
  });

  it('answers 404 for a missing asset, on the host too (no page for a file name)', async () => {
    for (const base of [hostBase, remoteBase]) {
      const answer = await rawRequest(base, '/main.missing.js');
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body.toString())).toEqual({ code: 'not_found', message: 'Not found' });
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('host pages', () => {
  const nonceOf = (html: string) => /<meta property="csp-nonce" nonce="([^"]+)" \/>/.exec(html)?.[1];

  it('answers a client route with the page (SPA fallback) and a remote without', async () => {
    const page = await fromLocalhost('/chatbot/create?tab=1');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body.toString()).toContain('<div id="root">');
    expect((await rawRequest(remoteBase, '/chatbot/create')).status).toBe(404);
  });

  it('sends a CSP allowing the deployment’s enabled remotes and embedders, with a fresh nonce in the page', async () => {
    const first = await fromLocalhost('/');
    const policy = String(first.headers['content-security-policy']);
    const nonce = nonceOf(first.body.toString());
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self' http://localhost:4901 http://localhost:4902");
    expect(directive('style-src')).toBe(`style-src 'self' 'nonce-${nonce}' http://localhost:4901 http://localhost:4902`);
    expect(directive('connect-src')).toBe("connect-src 'self' http://localhost:4901 http://localhost:4902");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'self' https://embedder.example");
    // The payments provider's card fields and 3-D Secure pages, by origin; nothing else may be framed.
    expect(directive('frame-src')).toBe("frame-src 'self' http://127.0.0.1:3200");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('base-uri')).toBe("base-uri 'self'");
    expect(directive('report-uri')).toBe('report-uri /csp-report');
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain('4904');
    expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    // The microphone for a voice chat, payments for the site and the provider's frames, nothing else powerful.
    expect(first.headers['permissions-policy']).toBe(
      'camera=(), geolocation=(), microphone=(self), payment=(self "http://127.0.0.1:3200"), usb=(), serial=(), bluetooth=(), display-capture=()',
    );
    expect(first.headers.etag).toBeUndefined();

    const second = await fromLocalhost('/index.html');
    expect(nonceOf(second.body.toString())).not.toBe(nonce);
    expect(second.headers['content-security-policy']).toContain(`'nonce-${nonceOf(second.body.toString())}'`);
  });

  it('hands the page its hostname’s deployment inline (the host reads it there), none for a hostname no deployment lists', async () => {
    const inline = (html: string) => /<script type="application\/json" id="fable-deployment">([^<]*)<\/script>/.exec(html)?.[1];
    const page = (await fromLocalhost('/chats')).body.toString();
    const json = inline(page);
    expect(JSON.parse(json!)).toEqual(JSON.parse((await fromLocalhost('/deployment.json')).body.toString()));
    expect(page.indexOf('id="fable-deployment"')).toBeLessThan(page.indexOf('</head>'));
    expect(inline((await rawRequest(hostBase, '/chats', { headers: { host: 'unknown.example' } })).body.toString())).toBeUndefined();
  });

  it('sends only the site itself for a hostname no deployment lists', async () => {
    const answer = await rawRequest(hostBase, '/chats', { headers: { host: 'unknown.example' } });
    const policy = String(answer.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'self';");
  });

  it('serves the deployment of the hostname', async () => {
    const answer = await fromLocalhost('/deployment.json');
    expect(JSON.parse(answer.body.toString())).toMatchObject({ id: 'site', embedders: ['https://embedder.example'] });
    expect((await rawRequest(hostBase, '/deployment.json', { headers: { host: 'nope.example' } })).status).toBe(404);
    expect((await rawRequest(hostBase, '/deployments/site.json')).status).toBe(200);
    expect((await rawRequest(hostBase, '/deployments/..%2fsite.json')).status).toBe(404);
  });

  it('takes CSP reports and answers 204', async () => {
    const report = { 'csp-report': { 'document-uri': 'http://localhost/', 'blocked-uri': 'inline', 'effective-directive': 'style-src-elem' } };
    const answer = await rawRequest(hostBase, '/csp-report', {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: Buffer.from(JSON.stringify(report)),
    });
    expect(answer.status).toBe(204);
  });
});
