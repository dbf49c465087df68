import type { TestApp } from '../../testing/testApp';
import { startTestApp } from '../../testing/testApp';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { call, guestHeaders, signInWithoutUsername, signUpMember, type Member } from '../moderation/testing/chatbotTestKit';

/**
 * Analytics events (document 1 §7 "Analytics events: social media click, switch nsfw, login, sign up, card actions";
 * §4 "Sign-in") through POST /event, and the sign-up's affiliate_id and tap_tracking_id (§7 "POST users (v2) creates it
 * with profile plus optional affiliate_id and tap_tracking_id").
 */
describe.each(BOTH_BACKENDS)('analytics events on %s', (backend) => {
  let t: TestApp;
  let member: Member;
  let publicBot: string;
  let privateBot: string;
  const guest = guestHeaders();

  beforeAll(async () => {
    t = await startTestApp(backend);
    member = await signUpMember(t, 'analytics');
    const creator = await signUpMember(t, 'analyticsbots');
    const owner = { user_id: creator.id, username: creator.username };
    publicBot = (await insertCharacter(t.db, owner, { name: 'Open Bot' })).id;
    privateBot = (await insertCharacter(t.db, owner, { name: 'Secret Bot', visibility: 'private' })).id;
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  const event = (headers: Record<string, string>, body: Record<string, unknown>) => call(t, 'POST', '/event', headers, body);
  type Row = { event_name: string; user_id: string | null; guest_id: string | null; character_id: string | null; properties: Record<string, unknown> };
  const rowsOf = async (where: string, params: unknown[]) =>
    (await t.db.query<Row>(`select event_name, user_id::text as user_id, guest_id, character_id, properties from analytics_events where ${where} order by id`, params as never)).rows;

  it('keeps each event of a guest and of a member with its fields, once per call', async () => {
    expect((await event(guest, { event_name: 'social_media_click', network: 'discord' })).body).toEqual({ counted: true });
    expect((await event(guest, { event_name: 'card_action', action: 'share', character_id: publicBot })).body).toEqual({ counted: true });
    expect((await event(guest, { event_name: 'switch_nsfw', enabled: false })).body).toEqual({ counted: true });
    const guestRows = await rowsOf(`guest_id is not null and character_id is not distinct from $1 and event_name = 'card_action'`, [publicBot]);
    expect(guestRows.at(-1)).toMatchObject({ user_id: null, character_id: publicBot, properties: { action: 'share' } });

    for (const body of [
      { event_name: 'social_media_click', network: 'reddit' },
      { event_name: 'card_action', action: 'open', character_id: publicBot },
      { event_name: 'card_action', action: 'like', character_id: publicBot },
      { event_name: 'login', method: 'email' },
      { event_name: 'switch_nsfw', enabled: false },
    ]) {
      expect((await event(member.headers, body)).body).toEqual({ counted: true });
    }
    expect(await rowsOf('user_id = $1', [member.id])).toEqual([
      { event_name: 'social_media_click', user_id: member.id, guest_id: null, character_id: null, properties: { network: 'reddit' } },
      { event_name: 'card_action', user_id: member.id, guest_id: null, character_id: publicBot, properties: { action: 'open' } },
      { event_name: 'card_action', user_id: member.id, guest_id: null, character_id: publicBot, properties: { action: 'like' } },
      { event_name: 'login', user_id: member.id, guest_id: null, character_id: null, properties: { method: 'email' } },
      { event_name: 'switch_nsfw', user_id: member.id, guest_id: null, character_id: null, properties: { enabled: false } },
    ]);
  });

  it('answers 400 with what is wrong for bad fields, 401 without a guest id, and keeps nothing', async () => {
    const before = (await rowsOf('true', [])).length;
    const unknown = await event(guest, { event_name: 'page_view' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/event_name is one of social_media_click, switch_nsfw, login, sign_up, card_action, ads_megabrain_view, ads_megabrain_click/);
    const network = await event(guest, { event_name: 'social_media_click', network: 'myspace' });
    expect(network.status).toBe(400);
    expect(network.body.error.message).toMatch(/network is one of discord, x, reddit/);
    expect((await event(guest, { event_name: 'card_action', action: 'hug', character_id: publicBot })).body.error.message).toMatch(/action is one of open/);
    expect((await event(guest, { event_name: 'card_action', action: 'open' })).status).toBe(400);
    expect((await event(guest, { event_name: 'switch_nsfw', enabled: 'yes' })).status).toBe(400);
    expect((await event(member.headers, { event_name: 'login', method: 'pigeon' })).status).toBe(400);
    expect((await event({}, { event_name: 'social_media_click', network: 'x' })).status).toBe(401);
    expect((await rowsOf('true', [])).length).toBe(before);
  });

  it('refuses what the caller cannot have done', async () => {
    // Guests cannot switch NSFW on; members only with explicit content enabled in their profile.
    expect((await event(guest, { event_name: 'switch_nsfw', enabled: true })).body.error.code).toBe('nsfw_not_allowed');
    const shy = await signUpMember(t, 'shynsfw');
    expect((await event(shy.headers, { event_name: 'switch_nsfw', enabled: true })).status).toBe(403);
    expect((await call(t, 'PATCH', '/v2/users', shy.headers, { settings: { showNSFW: true } })).status).toBe(200);
    expect((await event(shy.headers, { event_name: 'switch_nsfw', enabled: true })).body).toEqual({ counted: true });
    // Guests cannot like, block or take Less Like This, nor log in; nobody acts on a chatbot they cannot open.
    for (const action of ['like', 'unlike', 'less_like_this', 'block_creator']) {
      expect((await event(guest, { event_name: 'card_action', action, character_id: publicBot })).body.error.code).toBe('members_only');
    }
    expect((await event(guest, { event_name: 'login', method: 'social' })).status).toBe(403);
    expect((await event(guest, { event_name: 'card_action', action: 'open', character_id: privateBot })).status).toBe(404);
    expect((await event(member.headers, { event_name: 'card_action', action: 'report', character_id: 'no-such-bot' })).status).toBe(404);
  });

  it('logs a sign-up once, only while the account has no username', async () => {
    const newcomer = await signInWithoutUsername(t, 'newcomer.analytics@example.com');
    // Two at once (two tabs finishing the sign-in): one kept.
    const both = await Promise.all([event(newcomer.headers, { event_name: 'sign_up', method: 'social' }), event(newcomer.headers, { event_name: 'sign_up', method: 'social' })]);
    expect(both.map((answer) => answer.body).sort((a, b) => Number(b.counted) - Number(a.counted))).toEqual([{ counted: true }, { counted: false }]);
    expect((await event(newcomer.headers, { event_name: 'sign_up', method: 'social' })).body).toEqual({ counted: false });
    expect(await rowsOf(`user_id = $1 and event_name = 'sign_up'`, [newcomer.id])).toHaveLength(1);
    const signedUp = await call(t, 'POST', '/v2/users', newcomer.headers, { username: 'newcomer_an', name: 'Newcomer', age: true, toc: true });
    expect(signedUp.status).toBe(200);
    expect((await event(newcomer.headers, { event_name: 'sign_up', method: 'email' })).body.error.code).toBe('already_signed_up');
    expect((await event(member.headers, { event_name: 'sign_up', method: 'email' })).status).toBe(409);
  });

  describe('affiliate_id and tap_tracking_id', () => {
    const ids = async (userId: string) =>
      (await t.db.query<{ affiliate_id: string | null; tap_tracking_id: string | null; username: string | null }>('select affiliate_id, tap_tracking_id, username from users where id = $1', [userId])).rows[0];
    const form = (username: string) => ({ username, name: 'Tracked', age: true, toc: true });

    it('are kept on the user from the sign-up call', async () => {
      const who = await signInWithoutUsername(t, 'tracked.one@example.com');
      const res = await call(t, 'POST', '/v2/users', who.headers, { ...form('tracked_one'), affiliate_id: 'aff-42', tap_tracking_id: 'tap_9.x' });
      expect(res.status).toBe(200);
      expect(await ids(who.id)).toEqual({ affiliate_id: 'aff-42', tap_tracking_id: 'tap_9.x', username: 'tracked_one' });
      // Nothing later changes them: the update calls do not take them.
      expect((await call(t, 'PATCH', '/v2/users', who.headers, { affiliate_id: 'other', tap_tracking_id: 'other' })).status).toBe(200);
      expect(await ids(who.id)).toMatchObject({ affiliate_id: 'aff-42', tap_tracking_id: 'tap_9.x' });
    });

    it('refuses ids that are not short printable strings with 400, signing nobody up', async () => {
      const who = await signInWithoutUsername(t, 'tracked.two@example.com');
      for (const bad of [{ affiliate_id: 'has space' }, { tap_tracking_id: 'x'.repeat(101) }, { affiliate_id: '' }, { tap_tracking_id: 'new\nline' }, { affiliate_id: 42 }]) {
        const res = await call(t, 'POST', '/v2/users', who.headers, { ...form('tracked_two'), ...bad });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/affiliate_id|tap_tracking_id/);
      }
      expect(await ids(who.id)).toEqual({ affiliate_id: null, tap_tracking_id: null, username: null });
    });

    it('never replaces ids the user already has', async () => {
      const who = await signInWithoutUsername(t, 'tracked.three@example.com');
      await t.db.query(`update users set affiliate_id = 'first-aff' where id = $1`, [who.id]);
      const res = await call(t, 'POST', '/v2/users', who.headers, { ...form('tracked_three'), affiliate_id: 'second-aff', tap_tracking_id: 'tap-1' });
      expect(res.status).toBe(200);
      expect(await ids(who.id)).toEqual({ affiliate_id: 'first-aff', tap_tracking_id: 'tap-1', username: 'tracked_three' });
    });
  });
});
