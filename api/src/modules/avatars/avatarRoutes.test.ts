import { buildApp, type App } from '../../app';
import { testConfig } from '../../config';
import { DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { AVATAR_CACHE_CONTROL } from './avatarRoutes';

/** A minimal XML well-formedness check: quoted attributes, every element closed in order, nothing outside the root. */
function expectWellFormedSvg(xml: string) {
  expect(xml.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(xml)) !== null) {
    const between = xml.slice(last, m.index);
    expect(between).not.toMatch(/[<>]/);
    if (stack.length === 0) expect(between.trim()).toBe('');
    const [, closing, name, , selfClosing] = m;
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name as string);
    last = tag.lastIndex;
  }
  expect(stack).toEqual([]);
  expect(xml.slice(last).trim()).toBe('');
}

describe('GET /api/avatars/:seed.svg', () => {
  let app: App;

  beforeAll(async () => {
    app = await buildApp(testConfig());
    await app.ready();
  }, DB_SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
  });

  it('answers a valid, deterministic SVG with immutable cache headers, without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/avatars/elara-moonwhisper-3f9a2c1d.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe(AVATAR_CACHE_CONTROL);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expectWellFormedSvg(res.body);
    expect(res.body).toContain('>EM</text>');
    const again = await app.inject({ method: 'GET', url: '/api/avatars/elara-moonwhisper-3f9a2c1d.svg' });
    expect(again.body).toBe(res.body);
    expect(again.headers.etag).toBe(res.headers.etag);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/avatars/nova-1.svg' });
    const res = await app.inject({
      method: 'GET',
      url: '/api/avatars/nova-1.svg',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
  });

  it('rejects seeds outside the pattern (no markup can reach the SVG)', async () => {
    for (const seed of ['Upper-Case', '%3Cscript%3E', 'a--b', `${'a'.repeat(81)}`]) {
      const res = await app.inject({ method: 'GET', url: `/api/avatars/${seed}.svg` });
      expect(res.statusCode).toBe(400);
    }
  });
});
