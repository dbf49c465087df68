import { SignInResultSchema } from '@fable/contracts';
import { makeAppleKey, startFakeOidcProvider, type FakeOidcProvider } from '../../../testing/fakeOidcProvider';
import { startFakeOAuth2Provider, type FakeOAuth2Provider } from '../../../testing/fakeOAuth2Provider';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../../testing/testDatabases';
import { signInByEmail, startTestApp, type TestApp } from '../../../testing/testApp';

const PUBLIC_URL = 'http://fable.test';

/** The hidden fields and target of the HTML form a form_post provider answers (what the browser would submit). */
function readAutoSubmitForm(html: string): { action: string; fields: Record<string, string> } {
  const unescape = (v: string) => v.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const action = /<form method="post" action="([^"]*)">/.exec(html)?.[1];
  if (!action) throw new Error(`no form in ${html}`);
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescape(name!)] = unescape(value!);
  return { action: unescape(action), fields };
}

describe.each(BACKENDS)('sign-in with Apple, X and Discord on %s', (backend) => {
  let apple: FakeOidcProvider;
  let x: FakeOAuth2Provider;
  let discord: FakeOAuth2Provider;
  let t: TestApp;

  beforeAll(async () => {
    [apple, x, discord] = await Promise.all([startFakeOidcProvider({ kind: 'apple' }), startFakeOAuth2Provider('x'), startFakeOAuth2Provider('discord')]);
    const appleKey = apple.appleKey!;
    t = await startTestApp(backend, {
      config: {
        publicUrl: PUBLIC_URL,
        oidcProviders: [
          { id: 'apple', issuer: apple.issuer, clientId: apple.clientId, teamId: appleKey.teamId, keyId: appleKey.keyId, privateKey: appleKey.privateKeyPem },
          { id: 'x', clientId: x.clientId, clientSecret: x.clientSecret, endpoints: x.endpoints },
          { id: 'discord', clientId: discord.clientId, clientSecret: discord.clientSecret, endpoints: discord.endpoints },
        ],
      },
    });
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await Promise.all([apple?.close(), x?.close(), discord?.close()]);
  });

  const complete = (loginCode: string | null) =>
    t.app.inject({ method: 'POST', url: '/api/v2/auth/oidc/complete', payload: { login_code: String(loginCode) } });

  /** Our start: where it sends the browser. */
  async function start(provider: string, returnTo = '/create-chatbot'): Promise<URL> {
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/auth/oidc/${provider}/start?return_to=${encodeURIComponent(returnTo)}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers['set-cookie']).toBeUndefined();
    return new URL(String(res.headers.location));
  }

  /** A redirecting provider (X, Discord): the browser follows it back to our callback (a GET). */
  async function atRedirectingProvider(authorize: URL): Promise<URL> {
    const res = await fetch(authorize, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(String(res.headers.get('location')));
    expect(back.origin).toBe(PUBLIC_URL);
    return back;
  }

  const getCallback = async (back: URL) => {
    const res = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(res.statusCode).toBe(302);
    return new URL(String(res.headers.location), PUBLIC_URL);
  };

  describe('Apple (OpenID Connect, form_post, client secret JWT)', () => {
    /** Apple's authorize step answers a page that posts the response to our callback: submit it as the browser would. */
    async function appleFormPost(authorize: URL): Promise<{ action: URL; fields: Record<string, string> }> {
      const res = await fetch(authorize, { redirect: 'manual' });
      expect(res.status).toBe(200);
      const form = readAutoSubmitForm(await res.text());
      return { action: new URL(form.action), fields: form.fields };
    }
    const postCallback = async (action: URL, fields: Record<string, string>) => {
      expect(action.origin).toBe(PUBLIC_URL);
      // Cross-site form post: no cookie of ours comes with it.
      const res = await t.app.inject({
        method: 'POST',
        url: action.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: apple.issuer },
        payload: new URLSearchParams(fields).toString(),
      });
      expect(res.statusCode).toBe(303);
      return new URL(String(res.headers.location), PUBLIC_URL);
    };

    it('asks for form_post, takes the posted code and the first-time name, and signs in the verified email', async () => {
      apple.user = { sub: 'apple-001', email: 'Ada@PrivateRelay.AppleID.com', email_verified: 'true', firstName: 'Ada', lastName: 'Lovelace' };
      const authorize = await start('apple');
      expect(authorize.origin).toBe(apple.issuer);
      expect(authorize.searchParams.get('response_mode')).toBe('form_post');
      expect(authorize.searchParams.get('scope')).toBe('openid name email');
      expect(authorize.searchParams.get('nonce')).toEqual(expect.any(String));
      const posted = await appleFormPost(authorize);
      expect(JSON.parse(posted.fields.user!)).toMatchObject({ name: { firstName: 'Ada', lastName: 'Lovelace' } });
      const landed = await postCallback(posted.action, posted.fields);
      expect(landed.pathname).toBe('/create-chatbot');
      const res = await complete(landed.searchParams.get('login_code'));
      expect(res.statusCode).toBe(200);
      const signedIn = SignInResultSchema.parse(res.json());
      expect(signedIn.is_new_user).toBe(true);
      expect(signedIn.user).toMatchObject({ email: 'ada@privaterelay.appleid.com', name: 'Ada Lovelace' });
      expect(apple.lastTokenError).toBeNull();

      // The next sign-in posts no name: the same user, name kept.
      const again = await appleFormPost(await start('apple'));
      expect(again.fields.user).toBeUndefined();
      const second = await complete((await postCallback(again.action, again.fields)).searchParams.get('login_code'));
      expect(second.json()).toMatchObject({ is_new_user: false, user: { id: signedIn.user.id, name: 'Ada Lovelace' } });
    });

    it('is refused when the client secret is not signed by the configured team key', async () => {
      apple.user = { sub: 'apple-002', email: 'wrongkey@example.com', email_verified: 'true' };
      const configured = apple.appleKey!;
      apple.appleKey = { ...makeAppleKey(configured.teamId, configured.keyId) };
      try {
        const posted = await appleFormPost(await start('apple', '/personas'));
        const landed = await postCallback(posted.action, posted.fields);
        expect(landed.pathname).toBe('/personas');
        expect(landed.searchParams.get('login_error')).toBe('auth_failed');
        expect(apple.lastTokenError).toMatch(/^invalid_client: bad client secret JWT/);
      } finally {
        apple.appleKey = configured;
        apple.lastTokenError = null;
      }
    });

    it('refuses a posted response with a wrong state, and a replayed one', async () => {
      apple.user = { sub: 'apple-003', email: 'replay@example.com', email_verified: 'true' };
      const posted = await appleFormPost(await start('apple'));
      const forged = await postCallback(posted.action, { ...posted.fields, state: 'forged' });
      expect(forged.toString()).toBe(`${PUBLIC_URL}/?login_error=auth_failed`);
      // The forged attempt did not use up the real state.
      expect((await postCallback(posted.action, posted.fields)).searchParams.get('login_code')).toEqual(expect.any(String));
      expect((await postCallback(posted.action, posted.fields)).toString()).toBe(`${PUBLIC_URL}/?login_error=auth_failed`);
    });

    it('refuses an id_token signed by another key', async () => {
      apple.user = { sub: 'apple-004', email: 'forged@example.com', email_verified: 'true' };
      apple.tamper = { foreignKey: true };
      try {
        const posted = await appleFormPost(await start('apple'));
        expect((await postCallback(posted.action, posted.fields)).searchParams.get('login_error')).toBe('auth_failed');
      } finally {
        apple.tamper = {};
      }
    });
  });

  describe('X (OAuth 2.0 with PKCE, no email)', () => {
    it('signs in through the user endpoint: a new account without an email, the same one next time', async () => {
      x.user = { id: '1400000042', name: 'Xena', username: 'xena', profile_image_url: 'https://pbs.example/xena_normal.jpg' };
      const authorize = await start('x');
      expect(authorize.origin).toBe(x.origin);
      expect(authorize.pathname).toBe('/i/oauth2/authorize');
      expect(authorize.searchParams.get('scope')).toBe('users.read tweet.read');
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      const landed = await getCallback(await atRedirectingProvider(authorize));
      expect(x.lastTokenError).toBeNull();
      const res = await complete(landed.searchParams.get('login_code'));
      expect(res.statusCode).toBe(200);
      const signedIn = SignInResultSchema.parse(res.json());
      expect(signedIn.is_new_user).toBe(true);
      expect(signedIn.user).toMatchObject({ email: null, name: 'Xena', avatar_url: 'https://pbs.example/xena_normal.jpg' });
      expect(x.requests).toEqual(expect.arrayContaining(['GET /i/oauth2/authorize', 'POST /2/oauth2/token', 'GET /2/users/me']));

      const again = await complete((await getCallback(await atRedirectingProvider(await start('x')))).searchParams.get('login_code'));
      expect(again.json()).toMatchObject({ is_new_user: false, user: { id: signedIn.user.id } });
    });

    it("refuses a code obtained for another sign-in (its PKCE verifier does not match)", async () => {
      const first = await atRedirectingProvider(await start('x'));
      const second = await atRedirectingProvider(await start('x'));
      // The first sign-in's code with the second one's state: the exchange sends the second verifier.
      const injected = new URL(second);
      injected.searchParams.set('code', String(first.searchParams.get('code')));
      const landed = await getCallback(injected);
      expect(landed.searchParams.get('login_error')).toBe('auth_failed');
      expect(x.lastTokenError).toBe('invalid_grant: PKCE verification failed');
      x.lastTokenError = null;
    });

    it('refuses a replayed callback and a provider that is down', async () => {
      const back = await atRedirectingProvider(await start('x', '/favorites'));
      expect((await getCallback(back)).searchParams.get('login_code')).toEqual(expect.any(String));
      expect((await getCallback(back)).toString()).toBe(`${PUBLIC_URL}/?login_error=auth_failed`);

      const again = await atRedirectingProvider(await start('x', '/favorites'));
      x.outage = true;
      try {
        expect((await getCallback(again)).toString()).toBe(`${PUBLIC_URL}/favorites?login_error=auth_failed`);
      } finally {
        x.outage = false;
      }
    });

    it('says auth_failed when the person declines at X', async () => {
      const back = await atRedirectingProvider(await start('x', '/favorites'));
      back.searchParams.delete('code');
      back.searchParams.set('error', 'access_denied');
      expect((await getCallback(back)).toString()).toBe(`${PUBLIC_URL}/favorites?login_error=auth_failed`);
    });
  });

  describe('Discord (OAuth 2.0 with PKCE, email from the user endpoint)', () => {
    it('signs in with a verified email, matching the account that email signed in with', async () => {
      const byEmail = await signInByEmail(t.app, 'dana@example.com');
      discord.user = { id: '800000042', username: 'dana', global_name: 'Dana D', avatar: 'abc123', email: 'Dana@Example.com', verified: true };
      const authorize = await start('discord');
      expect(authorize.pathname).toBe('/oauth2/authorize');
      expect(authorize.searchParams.get('scope')).toBe('identify email');
      const back = await atRedirectingProvider(authorize);
      expect(back.searchParams.get('iss')).toBe(discord.endpoints.issuer);
      const res = await complete((await getCallback(back)).searchParams.get('login_code'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ is_new_user: false, user: { id: byEmail.user.id, email: 'dana@example.com' } });
    });

    it('never matches an unverified Discord email', async () => {
      const byEmail = await signInByEmail(t.app, 'sam@example.com');
      discord.user = { id: '800000043', username: 'sam', global_name: null, email: 'sam@example.com', verified: false };
      const res = await complete((await getCallback(await atRedirectingProvider(await start('discord')))).searchParams.get('login_code'));
      expect(res.json()).toMatchObject({ is_new_user: true, user: { email: null, name: 'sam' } });
      expect(res.json().user.id).not.toBe(byEmail.user.id);
    });

    it('refuses a response naming another issuer (mix-up defence)', async () => {
      const back = await atRedirectingProvider(await start('discord'));
      back.searchParams.set('iss', 'https://evil.example');
      expect((await getCallback(back)).searchParams.get('login_error')).toBe('auth_failed');
    });
  });
});
