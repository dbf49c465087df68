import { SignInResultSchema } from '@fable/contracts';
import { startFakeOidcProvider, type FakeOidcProvider } from '../../../testing/fakeOidcProvider';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../../testing/testDatabases';
import { buildApp, type App } from '../../../app';
import { testConfig } from '../../../config';
import { DEFAULT_RATE_LIMITS } from '../../../http/rateLimits';
import { openRedisCache } from '../../../infra/cache/redisCache';
import { LOOSE_LIMITS, TEST_JWT_SECRET, bearer, signInByEmail, startTestApp, type TestApp } from '../../../testing/testApp';
import { deleteKeys, TEST_REDIS_URL, uniqueKeyPrefix } from '../../../testing/testRedis';

const PUBLIC_URL = 'http://fable.test';

describe.each(BACKENDS)('social sign-in (OIDC) on %s', (backend) => {
  let provider: FakeOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startFakeOidcProvider();
    t = await startTestApp(backend, {
      config: {
        publicUrl: PUBLIC_URL,
        oidcProviders: [{ id: 'google', issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret }],
      },
    });
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /**
   * The browser's part: start on our API, follow the redirect to the provider over the real socket, come back to
   * our callback; answers where the callback sends the browser.
   */
  async function browserSignIn(startUrl = '/api/v2/auth/oidc/google/start?return_to=/create-chatbot'): Promise<URL> {
    const start = await t.app.inject({ method: 'GET', url: startUrl });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/v2/auth/oidc/google/callback`);

    const atProvider = await fetch(authorize, { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const back = new URL(String(atProvider.headers.get('location')));
    expect(back.origin).toBe(PUBLIC_URL);

    const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(callback.statusCode).toBe(302);
    return new URL(String(callback.headers.location), PUBLIC_URL);
  }

  const complete = (loginCode: string) =>
    t.app.inject({ method: 'POST', url: '/api/v2/auth/oidc/complete', payload: { login_code: loginCode } });

  it('signs in when the provider sends the browser back to another API process (the pending sign-in is in Redis)', async () => {
    const prefix = uniqueKeyPrefix();
    const config = testConfig({
      jwtSecret: TEST_JWT_SECRET,
      publicUrl: PUBLIC_URL,
      oidcProviders: [{ id: 'google', issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret }],
    });
    const processes: { app: App; close: () => Promise<void> }[] = [];
    try {
      for (let i = 0; i < 2; i += 1) {
        // Each process its own connections to the one database and the one Redis.
        const db = await t.scratch.open();
        const cache = await openRedisCache({ url: TEST_REDIS_URL, keyPrefix: prefix });
        const app = await buildApp(config, { db, cache, clock: t.clock, limits: { ...DEFAULT_RATE_LIMITS, ...LOOSE_LIMITS } });
        processes.push({ app, close: async () => (await app.close(), await cache.close(), await db.close()) });
      }
      const [first, second] = processes.map((p) => p.app) as [App, App];
      provider.user = { sub: 'g-across', email: 'across@example.com', email_verified: true, name: 'Across' };
      const start = await first.inject({ method: 'GET', url: '/api/v2/auth/oidc/google/start?return_to=/chats' });
      const atProvider = await fetch(new URL(String(start.headers.location)), { redirect: 'manual' });
      const back = new URL(String(atProvider.headers.get('location')));
      // The callback lands on the other process.
      const callback = await second.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
      const landed = new URL(String(callback.headers.location), PUBLIC_URL);
      expect(landed.pathname).toBe('/chats');
      const loginCode = landed.searchParams.get('login_code');
      expect(loginCode).toEqual(expect.any(String));
      const completed = await first.inject({ method: 'POST', url: '/api/v2/auth/oidc/complete', payload: { login_code: loginCode } });
      expect(completed.statusCode).toBe(200);
      expect(SignInResultSchema.parse(completed.json()).user).toMatchObject({ email: 'across@example.com', name: 'Across' });
    } finally {
      for (const p of processes) await p.close();
      await deleteKeys(prefix);
    }
  });

  it('lists the configured provider only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/auth/providers' });
    expect(res.json()).toEqual({
      providers: [{ id: 'google', name: 'Google', start_url: '/api/v2/auth/oidc/google/start' }],
    });
    const discord = await t.app.inject({ method: 'GET', url: '/api/v2/auth/oidc/discord/start' });
    expect(discord.statusCode).toBe(404);
  });

  it('signs in with the authorization-code flow (discovery, PKCE, state, JWKS, signed id_token)', async () => {
    provider.user = { sub: 'g-100', email: 'Social@Example.com', email_verified: true, name: 'Social' };
    const landed = await browserSignIn();
    expect(landed.pathname).toBe('/create-chatbot');
    const loginCode = landed.searchParams.get('login_code');
    expect(loginCode).toEqual(expect.any(String));
    expect(provider.requests).toEqual(
      expect.arrayContaining(['GET /.well-known/openid-configuration', 'GET /authorize', 'POST /token', 'GET /jwks']),
    );

    const res = await complete(String(loginCode));
    expect(res.statusCode).toBe(200);
    const signedIn = SignInResultSchema.parse(res.json());
    expect(signedIn.is_new_user).toBe(true);
    expect(signedIn.user).toMatchObject({ email: 'social@example.com', name: 'Social', username: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(signedIn.token) })).statusCode).toBe(200);

    // The login code is single-use.
    expect((await complete(String(loginCode))).statusCode).toBe(401);

    // The same subject signs in to the same user.
    const again = await complete(String((await browserSignIn()).searchParams.get('login_code')));
    expect(again.json().user.id).toBe(signedIn.user.id);
    expect(again.json().is_new_user).toBe(false);
  });

  it('matches an existing user by verified email', async () => {
    const byEmail = await signInByEmail(t.app, 'both@example.com');
    provider.user = { sub: 'g-200', email: 'both@example.com', email_verified: true };
    const res = await complete(String((await browserSignIn()).searchParams.get('login_code')));
    expect(res.json().user.id).toBe(byEmail.user.id);
  });

  it('never matches nor keeps an unverified email: the identity gets a new account without one', async () => {
    const byEmail = await signInByEmail(t.app, 'unverified@example.com');
    provider.user = { sub: 'g-300', email: 'unverified@example.com', email_verified: false, name: 'Unverified' };
    const res = await complete(String((await browserSignIn()).searchParams.get('login_code')));
    expect(res.statusCode).toBe(200);
    expect(res.json().is_new_user).toBe(true);
    expect(res.json().user).toMatchObject({ email: null, name: 'Unverified' });
    expect(res.json().user.id).not.toBe(byEmail.user.id);
  });

  it('sends the browser back with auth_failed when the provider is down at the code exchange', async () => {
    provider.user = { sub: 'g-350', email: 'down@example.com', email_verified: true };
    const start = await t.app.inject({ method: 'GET', url: '/api/v2/auth/oidc/google/start?return_to=/personas' });
    const atProvider = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(String(atProvider.headers.get('location')));
    provider.outage = true;
    try {
      const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
      expect(callback.headers.location).toBe('/personas?login_error=auth_failed');
    } finally {
      provider.outage = false;
    }
  });

  it.each([
    ['a wrong nonce', { wrongNonce: true }],
    ['a wrong audience', { wrongAudience: true }],
    ['a signature by another key', { foreignKey: true }],
  ])('refuses an id_token with %s', async (_, tamper) => {
    provider.user = { sub: 'g-400', email: 'tamper@example.com', email_verified: true };
    provider.tamper = tamper;
    try {
      const landed = await browserSignIn();
      expect(landed.pathname).toBe('/create-chatbot');
      expect(landed.searchParams.get('login_error')).toBe('auth_failed');
    } finally {
      provider.tamper = {};
    }
  });

  it('refuses a forged or replayed state', async () => {
    // The state lives server-side: the start sets no cookie.
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/auth/oidc/google/start' })).headers['set-cookie']).toBeUndefined();
    const forged = await t.app.inject({ method: 'GET', url: '/api/v2/auth/oidc/google/callback?code=x&state=forged' });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe('/?login_error=auth_failed');

    provider.user = { sub: 'g-500', email: 'replay@example.com', email_verified: true };
    const start = await t.app.inject({ method: 'GET', url: '/api/v2/auth/oidc/google/start' });
    const atProvider = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(String(atProvider.headers.get('location')));
    const first = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(String(first.headers.location)).toMatch(/^\/\?login_code=/);
    const replay = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(replay.headers.location).toBe('/?login_error=auth_failed');
  });

  it('never returns to another origin', async () => {
    for (const returnTo of ['https://evil.example', '//evil.example', '/\\evil.example']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v2/auth/oidc/google/start?return_to=${encodeURIComponent(returnTo)}`,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('signs in to the application named at start (a partner keeps its own users)', async () => {
    provider.user = { sub: 'g-600', email: 'twobrands@example.com', email_verified: true };
    const fable = await complete(String((await browserSignIn()).searchParams.get('login_code')));
    const landed = await browserSignIn('/api/v2/auth/oidc/google/start?application_id=tales');
    const code = String(landed.searchParams.get('login_code'));
    // Exchanged from the main brand, the tales login code is refused.
    expect((await complete(code)).statusCode).toBe(401);
    const landedAgain = await browserSignIn('/api/v2/auth/oidc/google/start?application_id=tales');
    const tales = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/oidc/complete',
      headers: { 'x-application-id': 'tales' },
      payload: { login_code: landedAgain.searchParams.get('login_code') },
    });
    expect(tales.statusCode).toBe(200);
    expect(tales.json().user.application_id).toBe('tales');
    expect(tales.json().user.id).not.toBe(fable.json().user.id);
  });
});
