import { buildApp, type App } from '../app';
import { testConfig } from '../config';
import { createManualClock } from '../infra/clock';
import type { Database } from '../infra/db/database';
import { BACKENDS, DB_SETUP_TIMEOUT_MS, createScratchDatabase, type ScratchDatabase } from '../testing/testDatabases';
import { RATE_LIMIT_CASES, rateLimitStore, type RateLimitStoreSetup } from '../testing/rateLimitStores';
import { LOOSE_LIMITS, TEST_JWT_SECRET, bearer, forApplication, signInByEmail, signUp, testGuestId } from '../testing/testApp';
import { DEFAULT_RATE_LIMITS } from './rateLimits';

const PARTNER_SECRET = 'storynest-test-secret-0123456789';
const GUEST = { 'x-guest-user-id': testGuestId() };
const PARTNER_GUEST = { 'x-guest-user-id': testGuestId('storynest') };

describe('route access declarations', () => {
  it('refuses to start with a route that does not declare who may call it', async () => {
    const scratch = await createScratchDatabase('pglite', { migrated: true });
    const db = await scratch.open();
    const app = await buildApp(testConfig({ jwtSecret: TEST_JWT_SECRET }), { db });
    try {
      await expect(
        (async () => {
          app.get('/api/test/undeclared', async () => 'hello');
          await app.ready();
        })(),
      ).rejects.toThrow('Route GET /api/test/undeclared must declare who may call it: config.access one of public, visitor, guest, member, admin, partner');
    } finally {
      await app.close().catch(() => undefined);
      await scratch.drop();
    }
  }, DB_SETUP_TIMEOUT_MS);
});

