import { GUEST_PERMISSIONS, SignInResultSchema, TokenPairSchema } from '@fable/contracts';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { RATE_LIMIT_CASES, rateLimitStore, type RateLimitStoreSetup } from '../../testing/rateLimitStores';
import { bearer, latestCode, signInByEmail, startTestApp, type TestApp } from '../../testing/testApp';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../http/accessTokens';

describe.each(BACKENDS)('auth on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(token) });
  const refresh = (refresh_token: string, attempt_id?: string) =>
    t.app.inject({ method: 'POST', url: '/api/v2/auth/refresh', payload: { refresh_token, attempt_id } });

  describe('email code sign-in', () => {
    it('signs in end to end through the dev mailbox and creates the user without a username', async () => {
      const requested = await t.app.inject({ method: 'POST', url: '/api/v2/auth/email-code', payload: { email: ' Ada@Example.com ' } });
      expect(requested.statusCode).toBe(200);
      expect(requested.json()).toEqual({ sent: true, expires_in: 600 });

      const mailbox = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?email=ada@example.com' });
      expect(mailbox.statusCode).toBe(200);
      const [mail] = mailbox.json().messages;
      expect(mail).toMatchObject({ to: 'ada@example.com', subject: expect.stringMatching(/Fable sign-in code/) });
      const code = /\d{6}/.exec(mail.text)?.[0];

      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/v2/auth/email-code/verify',
        payload: { email: 'ada@example.com', code },
      });
      expect(verified.statusCode).toBe(200);
      const body = SignInResultSchema.parse(verified.json());
      expect(body).toMatchObject({ is_new_user: true, expires_in: ACCESS_TOKEN_TTL_SECONDS });
      expect(body.user).toMatchObject({
        email: 'ada@example.com',
        username: null,
        tier: 'free',
        role: 'free',
        roles: ['free_tier'],
        application_id: 'fable',
        external_id: null,
        restrictions: [],
        subscription: null,
        settings: { blurNSFW: true, showNSFW: false, chatLanguage: 'en', likedBots: [] },
      });
      expect(body.user.permissions).toEqual(expect.arrayContaining(['create_character', 'view_chats', 'display_ads']));

      const profile = await me(body.token);
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({ id: body.user.id, email: 'ada@example.com' });

      // The same email signs in to the same user.
      const again = await signInByEmail(t.app, 'ADA@example.com');
      expect(again.user.id).toBe(body.user.id);
      expect(again.is_new_user).toBe(false);
    });

    it('stores codes hashed, never in clear', async () => {
      await t.app.inject({ method: 'POST', url: '/api/v2/auth/email-code', payload: { email: 'hash@example.com' } });
      const code = await latestCode(t.app, 'hash@example.com');
      const { rows } = await t.db.query<{ code_hash: string }>("select code_hash from email_codes where email = 'hash@example.com'");
      expect(rows).toHaveLength(1);
      expect(rows[0]?.code_hash).not.toContain(code);
      expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('refuses a wrong code, and the code dies after 5 attempts', async () => {
      const email = 'attempts@example.com';
      await t.app.inject({ method: 'POST', url: '/api/v2/auth/email-code', payload: { email } });
      const code = await latestCode(t.app, email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/email-code/verify', payload: { email, code: wrong } });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('email_code_invalid');
      }
      const late = await t.app.inject({ method: 'POST', url: '/api/v2/auth/email-code/verify', payload: { email, code } });
      expect(late.statusCode).toBe(400);
      expect(late.json().error.code).toBe('email_code_expired');
    });

    it('refuses a code after 10 minutes, and a code used twice', async () => {
      const email = 'late@example.com';
      await t.app.inject({ method: 'POST', url: '/api/v2/auth/email-code', payload: { email } });
      const code = await latestCode(t.app, email);
      t.clock.advance(10 * 60 * 1000 + 1);
      const late = await t.app.inject({ method: 'POST', url: '/api/v2/auth/email-code/verify', payload: { email, code } });
      expect(late.json().error.code).toBe('email_code_expired');

      await t.app.inject({ method: 'POST', url: '/api/v2/auth/email-code', payload: { email } });
      const fresh = await latestCode(t.app, email);
      const ok = await t.app.inject({ method: 'POST', url: '/api/v2/auth/email-code/verify', payload: { email, code: fresh } });
      expect(ok.statusCode).toBe(200);
      const twice = await t.app.inject({ method: 'POST', url: '/api/v2/auth/email-code/verify', payload: { email, code: fresh } });
      expect(twice.json().error.code).toBe('email_code_expired');
    });

    it('validates the email with the spec message', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/email-code', payload: { email: 'not-an-email' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', message: expect.stringContaining('Please enter a valid email address') });
    });

    it('limits code requests per email: 429 with Retry-After and the error shape', async () => {
      const email = 'spam@example.com';
      for (let i = 0; i < 5; i++) {
        const ok = await t.app.inject({ method: 'POST', url: '/api/v2/auth/email-code', payload: { email } });
        expect(ok.statusCode).toBe(200);
      }
      const limited = await t.app.inject({ method: 'POST', url: '/api/v2/auth/email-code', payload: { email } });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({
        error: { code: 'rate_limited', message: expect.any(String), details: { retry_after: Number(limited.headers['retry-after']) } },
      });
    });
  });

  describe('tokens', () => {
    it('rotates the refresh token on every refresh; the new access token works', async () => {
      const first = await signInByEmail(t.app, 'rotate@example.com');
      const refreshed = await refresh(first.refresh_token);
      expect(refreshed.statusCode).toBe(200);
      const pair = TokenPairSchema.parse(refreshed.json());
      expect(pair.refresh_token).not.toBe(first.refresh_token);
      expect((await me(pair.token)).statusCode).toBe(200);

      const next = await refresh(pair.refresh_token);
      expect(next.statusCode).toBe(200);
    });

    it('revokes the whole family when a rotated refresh token is reused', async () => {
      const first = await signInByEmail(t.app, 'reuse@example.com');
      const second = TokenPairSchema.parse((await refresh(first.refresh_token)).json());

      // The old token again: refused, and the session is revoked.
      const reuse = await refresh(first.refresh_token);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual({ error: { code: 'token_refresh_failed', message: 'Unable to refresh token' } });
      // The legitimate successor dies with it, and so does its access token.
      expect((await refresh(second.refresh_token)).statusCode).toBe(401);
      const revoked = await me(second.token);
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json().error.code).toBe('invalid_token');

      // Another sign-in of the same user is a different family and is untouched.
      const other = await signInByEmail(t.app, 'reuse@example.com');
      expect((await me(other.token)).statusCode).toBe(200);
    });

    describe('a refresh whose answer was lost (a reload cut it off), retried under its attempt id', () => {
      const attempt = 'attempt-0123456789abcdef';

      it('gets a new pair; the lost successor dies and the sign-in lives on', async () => {
        const first = await signInByEmail(t.app, 'lost-answer@example.com');
        const lost = TokenPairSchema.parse((await refresh(first.refresh_token, attempt)).json());
        t.clock.advance(20_000);
        const retried = await refresh(first.refresh_token, attempt);
        expect(retried.statusCode).toBe(200);
        const pair = TokenPairSchema.parse(retried.json());
        expect(pair.refresh_token).not.toBe(lost.refresh_token);
        expect((await me(pair.token)).statusCode).toBe(200);
        // A second lost answer is retried the same way.
        const again = TokenPairSchema.parse((await refresh(first.refresh_token, attempt)).json());
        // Only the newest successor works; the ones never received are unknown (not a replay: nothing is revoked).
        expect((await refresh(lost.refresh_token)).statusCode).toBe(401);
        expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
        expect((await refresh(again.refresh_token)).statusCode).toBe(200);
      });

      it('is a replay once the successor was used, under another or no attempt id, or after five minutes', async () => {
        const replays = [
          { why: 'successor used', before: async (successor: string) => refresh(successor), id: attempt, after: 0 },
          { why: 'another attempt id', before: async () => undefined, id: 'attempt-fedcba9876543210', after: 0 },
          { why: 'no attempt id', before: async () => undefined, id: undefined, after: 0 },
          { why: 'too late', before: async () => undefined, id: attempt, after: 5 * 60_000 + 1_000 },
        ];
        for (const [i, replay] of replays.entries()) {
          const first = await signInByEmail(t.app, `replay-${i}@example.com`);
          const second = TokenPairSchema.parse((await refresh(first.refresh_token, attempt)).json());
          const used = await replay.before(second.refresh_token);
          t.clock.advance(replay.after);
          const again = await refresh(first.refresh_token, replay.id);
          expect({ why: replay.why, status: again.statusCode }).toEqual({ why: replay.why, status: 401 });
          // The whole sign-in is revoked: the successor (or its own successor) is refused too.
          const newest = used ? TokenPairSchema.parse((used as { json(): unknown }).json()).refresh_token : second.refresh_token;
          expect({ why: replay.why, status: (await refresh(newest)).statusCode }).toEqual({ why: replay.why, status: 401 });
        }
      });

      it('two retries at once leave one working successor and the sign-in alive', async () => {
        const first = await signInByEmail(t.app, 'two-retries@example.com');
        await refresh(first.refresh_token, attempt);
        const answers = await Promise.all([refresh(first.refresh_token, attempt), refresh(first.refresh_token, attempt)]);
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        const pairs = answers.map((a) => TokenPairSchema.parse(a.json()));
        const statuses = [];
        for (const pair of pairs) statuses.push((await refresh(pair.refresh_token)).statusCode);
        expect(statuses.sort()).toEqual([200, 401]);
      });

      it('refuses a malformed attempt id with a 400', async () => {
        const first = await signInByEmail(t.app, 'bad-attempt@example.com');
        for (const bad of ['short', 'has spaces in it here', 'nul\u0000byte-0123456789', 'x'.repeat(129)]) {
          const answer = await refresh(first.refresh_token, bad);
          expect(answer.statusCode).toBe(400);
        }
        // Nothing was spent.
        expect((await refresh(first.refresh_token)).statusCode).toBe(200);
      });
    });

    it('refuses unknown and expired refresh tokens', async () => {
      expect((await refresh('nope')).statusCode).toBe(401);
      const signedIn = await signInByEmail(t.app, 'old-refresh@example.com');
      t.clock.advance(31 * 24 * 3600 * 1000);
      expect((await refresh(signedIn.refresh_token)).statusCode).toBe(401);
    });

    it('answers 401 token_expired after 15 minutes, and the refresh works', async () => {
      const signedIn = await signInByEmail(t.app, 'expiry@example.com');
      t.clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 - 5000);
      expect((await me(signedIn.token)).statusCode).toBe(200);
      t.clock.advance(10_000);
      const expired = await me(signedIn.token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ error: { code: 'token_expired', message: 'Access token expired' } });
      expect(expired.headers['www-authenticate']).toMatch(/^Bearer/);
      const pair = TokenPairSchema.parse((await refresh(signedIn.refresh_token)).json());
      expect((await me(pair.token)).statusCode).toBe(200);
    });

    it('refuses forged and malformed tokens', async () => {
      const signedIn = await signInByEmail(t.app, 'forge@example.com');
      const [header, payload] = signedIn.token.split('.');
      const forged = `${header}.${payload}.${'A'.repeat(43)}`;
      for (const token of [forged, 'garbage', `${header}.${payload}.`]) {
        const res = await me(token);
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('invalid_token');
      }
      const alg = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      expect((await me(`${alg}.${payload}.`)).statusCode).toBe(401);
    });

    it('logout revokes the refresh token and the access token of that session', async () => {
      const signedIn = await signInByEmail(t.app, 'logout@example.com');
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/v2/auth/logout',
        headers: bearer(signedIn.token),
        payload: { refresh_token: signedIn.refresh_token },
      });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ ok: true });
      expect((await refresh(signedIn.refresh_token)).statusCode).toBe(401);
      expect((await me(signedIn.token)).statusCode).toBe(401);
    });

    it('logout with only the refresh token also ends the access token', async () => {
      const signedIn = await signInByEmail(t.app, 'logout2@example.com');
      await t.app.inject({ method: 'POST', url: '/api/v2/auth/logout', payload: { refresh_token: signedIn.refresh_token } });
      expect((await me(signedIn.token)).statusCode).toBe(401);
    });
  });

  describe('guests and providers', () => {
    it('issues a guest id with the guest permissions', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/guest' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.guest_user_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.[0-9a-f]{32}$/);
      expect(body.permissions).toEqual([...GUEST_PERMISSIONS]);
      const other = await t.app.inject({ method: 'POST', url: '/api/v2/auth/guest' });
      expect(other.json().guest_user_id).not.toBe(body.guest_user_id);
    });

    it('accepts only guest ids it issued, for the application it issued them to', async () => {
      const issued = async (headers: Record<string, string> = {}) =>
        (await t.app.inject({ method: 'POST', url: '/api/v2/auth/guest', headers })).json<{ guest_user_id: string }>().guest_user_id;
      const asGuest = (id: string, headers: Record<string, string> = {}) =>
        t.app.inject({ method: 'GET', url: '/api/chat/models', headers: { 'x-guest-user-id': id, ...headers } });

      const id = await issued();
      expect((await asGuest(id)).statusCode).toBe(200);
      // Upper-case hex is the same id.
      expect((await asGuest(id.toUpperCase())).statusCode).toBe(200);

      const [uuid, signature] = id.split('.') as [string, string];
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
      const forged = [
        uuid, // an unsigned uuid: what earlier releases stored, or anyone can invent
        `${uuid}.${flipped}`, // a tampered signature
        `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.${signature}`, // another uuid under this signature
        `${uuid}.${'a'.repeat(32)}`,
        'not-a-guest-id',
      ];
      for (const value of forged) {
        const res = await asGuest(value);
        expect({ value, status: res.statusCode }).toEqual({ value, status: 401 });
        expect(res.json()).toEqual({ error: { code: 'invalid_guest_id', message: 'Your guest session is no longer valid. Start a new one and try again.' } });
      }
      // The sister brand's guest id is not the main brand's.
      const talesId = await issued({ 'x-application-id': 'tales' });
      expect((await asGuest(talesId, { 'x-application-id': 'tales' })).statusCode).toBe(200);
      expect((await asGuest(talesId)).statusCode).toBe(401);
    });

    it('lists no social provider when none is configured, and refuses to start one', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v2/auth/providers' });
      expect(res.json()).toEqual({ providers: [] });
      const start = await t.app.inject({ method: 'GET', url: '/api/v2/auth/oidc/google/start' });
      expect(start.statusCode).toBe(404);
      expect(start.json().error.code).toBe('provider_not_configured');
    });
  });
});

