import { ACCOUNT_MESSAGES, SessionUserSchema } from '@fable/contracts';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { bearer, forApplication, startTestApp, type TestApp } from '../../testing/testApp';

const PARTNER_SECRET = 'storynest-test-secret-0123456789';
const partnerHeaders = { ...forApplication('storynest'), 'x-partner-secret': PARTNER_SECRET };

describe.each(BACKENDS)('partner sign-in by external id on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend, { config: { partnerSecrets: { storynest: PARTNER_SECRET } } });
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  const external = (payload: object, headers: Record<string, string> = partnerHeaders) =>
    t.app.inject({ method: 'POST', url: '/api/v2/users/external', headers, payload });

  it('creates a user by external id once, with an id distinct from it, and signs it in', async () => {
    const first = await external({ id: 'sn-42', name: 'Nest User', username: 'Nest_User' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    const user = SessionUserSchema.parse(body.user);
    expect(user).toMatchObject({ external_id: 'sn-42', username: 'nest_user', application_id: 'storynest', email: null });
    expect(user.id).not.toBe('sn-42');

    const me = await t.app.inject({ method: 'GET', url: '/api/v2/users', headers: { ...bearer(body.token), ...forApplication('storynest') } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);

    const again = await external({ id: 'sn-42', name: 'Nest User', username: 'nest_user' });
    expect(again.json().user.id).toBe(user.id);
  });

  it('refuses a user id that equals the external id (document 1 §4)', async () => {
    // Even an external id shaped like one of our ids gets a distinct id.
    const res = await external({ id: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f', name: 'Uuid User', username: 'uuid_user' });
    expect(res.json().user.id).not.toBe('6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f');
    await expect(
      t.db.query("update users set external_id = id::text where username = 'uuid_user'"),
    ).rejects.toThrow(/users_external_id_distinct/);
  });

  it('applies the partner sign-up rules with the spec messages', async () => {
    const shortName = await external({ id: 'sn-1', name: 'Abc', username: 'abcd' });
    expect(shortName.statusCode).toBe(400);
    expect(shortName.json().error.message).toContain(ACCOUNT_MESSAGES.partnerNameTooShort);
    const shortUser = await external({ id: 'sn-1', name: 'Abcd', username: 'abc' });
    expect(shortUser.json().error.message).toContain(ACCOUNT_MESSAGES.partnerUsernameTooShort);
  });

  it('refuses missing or wrong partner credentials, and another application’s secret', async () => {
    for (const headers of [
      forApplication('storynest'),
      { ...forApplication('storynest'), 'x-partner-secret': 'wrong-secret-wrong-secret' },
      { 'x-partner-secret': PARTNER_SECRET },
      { ...forApplication('fable'), 'x-partner-secret': PARTNER_SECRET },
    ]) {
      const res = await external({ id: 'sn-9', name: 'Nope User', username: 'nope_user' }, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('partner_auth_failed');
    }
  });
});
