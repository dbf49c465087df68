import { type PaymentsSandbox, startPaymentsSandbox } from '../server';
import { PUBLISHABLE_KEY, SECRET_KEY } from '../testing/testSandbox';
import { DEFAULT_SUBSCRIBESTAR_CLIENT as CLIENT } from './subscribeStarConfig';
import { decideOnAuthorizePage } from './subscribeStarTesting';

const SITE = 'http://127.0.0.1:3000';
const REDIRECT = `${SITE}/link/subscribestar`;
const SCOPE = 'subscriber.read user.read user.email.read';

describe('sandbox SubscribeStar (OAuth 2 authorization code, GraphQL API)', () => {
  let sandbox: PaymentsSandbox;
  beforeAll(async () => {
    sandbox = await startPaymentsSandbox({ port: 0, secretKeys: [SECRET_KEY], publishableKeys: [PUBLISHABLE_KEY], allowedOrigins: [SITE] });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  const authorizeUrl = (extra: Record<string, string> = {}) =>
    `${sandbox.url}/oauth2/authorize?${new URLSearchParams({ client_id: CLIENT.clientId, redirect_uri: REDIRECT, response_type: 'code', scope: SCOPE, state: 'st4te', ...extra })}`;
  const exchange = (code: string, extra: Record<string, string> = {}) =>
    fetch(`${sandbox.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, code, grant_type: 'authorization_code', redirect_uri: REDIRECT, ...extra }),
    });
  const graphql = (token: string, query: string) =>
    fetch(`${sandbox.url}/api/graphql/v1`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  const codeFor = async (login: string) => {
    const back = await decideOnAuthorizePage(authorizeUrl(), login);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st4te');
    return back.searchParams.get('code') as string;
  };

  it('shows the accounts with Approve and Deny, escaping what it echoes', async () => {
    const res = await fetch(authorizeUrl({ state: '"><script>alert(1)</script>' }));
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('Approve');
    expect(html).toContain('Deny');
    expect(html).toContain('pledge_premium');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('exchanges a code once for a token whose owner reads their pledge', async () => {
    const code = await codeFor('pledge_premium');
    const res = await exchange(code);
    expect(res.status).toBe(200);
    const token = (await res.json()) as { access_token: string; token_type: string; expires_in: number; scope: string };
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 7200, scope: SCOPE });
    const answer = await (await graphql(token.access_token, 'query Me { user { id name email } subscriber { subscription { active tier_id price } } }')).json();
    expect(answer).toEqual({
      data: {
        user: { id: '100001', name: 'Premium Supporter', email: 'premium.supporter@subscribestar.test' },
        subscriber: { subscription: { active: true, tier_id: 'sandbox_tier_premium', price: 2499 } },
      },
    });
    // replayed code
    expect(await (await exchange(code)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers subscription null for an account without a pledge, and active false for a lapsed one', async () => {
    const none = (await (await exchange(await codeFor('no_pledge'))).json()) as { access_token: string };
    expect(await (await graphql(none.access_token, '{ subscriber { subscription { active } } }')).json()).toEqual({ data: { subscriber: { subscription: null } } });
    const lapsed = (await (await exchange(await codeFor('lapsed_pledge'))).json()) as { access_token: string };
    expect(await (await graphql(lapsed.access_token, '{ subscriber { subscription { active tier_id } } }')).json()).toEqual({
      data: { subscriber: { subscription: { active: false, tier_id: 'sandbox_tier_premium' } } },
    });
  });

  it('answers another account, pledging the same tier, at each approval of the new-supporter login', async () => {
    const read = async () => {
      const token = (await (await exchange(await codeFor('new_premium_supporter'))).json()) as { access_token: string };
      return (await (await graphql(token.access_token, '{ user { id email } subscriber { subscription { id active tier_id } } }')).json()) as {
        data: { user: { id: string; email: string }; subscriber: { subscription: { id: string; active: boolean; tier_id: string } } };
      };
    };
    const first = await read();
    const second = await read();
    expect(first.data.subscriber.subscription).toMatchObject({ active: true, tier_id: 'sandbox_tier_premium' });
    expect(second.data.subscriber.subscription).toMatchObject({ active: true, tier_id: 'sandbox_tier_premium' });
    expect(second.data.user.id).not.toBe(first.data.user.id);
    expect(second.data.user.email).not.toBe(first.data.user.email);
    expect(second.data.subscriber.subscription.id).not.toBe(first.data.subscriber.subscription.id);
    // The fixed accounts keep their ids.
    const fixed = (await (await exchange(await codeFor('pledge_basic'))).json()) as { access_token: string };
    expect(await (await graphql(fixed.access_token, '{ user { id } }')).json()).toEqual({ data: { user: { id: '100002' } } });
  });

  it('fails the token exchange of the failing account with a 500', async () => {
    const res = await exchange(await codeFor('exchange_fails'));
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ error: 'server_error' });
  });

  it('refuses a wrong secret, another redirect_uri, a grant type it does not know, and unknown codes', async () => {
    expect((await exchange(await codeFor('pledge_basic'), { client_secret: 'nope' })).status).toBe(401);
    expect(await (await exchange(await codeFor('pledge_basic'), { redirect_uri: `${SITE}/elsewhere` })).json()).toMatchObject({ error: 'invalid_grant' });
    expect(await (await exchange('ssc_made_up')).json()).toMatchObject({ error: 'invalid_grant' });
    expect(await (await exchange(await codeFor('pledge_basic'), { grant_type: 'password' })).json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('answers Deny with access_denied, and never redirects to an unregistered redirect_uri or for an unknown client', async () => {
    const denied = await decideOnAuthorizePage(authorizeUrl(), 'pledge_basic', 'deny');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();
    const refused: Record<string, string>[] = [{ redirect_uri: 'https://evil.example/steal' }, { client_id: 'someone_else' }, { redirect_uri: 'javascript:alert(1)' }];
    for (const extra of refused) {
      const res = await fetch(authorizeUrl(extra), { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
    const badScope = await fetch(authorizeUrl({ scope: 'admin.write' }), { redirect: 'manual' });
    expect(new URL(badScope.headers.get('location') as string).searchParams.get('error')).toBe('invalid_scope');
  });

  it('answers GraphQL errors for missing tokens, scopes, unknown fields and unsupported syntax', async () => {
    expect((await graphql('sst_unknown', '{ user { id } }')).status).toBe(401);
    const narrow = await decideOnAuthorizePage(authorizeUrl({ scope: 'user.read' }), 'pledge_basic');
    const token = ((await (await exchange(narrow.searchParams.get('code') as string)).json()) as { access_token: string }).access_token;
    expect(await (await graphql(token, '{ user { id } }')).json()).toEqual({ data: { user: { id: '100002' } } });
    expect(((await (await graphql(token, '{ subscriber { id } }')).json()) as { errors: unknown[] }).errors).toHaveLength(1);
    expect(((await (await graphql(token, '{ user { email } }')).json()) as { errors: unknown[] }).errors).toHaveLength(1);
    expect(((await (await graphql(token, '{ user { password } }')).json()) as { errors: unknown[] }).errors).toHaveLength(1);
    expect(((await (await graphql(token, '{ user(id: 1) { id } }')).json()) as { errors: unknown[] }).errors).toHaveLength(1);
  });
});
