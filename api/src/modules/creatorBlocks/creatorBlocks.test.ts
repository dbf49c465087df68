import { BlockedCreatorsResultSchema } from '@fable/contracts';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { insertCreator } from '../discovery/testing/catalogFixture';
import { call, newGuest, signUpMember, type TestMember } from '../discovery/testing/discoveryTestKit';

describe.each(BACKENDS)('blocked creators on %s', (backend) => {
  let t: TestApp;
  let me: TestMember;

  beforeAll(async () => {
    t = await startTestApp(backend);
    me = await signUpMember(t, 'blocker');
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('is for members: guests get 401 on every call', async () => {
    const guest = newGuest().headers;
    expect((await call(t, 'GET', '/users/blocked-creators', guest)).status).toBe(401);
    expect((await call(t, 'PUT', `/users/blocked-creators/${me.user_id}`, guest)).status).toBe(401);
    expect((await call(t, 'DELETE', `/users/blocked-creators/${me.user_id}`, guest)).status).toBe(401);
  });

  it('blocks and unblocks creators (members and catalog creators), newest first, idempotently', async () => {
    expect(await call(t, 'GET', '/users/blocked-creators', me.headers)).toEqual({ status: 200, body: { blocked: [] } });
    const member = await signUpMember(t, 'writer');
    const seeded = await insertCreator(t.db, { username: 'catalog_writer' });

    expect((await call(t, 'PUT', `/users/blocked-creators/${member.user_id}`, me.headers)).body).toEqual({
      blocked: [{ id: member.user_id, username: member.username }],
    });
    t.clock.advance(1000);
    const twice = await call(t, 'PUT', `/users/blocked-creators/${seeded.user_id}`, me.headers);
    expect((await call(t, 'PUT', `/users/blocked-creators/${seeded.user_id}`, me.headers)).body).toEqual(twice.body);
    expect(BlockedCreatorsResultSchema.parse(twice.body).blocked).toEqual([
      { id: seeded.user_id, username: 'catalog_writer' },
      { id: member.user_id, username: member.username },
    ]);

    const unblocked = await call(t, 'DELETE', `/users/blocked-creators/${member.user_id}`, me.headers);
    expect(unblocked.body).toEqual({ blocked: [{ id: seeded.user_id, username: 'catalog_writer' }] });
    expect((await call(t, 'DELETE', `/users/blocked-creators/${member.user_id}`, me.headers)).status).toBe(200);
    expect((await call(t, 'GET', '/users/blocked-creators', me.headers)).body).toEqual(unblocked.body);
  });

  it('refuses blocking yourself (400 cannot_block_self) and unknown creators (404)', async () => {
    const self = await call(t, 'PUT', `/users/blocked-creators/${me.user_id}`, me.headers);
    expect(self.status).toBe(400);
    expect(self.body.error.code).toBe('cannot_block_self');
    const unknown = await call(t, 'PUT', '/users/blocked-creators/not-a-creator', me.headers);
    expect(unknown.status).toBe(404);
    expect((await t.db.query('select 1 from creator_blocks where user_id = $1 and creator_user_id in ($2, $3)', [me.user_id, me.user_id, 'not-a-creator'])).rowCount).toBe(0);
  });

  it('does not find another application’s members', async () => {
    const elsewhere = await signUpMember(t, 'talesuser', 'tales');
    await t.db.query('delete from creators where user_id = $1', [elsewhere.user_id]);
    expect((await call(t, 'PUT', `/users/blocked-creators/${elsewhere.user_id}`, me.headers)).status).toBe(404);
  });
});