describe('the dev mailbox in production', () => {
  it('does not exist (404)', async () => {
    const t = await startTestApp('pglite', {
      config: { nodeEnv: 'production', jwtSecret: 'production-like-test-key-0123456789abcdef' },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?email=a@example.com' });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  }, DB_SETUP_TIMEOUT_MS);
});

describe.each(RATE_LIMIT_CASES)('refresh and code limits on %s, %s store', (backend, storeKind) => {
  let t: TestApp;
  let store: RateLimitStoreSetup;

  beforeAll(async () => {
    store = rateLimitStore(storeKind);
    t = await startTestApp(backend, {
      config: store.config,
      app: store.options,
      limits: { refreshPerSession: { max: 3, windowSeconds: 600 }, authPerIp: { max: 4, windowSeconds: 600 }, emailCodePerEmail: { max: 5, windowSeconds: 600 } },
    });
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await store?.cleanup();
  });

  const refresh = (refresh_token: string) => t.app.inject({ method: 'POST', url: '/api/v2/auth/refresh', payload: { refresh_token } });

  it('counts refreshes per sign-in, so members behind one IP do not share a limit', async () => {
    // Sign-ins count on the IP's auth limit (4): two members use half of it.
    let a = (await signInByEmail(t.app, 'office-a@example.com')).refresh_token;
    let b = (await signInByEmail(t.app, 'office-b@example.com')).refresh_token;
    // Six refreshes from the same address: more than the IP's auth limit, within each sign-in's own.
    for (let i = 0; i < 3; i++) {
      const ra = await refresh(a);
      const rb = await refresh(b);
      expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
      a = ra.json().refresh_token;
      b = rb.json().refresh_token;
    }
    // A's fourth is over its own limit; B's session is untouched, and A keeps its token (no revocation).
    const over = await refresh(a);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const { rows } = await t.db.query<{ revoked: number }>('select count(*)::int as revoked from auth_sessions where revoked_at is not null');
    expect(rows[0]?.revoked).toBe(0);
  });

  it('counts refresh tokens it never issued against the IP, as guesses', async () => {
    const remoteAddress = '198.51.100.23';
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/refresh', remoteAddress, payload: { refresh_token: `guess-${i}` } });
      expect(res.statusCode).toBe(401);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/refresh', remoteAddress, payload: { refresh_token: 'guess-5' } });
    expect(res.statusCode).toBe(429);
  });

  it('counts code requests per email, from any address: 429 with Retry-After and the error shape', async () => {
    // Each request from another address, so only the email's own limit (5) applies, in any letter case.
    const request = (i: number, email: string) =>
      t.app.inject({ method: 'POST', url: '/api/v2/auth/email-code', remoteAddress: `203.0.113.${100 + i}`, payload: { email } });
    for (let i = 0; i < 5; i++) expect((await request(i, i % 2 ? 'Roaming@Example.com' : 'roaming@example.com')).statusCode).toBe(200);
    const limited = await request(5, 'roaming@example.com');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(limited.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.', details: { retry_after: retryAfter } },
    });
    // Another email is not affected.
    expect((await request(6, 'elsewhere@example.com')).statusCode).toBe(200);
  });
});
