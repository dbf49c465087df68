import { API_HEADERS } from '@fable/contracts';
// eslint-disable-next-line fable/boundaries -- test harness only: plays the shopper on the sandbox's authorize page
import { decideOnAuthorizePage } from '@fable/payments-sandbox/src/subscribestar/subscribeStarTesting';
import { describePayments } from '../../../testing/paymentsDescribe';
import { testGuestId, type TestApp } from '../../../testing/testApp';
import { ledgerOf } from '../ledger';
import { LINK_ERROR_MESSAGE } from './supporterLinkRoutes';

const SITE = 'http://127.0.0.1:4999';
const LINK_PAGE = `${SITE}/link/subscribestar`;

describePayments('SubscribeStar linking on %s (sandbox over a real socket)', { config: { publicUrl: SITE } }, (rig, backend) => {
  let t: TestApp;
  beforeAll(() => ({ t } = rig));

  const member = () => rig.member('star');
  const get = async (url: string, headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers });
    return { status: res.statusCode, body: res.json() };
  };
  const authorize = (headers: Record<string, string>, redirectUrl = LINK_PAGE) =>
    get(`/link/subscribestar/authorize?redirect_url=${encodeURIComponent(redirectUrl)}`, headers);
  const oauth = (headers: Record<string, string>, code: string, extra: Record<string, string> = {}) =>
    get(`/link/subscribestar/oauth?${new URLSearchParams({ subscribestar_code: code, redirect_url: LINK_PAGE, ...extra })}`, headers);

  /** The sandbox accounts' SubscribeStar ids (payments-sandbox/src/subscribestar/accounts.ts). */
  const ACCOUNT_IDS: Record<string, string> = { pledge_premium: '100001', pledge_basic: '100002' };

  /**
   * authorize → the sandbox's page as `login` → the code and state the site page receives. The sandbox's accounts are
   * shared by the tests (run in any order): an earlier test's link of the account is removed unless `keepLinks`.
   */
  async function codeAs(headers: Record<string, string>, login: string, keepLinks = false) {
    if (!keepLinks) await t.db.query('delete from billing_supporter_links where external_user_id = $1', [ACCOUNT_IDS[login] ?? '']);
    const started = await authorize(headers);
    expect(started.status).toBe(200);
    const back = await decideOnAuthorizePage(started.body.url, login);
    expect(back.origin + back.pathname).toBe(LINK_PAGE);
    return { code: back.searchParams.get('code') as string, state: back.searchParams.get('state') as string };
  }
  const tierOf = async (userId: string) => (await t.db.query<{ tier: string }>('select tier from users where id = $1', [userId])).rows[0]?.tier;
  const subscriptionsOf = async (userId: string) =>
    (await t.db.query<{ id: string; plan_id: string; provider: string; status: string }>('select id::text as id, plan_id, provider, status from subscriptions where user_id = $1', [userId])).rows;

  it('answers the provider authorize URL with our client, the site page and a state', async () => {
    const m = await member();
    const res = await authorize(m.headers);
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(url.origin).toBe(rig.line.url); // the sandbox's address the API was given (the rig's line in front of it)
    expect(url.pathname).toBe('/oauth2/authorize');
    expect(url.searchParams.get('redirect_uri')).toBe(LINK_PAGE);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('subscriber.read user.read');
    expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(32);
    // the state is the transient link id: linking until the member comes back
    expect(await get(`/link/subscribestar/${url.searchParams.get('state')}`, m.headers)).toEqual({ status: 200, body: { status: 'linking' } });
  });

  it('links an active pledge and grants its tier at once, with a subscribestar subscription and a ledger entry', async () => {
    const m = await member();
    expect(await tierOf(m.id)).toBe('free');
    const { code, state } = await codeAs(m.headers, 'pledge_premium');
    const res = await oauth(m.headers, code, { state });
    expect(res).toEqual({ status: 200, body: { status: 'success', tier: 'premium' } });
    expect(await tierOf(m.id)).toBe('premium');
    const subs = await subscriptionsOf(m.id);
    expect(subs).toEqual([expect.objectContaining({ plan_id: 'premium_1m', provider: 'subscribestar', status: 'active' })]);
    const ledger = await ledgerOf(t.db, subs[0]?.id as string);
    console.log(`SubscribeStar link ledger (${backend}):\n${ledger.map((e) => `  ${e.actor}/${e.actor_id} ${e.action} ${e.from_state ?? '-'} → ${e.to_state}`).join('\n')}`);
    expect(ledger.map((e) => [e.actor, e.action, e.to_state])).toEqual([['provider', 'subscription.created', 'active:premium_1m']]);
    expect((await get(`/link/subscribestar/${state}`, m.headers)).body).toEqual({ status: 'success', tier: 'premium' });

    // the same code again: refused, nothing granted twice
    const replay = await oauth(m.headers, code);
    expect(replay.body.status).toBe('error');
    expect(await subscriptionsOf(m.id)).toHaveLength(1);
  });

  it('answers invalid_pledge with "no active pledge found" for an account without a pledge or with a lapsed one, granting nothing', async () => {
    for (const login of ['no_pledge', 'lapsed_pledge']) {
      const m = await member();
      const { code, state } = await codeAs(m.headers, login);
      expect((await oauth(m.headers, code)).body).toEqual({ status: 'invalid_pledge', message: 'no active pledge found' });
      expect((await get(`/link/subscribestar/${state}`, m.headers)).body.status).toBe('invalid_pledge');
      expect(await tierOf(m.id)).toBe('free');
      expect(await subscriptionsOf(m.id)).toEqual([]);
    }
  });

  it('answers error when the token exchange fails, linking nothing', async () => {
    const m = await member();
    const { code, state } = await codeAs(m.headers, 'exchange_fails');
    expect((await oauth(m.headers, code)).body).toEqual({ status: 'error', message: LINK_ERROR_MESSAGE });
    expect((await get(`/link/subscribestar/${state}`, m.headers)).body).toEqual({ status: 'error', message: LINK_ERROR_MESSAGE });
    expect((await t.db.query('select 1 from billing_supporter_links where user_id = $1', [m.id])).rows).toEqual([]);
  });

  it('refuses a code another member received, a code without an attempt, and a made-up code', async () => {
    const a = await member();
    const b = await member();
    const { code } = await codeAs(a.headers, 'pledge_basic');
    await authorize(b.headers);
    // b replays a's code on their own attempt: the provider binds the code to nothing of b's, and we refuse it once used
    expect((await oauth(a.headers, code)).body).toEqual({ status: 'success', tier: 'basic' });
    expect((await oauth(b.headers, code)).body.status).toBe('error');
    expect(await tierOf(b.id)).toBe('free');
    const c = await member();
    expect((await oauth(c.headers, 'ssc_no_attempt')).body.status).toBe('error');
    await authorize(c.headers);
    expect((await oauth(c.headers, 'ssc_made_up_code')).body).toEqual({ status: 'error', message: LINK_ERROR_MESSAGE });
  });

  it('refuses an account already linked to another member', async () => {
    const first = await member();
    const second = await member();
    expect((await oauth(first.headers, (await codeAs(first.headers, 'pledge_basic')).code)).body.status).toBe('success');
    const res = await oauth(second.headers, (await codeAs(second.headers, 'pledge_basic', true)).code);
    expect(res.body).toEqual({ status: 'error', message: 'This SubscribeStar account is already linked to another account.' });
    expect(await tierOf(second.id)).toBe('free');
  });

  it('a relink with another account follows its tier on the same subscription', async () => {
    const m = await member();
    expect((await oauth(m.headers, (await codeAs(m.headers, 'pledge_basic')).code)).body).toEqual({ status: 'success', tier: 'basic' });
    const [first] = await subscriptionsOf(m.id);
    expect((await oauth(m.headers, (await codeAs(m.headers, 'pledge_premium')).code)).body).toEqual({ status: 'success', tier: 'premium' });
    expect(await subscriptionsOf(m.id)).toEqual([expect.objectContaining({ id: first?.id, plan_id: 'premium_1m', provider: 'subscribestar', status: 'active' })]);
    expect(await tierOf(m.id)).toBe('premium');
    const links = await t.db.query<{ external_user_id: string }>('select external_user_id from billing_supporter_links where user_id = $1', [m.id]);
    expect(links.rows).toEqual([{ external_user_id: '100001' }]);
    expect((await ledgerOf(t.db, first?.id as string)).map((e) => e.action)).toEqual(['subscription.created', 'subscription.supporter_relinked']);
  });

  it('grants nothing to a member whose live subscription is paid another way', async () => {
    const m = await member();
    await t.db.query(
      `insert into subscriptions (id, user_id, application_id, plan_id, status, current_period_start, current_period_end, provider, created_at, updated_at)
       values (gen_random_uuid(), $1, 'fable', 'basic_1y', 'active', now(), now() + interval '1 year', 'sandbox', now(), now())`,
      [m.id],
    );
    expect((await oauth(m.headers, (await codeAs(m.headers, 'pledge_premium')).code)).body).toEqual({ status: 'error', message: 'You already have an active subscription' });
    expect(await subscriptionsOf(m.id)).toEqual([expect.objectContaining({ plan_id: 'basic_1y', provider: 'sandbox' })]);
    expect((await t.db.query('select 1 from billing_supporter_links where user_id = $1', [m.id])).rows).toEqual([]);
  });

  it('two returns with one code at once link once', async () => {
    const m = await member();
    const { code } = await codeAs(m.headers, 'pledge_premium');
    const answers = await Promise.all([oauth(m.headers, code), oauth(m.headers, code)]);
    expect(answers.map((a) => a.body.status).sort()).toEqual(['error', 'success']);
    expect(await subscriptionsOf(m.id)).toHaveLength(1);
  });

  it('is for members only, each seeing only their own links, and refuses hostile input', async () => {
    const guest = { [API_HEADERS.guestUserId]: testGuestId() };
    expect((await authorize(guest)).status).toBe(401);
    expect((await oauth(guest, 'x')).status).toBe(401);
    expect((await get('/link/subscribestar/abcdefghijklmnopqrstuvwxyz', guest)).status).toBe(401);
    const owner = await member();
    const other = await member();
    const state = new URL((await authorize(owner.headers)).body.url).searchParams.get('state') as string;
    expect((await get(`/link/subscribestar/${state}`, other.headers)).status).toBe(404);
    // the site on this machine under its other loopback name is the site; another port is not
    expect((await authorize(owner.headers, 'http://localhost:4999/link/subscribestar')).status).toBe(200);
    for (const redirect of ['https://evil.example/link/subscribestar', 'javascript:alert(1)', '/link/subscribestar', `http://user:pw@127.0.0.1:4999/x`, 'http://localhost:5000/link/subscribestar']) {
      expect((await authorize(owner.headers, redirect)).status).toBe(400);
      expect((await get(`/link/subscribestar/oauth?${new URLSearchParams({ subscribestar_code: 'c', redirect_url: redirect })}`, owner.headers)).status).toBe(400);
    }
    expect((await oauth(owner.headers, 'x'.repeat(513))).status).toBe(400);
    expect((await oauth(owner.headers, '')).status).toBe(400);
    expect([400, 414]).toContain((await get(`/link/subscribestar/${'y'.repeat(129)}`, owner.headers)).status); // the router's own limit may answer first
  });
});
