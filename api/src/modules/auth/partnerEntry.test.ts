import { AUTH_REFRESH_PATH, SessionUserSchema } from '@fable/contracts';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { bearer, forApplication, startTestApp, type TestApp } from '../../testing/testApp';
import { signPartnerEntryToken, type PartnerEntryClaims } from './partnerEntryToken';

/**
 * A partner's user arriving from the partner's site (document 1 §1, §4, §7): the shell calls POST /v2/users/external
 * with the id, name and username and the entry token the partner signed for them (X-Partner-Token).
 */
const STORYNEST_SECRET = 'storynest-entry-secret-0123456789';
const OTHER_SECRET = 'other-partner-secret-0123456789ab';
const MINUTE = 60_000;

describe.each(BOTH_BACKENDS)('partner entry with a signed token on %s', (backend) => {
  let t: TestApp;
  let serial = 0;

  beforeAll(async () => {
    t = await startTestApp(backend, { config: { partnerSecrets: { storynest: STORYNEST_SECRET, otherpartner: OTHER_SECRET } } });
    // A second partner application, set up like StoryNest.
    await t.db.query("insert into app_settings (application_id, settings) select 'otherpartner', settings from app_settings where application_id = 'storynest'");
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  /** A user of this test alone (tests run in any order and share the database). */
  const newClaims = (): PartnerEntryClaims => {
    serial += 1;
    return { applicationId: 'storynest', id: `sn-entry-${serial}`, name: `Entry User ${serial}`, username: `entry_user_${serial}` };
  };
  const inMinutes = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE);

  const enter = (claims: PartnerEntryClaims, token: string, applicationId = claims.applicationId) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/users/external',
      headers: { ...forApplication(applicationId), 'x-partner-token': token },
      payload: { id: claims.id, name: claims.name, username: claims.username },
    });

  it('signs the user in with a valid token: created once, found again by a later token; the session refreshes', async () => {
    const claims = newClaims();
    const first = await enter(claims, signPartnerEntryToken(STORYNEST_SECRET, claims, inMinutes(5)));
    expect(first.statusCode).toBe(200);
    const body = first.json();
    const user = SessionUserSchema.parse(body.user);
    expect(user).toMatchObject({ external_id: claims.id, username: claims.username, name: claims.name, application_id: 'storynest' });
    expect(user.id).not.toBe(claims.id);

    const me = await t.app.inject({ method: 'GET', url: '/api/v2/users', headers: { ...bearer(body.token), ...forApplication('storynest') } });
    expect(me.json().id).toBe(user.id);

    // document 1 §7 "POST auth/refresh (v2) | returns token": the partner session refreshes like any other.
    const refreshed = await t.app.inject({ method: 'POST', url: `/api${AUTH_REFRESH_PATH}`, headers: forApplication('storynest'), payload: { refresh_token: body.refresh_token } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().token).toEqual(expect.any(String));

    t.clock.advance(MINUTE);
    const again = await enter(claims, signPartnerEntryToken(STORYNEST_SECRET, claims, inMinutes(5)));
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(user.id);
  });

  it('takes the values as the API reads them: spaces trimmed, the username in any case', async () => {
    const claims = newClaims();
    const token = signPartnerEntryToken(STORYNEST_SECRET, claims, inMinutes(5));
    const res = await enter({ ...claims, name: `  ${claims.name} `, username: claims.username.toUpperCase() }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe(claims.username);
  });

  it('refuses an expired token, and a replay of it, with partner_token_expired', async () => {
    const claims = newClaims();
    const token = signPartnerEntryToken(STORYNEST_SECRET, claims, inMinutes(2));
    t.clock.advance(2 * MINUTE);
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await enter(claims, token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatchObject({ code: 'partner_token_expired', message: expect.stringContaining('has expired') });
    }
    const { rows } = await t.db.query("select 1 from users where application_id = 'storynest' and external_id = $1", [claims.id]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a token used once already (a replay within its life)', async () => {
    const claims = newClaims();
    const token = signPartnerEntryToken(STORYNEST_SECRET, claims, inMinutes(5));
    expect((await enter(claims, token)).statusCode).toBe(200);
    const replay = await enter(claims, token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('partner_token_used');
  });

  it('signs in once when the same token arrives twice at once (two tabs, a double click)', async () => {
    const claims = newClaims();
    const token = signPartnerEntryToken(STORYNEST_SECRET, claims, inMinutes(5));
    const answers = await Promise.all([enter(claims, token), enter(claims, token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from users where external_id = $1', [claims.id]);
    expect(rows[0]?.n).toBe(1);
  });

  it('refuses a tampered token or values it was not signed for, and a lifetime longer than allowed', async () => {
    const claims = newClaims();
    const token = signPartnerEntryToken(STORYNEST_SECRET, claims, inMinutes(5));
    const [version, expires, signature] = token.split('.') as [string, string, string];
    const flipped = signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    const cases: Array<[PartnerEntryClaims, string]> = [
      [claims, `${version}.${expires}.${flipped}`],
      [claims, `${version}.${Number(expires) + 3600}.${signature}`],
      [{ ...claims, id: 'sn-someone-else' }, token],
      [{ ...claims, username: 'someone_else' }, token],
      [{ ...claims, name: 'Someone Else' }, token],
      [claims, signPartnerEntryToken(STORYNEST_SECRET, claims, inMinutes(60))],
      [claims, 'not-a-token'],
    ];
    for (const [sent, sentToken] of cases) {
      const res = await enter(sent, sentToken);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('partner_token_invalid');
      expect(res.json().error.details.reason).toEqual(expect.any(String));
    }
    // Nothing was spent: the untouched token still works.
    expect((await enter(claims, token)).statusCode).toBe(200);
  });

  it('refuses a token of another application: signed with its secret, or for its id, or sent without one', async () => {
    const claims = newClaims();
    // Signed by another partner for its own application, sent to StoryNest.
    const otherSigned = signPartnerEntryToken(OTHER_SECRET, { ...claims, applicationId: 'otherpartner' }, inMinutes(5));
    expect((await enter(claims, otherSigned)).json().error.code).toBe('partner_token_invalid');
    // StoryNest's token taken to another partner application.
    const storynestSigned = signPartnerEntryToken(STORYNEST_SECRET, claims, inMinutes(5));
    expect((await enter(claims, storynestSigned, 'otherpartner')).json().error.code).toBe('partner_token_invalid');
    // The main brand takes no partner entry at all.
    const toMain = await enter(claims, storynestSigned, 'fable');
    expect(toMain.statusCode).toBe(401);
    expect(toMain.json().error.code).toBe('partner_auth_failed');
    // No application named: no partner to check the token with.
    const unnamed = await t.app.inject({ method: 'POST', url: '/api/v2/users/external', headers: { 'x-partner-token': storynestSigned }, payload: claims });
    expect(unnamed.json().error.code).toBe('partner_auth_failed');
  });

  it('refuses a call with no token and no secret, and missing fields, creating nothing', async () => {
    const claims = newClaims();
    const bare = await t.app.inject({ method: 'POST', url: '/api/v2/users/external', headers: forApplication('storynest'), payload: claims });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().error.code).toBe('partner_auth_failed');

    const token = signPartnerEntryToken(STORYNEST_SECRET, claims, inMinutes(5));
    for (const missing of ['id', 'name', 'username'] as const) {
      const payload: Record<string, string> = { id: claims.id, name: claims.name, username: claims.username };
      delete payload[missing];
      const res = await t.app.inject({ method: 'POST', url: '/api/v2/users/external', headers: { ...forApplication('storynest'), 'x-partner-token': token }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    const { rows } = await t.db.query("select 1 from users where application_id = 'storynest' and external_id = $1", [claims.id]);
    expect(rows).toHaveLength(0);
    // The token was not spent by the refused calls.
    expect((await enter(claims, token)).statusCode).toBe(200);
  });

  it('keeps the partner backend’s path: its secret signs a user in without a token', async () => {
    const claims = newClaims();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/users/external',
      headers: { ...forApplication('storynest'), 'x-partner-secret': STORYNEST_SECRET },
      payload: { id: claims.id, name: claims.name, username: claims.username },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.external_id).toBe(claims.id);
  });
});
