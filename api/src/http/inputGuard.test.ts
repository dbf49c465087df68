import { buildApp, type App } from '../app';
import { testConfig } from '../config';
import type { Database } from '../infra/db/database';
import { DEFAULT_RATE_LIMITS } from './rateLimits';
import { rateLimitStore, type RateLimitStore, type RateLimitStoreSetup } from '../testing/rateLimitStores';
import { bearer, signUp, startTestApp, type TestApp } from '../testing/testApp';
import { createScratchDatabase, DB_SETUP_TIMEOUT_MS, type ScratchDatabase } from '../testing/testDatabases';
import { findInputIssues, MAX_BODY_DEPTH } from './inputGuard';

describe('findInputIssues', () => {
  it('names each field holding a NUL or an unpaired surrogate, keys included', () => {
    expect(findInputIssues('body', { name: 'a\u0000b', list: ['ok', 'x\uD800'], nested: { ['k\u0000']: 1 }, fine: '😀 é' })).toEqual([
      { path: 'body.name', message: 'must not contain NUL characters' },
      { path: 'body.list.1', message: 'must not contain unpaired surrogate characters (invalid Unicode)' },
      { path: 'body.nested."k\\u0000"', message: 'field name must not contain NUL characters' },
    ]);
    expect(findInputIssues('body', { a: '\uDC00' })).toHaveLength(1);
    expect(findInputIssues('body', { a: '\uD83D\uDE00' })).toEqual([]);
  });

  it('refuses nesting past the limit without recursion', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findInputIssues('body', deep)).toEqual([{ path: `body${'.0'.repeat(MAX_BODY_DEPTH)}`, message: `must not be nested more than ${MAX_BODY_DEPTH} levels deep` }]);
  });
});

describe('bad input at the edge (pglite)', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    token = (await signUp(t.app, 'guard@example.com', 'guarded')).token;
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  const names = async () => (await t.db.query<{ name: string }>(`select name from users where username = 'guarded'`)).rows[0]?.name;

  it('answers 400 with the field name for a NUL or an unpaired surrogate in a body, and stores nothing', async () => {
    for (const [name, rule] of [
      ['Ada\u0000Lovelace', 'must not contain NUL characters'],
      ['Ada\uD800', 'must not contain unpaired surrogate characters (invalid Unicode)'],
    ] as const) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/v2/users', headers: bearer(token), payload: { name } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'validation_error', message: `Invalid request body: name: ${rule}`, details: { issues: [{ path: 'body.name', message: rule }] } },
      });
    }
    expect(await names()).toBe('Tester');
  });

  it('answers 400 for a NUL in a path segment or a query value, before access control', async () => {
    const path = await t.app.inject({ method: 'GET', url: '/api/v2/users/by-username/a%00b' });
    expect(path.statusCode).toBe(400);
    expect(path.json().error).toMatchObject({ code: 'validation_error', details: { issues: [{ path: 'params.username', message: 'must not contain NUL characters' }] } });
    const query = await t.app.inject({ method: 'GET', url: '/api/characters/search?q=a%00b' });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.details.issues).toEqual([{ path: 'querystring.q', message: 'must not contain NUL characters' }]);
  });

  it('answers 400 in the API shape for percent-encoding that does not decode, in the path or the query', async () => {
    for (const url of ['/api/messages/%ZZ', '/api/v2/users/by-username/%E2%82', '/api/messages/%ED%A0%80']) {
      const res = await t.app.inject({ method: 'PATCH', url, headers: bearer(token), payload: { content: 'x' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', message: 'Invalid URL: it has invalid percent-encoding (not UTF-8)' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const query = await t.app.inject({ method: 'GET', url: '/api/characters/search?q=%ZZ' });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.details.issues).toEqual([{ path: 'querystring.q', message: 'has invalid percent-encoding (not UTF-8)' }]);
  });

  it('answers 4xx for bodies nested too deep or too large', async () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/v2/users', headers: { ...bearer(token), 'content-type': 'application/json' }, payload: deep });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/nested more than/);
    const huge = await t.app.inject({ method: 'PATCH', url: '/api/v2/users', headers: bearer(token), payload: { name: 'x'.repeat(2_000_000) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
  });

  it('sends the security headers with every answer, refusals before any route included, and no page policy', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/nowhere' }),
      await t.app.inject({ method: 'GET', url: '/api/v2/users' }),
      await t.app.inject({ method: 'GET', url: '/api/messages/%ZZ' }),
    ]) {
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-frame-options': 'DENY',
        'cross-origin-resource-policy': 'same-site',
        'cross-origin-opener-policy': 'same-origin',
      });
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe.each<RateLimitStore>(['memory', 'redis'])('TRUST_PROXY (rate limits on the %s store)', (storeKind) => {
  let scratch: ScratchDatabase;
  let db: Database;
  const apps: App[] = [];
  const stores: RateLimitStoreSetup[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase('pglite', { migrated: true });
    db = await scratch.open();
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await scratch?.drop();
    for (const store of stores) await store.cleanup();
  });

  /** Two guest sign-ins from one socket claiming two addresses, with one auth call per IP allowed. */
  const statuses = async (trustProxy: false | number | string[]) => {
    // Each app counts on its own (a Redis key prefix of its own).
    const store = rateLimitStore(storeKind);
    stores.push(store);
    const app = await buildApp(testConfig({ trustProxy, ...store.config }), {
      db,
      ...store.options,
      limits: { ...DEFAULT_RATE_LIMITS, authPerIp: { max: 1, windowSeconds: 600 } },
    });
    apps.push(app);
    const codes: number[] = [];
    for (const forwarded of ['198.51.100.1', '198.51.100.2']) {
      const res = await app.inject({ method: 'POST', url: '/api/v2/auth/guest', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': forwarded } });
      codes.push(res.statusCode);
    }
    return codes;
  };

  it('believes X-Forwarded-For only from the configured proxies', async () => {
    // Default: the header is ignored, both calls count against the socket's address.
    expect(await statuses(false)).toEqual([200, 429]);
    expect(await statuses(1)).toEqual([200, 200]);
    expect(await statuses(['10.0.0.0/8'])).toEqual([200, 200]);
    expect(await statuses(['127.0.0.1'])).toEqual([200, 429]);
  }, DB_SETUP_TIMEOUT_MS);
});