describe.each(BACKENDS)('access control on %s', (backend) => {
  let scratch: ScratchDatabase;
  let app: App;
  let db: Database;
  const clock = createManualClock();

  beforeAll(async () => {
    scratch = await createScratchDatabase(backend, { migrated: true });
    db = await scratch.open();
    app = await buildApp(testConfig({ jwtSecret: TEST_JWT_SECRET, partnerSecrets: { storynest: PARTNER_SECRET } }), {
      db,
      clock,
      limits: { ...DEFAULT_RATE_LIMITS, ...LOOSE_LIMITS },
    });
    app.get('/api/test/admin-only', { config: { access: 'admin' } }, async () => ({ secret: 'for admins' }));
    app.get('/api/test/guest-or-member', { config: { access: 'guest' } }, async (request) => ({ kind: request.caller.kind }));
    app.get('/api/test/visitor', { config: { access: 'visitor' } }, async (request) => ({ kind: request.caller.kind }));
    await app.ready();
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
    await scratch?.drop();
  });

  it('keeps a guest out of member calls', async () => {
    for (const [method, url] of [
      ['GET', '/api/v2/users'],
      ['PATCH', '/api/v2/users'],
      ['PUT', '/api/v2/users/profile'],
      ['DELETE', '/api/v2/users'],
      ['POST', '/api/v2/users'],
      ['GET', '/api/v2/users/moderation'],
    ] as const) {
      const res = await app.inject({ method, url, headers: GUEST, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthenticated', message: 'Sign in to continue' } });
    }
    expect((await app.inject({ method: 'GET', url: '/api/test/guest-or-member', headers: GUEST })).json()).toEqual({ kind: 'guest' });
    expect((await app.inject({ method: 'GET', url: '/api/test/guest-or-member', headers: { 'x-guest-user-id': 'not-a-uuid' } })).statusCode).toBe(401);
  });

  it('lets a visitor read without a guest id, and checks the id or token it does send', async () => {
    const kindFor = async (headers: Record<string, string>) => {
      const res = await app.inject({ method: 'GET', url: '/api/test/visitor', headers });
      return res.statusCode === 200 ? (res.json() as { kind: string }).kind : res.statusCode;
    };
    expect(await kindFor({})).toBe('anonymous');
    expect(await kindFor(GUEST)).toBe('guest');
    const member = await signUp(app, 'visitor@example.com', 'visiting_member');
    expect(await kindFor(bearer(member.token))).toBe('member');
    expect(await kindFor({ 'x-guest-user-id': 'not-a-uuid' })).toBe(401);
    expect(await kindFor({ authorization: 'Bearer forged' })).toBe(401);
    // The listing and a chatbot's profile are such reads: a first visit asks for them before its guest id arrives.
    const listing = await app.inject({ method: 'GET', url: '/api/characters/search?sort=popular&page=1' });
    expect(listing.statusCode).toBe(200);
  });

  it('keeps members out of admin calls, and lets employees in', async () => {
    const member = await signUp(app, 'plain@example.com', 'plain_member');
    const refused = await app.inject({ method: 'GET', url: '/api/test/admin-only', headers: bearer(member.token) });
    expect(refused.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/test/admin-only', headers: GUEST })).statusCode).toBe(401);

    const employee = await signUp(app, 'staff@example.com', 'staff_member');
    await db.query(`update users set roles = '["employee"]'::jsonb where id = $1`, [employee.user.id]);
    const allowed = await app.inject({ method: 'GET', url: '/api/test/admin-only', headers: bearer(employee.token) });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ secret: 'for admins' });
  });

  it('lets a member read and change only their own private data', async () => {
    const alice = await signUp(app, 'alice@example.com', 'alice');
    const bob = await signUp(app, 'bob@example.com', 'bob_b');
    await app.inject({ method: 'PATCH', url: '/api/v2/users', headers: bearer(bob.token), payload: { openai_api_key: 'sk-bob', settings: { showNSFW: true } } });

    // Only public fields of another member.
    const bobPublic = await app.inject({ method: 'GET', url: '/api/v2/users/by-username/bob_b', headers: bearer(alice.token) });
    expect(bobPublic.statusCode).toBe(200);
    expect(Object.keys(bobPublic.json()).sort()).toEqual(['avatar_url', 'highlights', 'id', 'name', 'username']);
    expect(bobPublic.body).not.toMatch(/bob@example\.com|sk-bob|showNSFW/);

    // Ids in the body or an impersonation header do not change whose data is touched.
    const patch = await app.inject({
      method: 'PATCH',
      url: '/api/v2/users',
      headers: { ...bearer(alice.token), 'x-impersonate': bob.user.id },
      payload: { id: bob.user.id, name: 'Hacked' },
    });
    expect(patch.json()).toMatchObject({ id: alice.user.id, name: 'Hacked' });
    const bobMe = await app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(bob.token) });
    // Only a mask of the key ever leaves the API.
    expect(bobMe.json()).toMatchObject({ id: bob.user.id, name: 'Tester', openai_api_key: '…ob' });
    const aliceMe = await app.inject({ method: 'GET', url: '/api/v2/users', headers: { ...bearer(alice.token), 'x-impersonate': bob.user.id } });
    expect(aliceMe.json().id).toBe(alice.user.id);
    expect(aliceMe.body).not.toContain('sk-bob');
  });

  it('keeps each application to its own users and tokens', async () => {
    const partner = await app.inject({
      method: 'POST',
      url: '/api/v2/users/external',
      headers: { ...forApplication('storynest'), 'x-partner-secret': PARTNER_SECRET },
      payload: { id: 'ext-1', name: 'Partner User', username: 'partner_user' },
    });
    const partnerToken = partner.json().token as string;
    const fable = await signUp(app, 'fable-only@example.com', 'fable_only');

    // A partner token does not work on the main brand (nor without naming its application), and vice versa.
    for (const headers of [bearer(partnerToken), { ...bearer(partnerToken), ...forApplication('fable') }, { ...bearer(fable.token), ...forApplication('storynest') }]) {
      const res = await app.inject({ method: 'GET', url: '/api/v2/users', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('invalid_token');
    }
    // Profiles are per application.
    const cross = await app.inject({ method: 'GET', url: '/api/v2/users/by-username/fable_only', headers: { ...PARTNER_GUEST, ...forApplication('storynest') } });
    expect(cross.statusCode).toBe(404);
    const own = await app.inject({ method: 'GET', url: '/api/v2/users/by-username/partner_user', headers: { ...PARTNER_GUEST, ...forApplication('storynest') } });
    expect(own.statusCode).toBe(200);
    // The partner's secret cannot act for another application.
    const other = await app.inject({
      method: 'POST',
      url: '/api/v2/users/external',
      headers: { ...forApplication('tales'), 'x-partner-secret': PARTNER_SECRET },
      payload: { id: 'ext-1', name: 'Partner User', username: 'partner_user' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('answers unknown and malformed application ids', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/api/v2/auth/guest', headers: forApplication('nowhere') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('unknown_application');
    const malformed = await app.inject({ method: 'POST', url: '/api/v2/auth/guest', headers: forApplication('Bad Id!') });
    expect(malformed.statusCode).toBe(400);
  });

  it('keeps completely banned members to the ban screen permissions', async () => {
    const banned = await signUp(app, 'terminated@example.com', 'terminated');
    // A complete ban, written straight into the table (http's tests import no module).
    await db.query(
      `insert into user_restrictions (id, user_id, kind, reason, expires_at, created_at) values (gen_random_uuid(), $1, 'complete', 'terms', null, $2)`,
      [banned.user.id, clock.now()],
    );
    const me = await app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(banned.token) });
    expect(me.json().permissions).toEqual(['site_access', 'restriction_full', 'limited_access']);
    expect(me.json().restrictions).toEqual([{ kind: 'complete', reason: 'terms', expires_at: null }]);
    // Their public profile is gone.
    const profile = await app.inject({ method: 'GET', url: '/api/v2/users/by-username/terminated', headers: GUEST });
    expect(profile.statusCode).toBe(404);
  });
});

describe.each(RATE_LIMIT_CASES)('rate limits on %s, %s store', (backend, storeKind) => {
  let scratch: ScratchDatabase;
  let app: App;
  let store: RateLimitStoreSetup;

  beforeAll(async () => {
    store = rateLimitStore(storeKind);
    scratch = await createScratchDatabase(backend, { migrated: true });
    const db = await scratch.open();
    app = await buildApp(testConfig({ jwtSecret: TEST_JWT_SECRET, ...store.config }), {
      db,
      ...store.options,
      limits: {
        ...DEFAULT_RATE_LIMITS,
        perMember: { max: 5, windowSeconds: 60 },
        perGuest: { max: 3, windowSeconds: 60 },
        perIp: { max: 1000, windowSeconds: 60 },
        authPerIp: { max: 8, windowSeconds: 600 },
      },
    });
    await app.ready();
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
    await scratch?.drop();
    await store?.cleanup();
  });

  const expect429 = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(res.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.', details: { retry_after: retryAfter } },
    });
  };

  it('limits each member', async () => {
    const member = await signInByEmail(app, 'busy@example.com', {});
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(member.token) })).statusCode).toBe(200);
    expect429(await app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(member.token) }));
  });

  it('limits each guest', async () => {
    const guest = { 'x-guest-user-id': testGuestId() };
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/v2/users/check-username', headers: guest, payload: { username: 'whoever' } });
      expect(res.statusCode).toBe(200);
    }
    expect429(await app.inject({ method: 'POST', url: '/api/v2/users/check-username', headers: guest, payload: { username: 'whoever' } }));
  });

  it('limits auth calls per IP', async () => {
    const remoteAddress = '203.0.113.7';
    for (let i = 0; i < 8; i++) {
      expect((await app.inject({ method: 'POST', url: '/api/v2/auth/guest', remoteAddress })).statusCode).toBe(200);
    }
    expect429(await app.inject({ method: 'POST', url: '/api/v2/auth/guest', remoteAddress }));
    // Another address is not affected.
    expect((await app.inject({ method: 'POST', url: '/api/v2/auth/guest', remoteAddress: '203.0.113.8' })).statusCode).toBe(200);
  });
});
