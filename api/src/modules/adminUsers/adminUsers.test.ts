import {
  AdminUserDetailSchema,
  AdminUsersSchema,
  RecommendationsResultSchema,
  RESTRICTION_MESSAGES,
  SearchCharactersResultSchema,
  SessionUserSchema,
} from '@fable/contracts';
import { BOTH_BACKENDS } from '../../testing/testDatabases';
import { eventually } from '../../testing/eventually';
import { bearer, signInByEmail, type TestApp } from '../../testing/testApp';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { call, chatbotTestApp, guestHeaders, signUpMember, uniqueWord, type Member } from '../moderation/testing/chatbotTestKit';

const HOUR_MS = 60 * 60 * 1000;
const impersonating = (admin: Member, user: Member) => ({ ...admin.headers, 'x-impersonate': user.id });

describe.each(BOTH_BACKENDS)('admin users, restrictions and impersonation on %s', (backend) => {
  const kit = chatbotTestApp(backend, ['member', 'other']);
  let t: TestApp;
  let admin: Member;
  let member: Member;
  let other: Member;
  beforeAll(() => {
    ({ t, admin, members: { member, other } } = kit);
  });

  const restrict = (who: Member, body: object, as: Member = admin) => call(t, 'POST', `/admin/users/${who.id}/restrictions`, as.headers, body);
  const me = async (who: Member) => SessionUserSchema.parse((await call(t, 'GET', '/v2/users', who.headers)).body);
  const actionsOf = async (userId: string) =>
    (await t.db.query<{ action: string; actor_id: string; reason: string }>('select action, actor_id, reason from admin_actions where target_user_id = $1 order by id', [userId])).rows;

  it('lists the application’s members by username, email or id; admins only', async () => {
    const found = AdminUsersSchema.parse((await call(t, 'GET', `/admin/users?q=${member.username}`, admin.headers)).body);
    expect(found.items.map((u) => u.id)).toEqual([member.id]);
    expect(found).toMatchObject({ found: 1, page: 1, per_page: 24 });
    const byId = AdminUsersSchema.parse((await call(t, 'GET', `/admin/users?q=${other.id}`, admin.headers)).body);
    expect(byId.items.map((u) => u.username)).toEqual([other.username]);
    // LIKE's wildcards are what they say, not wildcards.
    expect(AdminUsersSchema.parse((await call(t, 'GET', '/admin/users?q=%25', admin.headers)).body).found).toBe(0);
    expect((await call(t, 'GET', '/admin/users', member.headers)).status).toBe(403);
    expect((await call(t, 'GET', '/admin/users', guestHeaders())).status).toBe(401);
    expect((await call(t, 'GET', '/admin/users', {})).status).toBe(401);
  });

  it('puts a temporary hold: the member reads only, sees its end, and the record says who and why', async () => {
    const held = await signUpMember(t, 'held');
    const sent = await restrict(held, { kind: 'temporary', hours: 24, reason: 'Spam in public chatbots' });
    expect(sent.status).toBe(200);
    const detail = AdminUserDetailSchema.parse(sent.body);
    const expected = new Date(t.clock.now().getTime() + 24 * HOUR_MS).toISOString();
    expect(detail.user.restricted).toEqual(['temporary']);
    expect(detail.restrictions).toMatchObject([{ kind: 'temporary', expires_at: expected, reason: 'Spam in public chatbots', created_by: admin.username, active: true }]);
    expect(detail.actions).toMatchObject([{ action: 'restriction_added', actor_username: admin.username, reason: 'Spam in public chatbots' }]);

    expect((await call(t, 'GET', '/v2/users/moderation', held.headers)).body).toEqual({ expires_at: expected });
    const user = await me(held);
    expect(user.permissions).toEqual(expect.arrayContaining(['limited_access', 'restriction_full_time']));
    expect(user.permissions).not.toContain('view_chats');
    const write = await call(t, 'PATCH', '/v2/users', held.headers, { name: 'New Name' });
    expect(write.status).toBe(403);
    expect(write.body.error).toMatchObject({ code: 'restricted', message: 'Restricted!' });
    expect((await me(held)).name).not.toBe('New Name');

    // When the hold ends, everything comes back (a new sign-in: the old access token has expired meanwhile).
    const start = t.clock.now();
    t.clock.advance(24 * HOUR_MS + 1000);
    try {
      const again = await signInByEmail(t.app, `${held.username}@example.com`);
      expect(again.user.id).toBe(held.id);
      expect((await call(t, 'GET', '/v2/users/moderation', bearer(again.token))).body).toEqual({ expires_at: null });
      expect((await call(t, 'PATCH', '/v2/users', bearer(again.token), { name: 'New Name' })).status).toBe(200);
    } finally {
      t.clock.set(start);
    }
  });

  it('a limited member keeps chatting but loses creating; a shadow-ban shows as its permission; a complete ban still lets one delete the account', async () => {
    const limited = await signUpMember(t, 'limited');
    expect((await restrict(limited, { kind: 'limited', reason: 'Repeated guideline breaks' })).status).toBe(200);
    const permissions = (await me(limited)).permissions;
    expect(permissions).toEqual(expect.arrayContaining(['restriction_limited', 'view_chats']));
    expect(permissions).not.toContain('create_character');

    const shadow = await signUpMember(t, 'shadow');
    expect((await restrict(shadow, { kind: 'shadowban', hours: 72, reason: 'Suspected ban evasion' })).status).toBe(200);
    expect((await me(shadow)).permissions).toContain('temporary_shadowban');

    const banned = await signUpMember(t, 'banned');
    expect((await restrict(banned, { kind: 'complete', reason: 'Underage content' })).status).toBe(200);
    expect((await me(banned)).permissions).toEqual(expect.arrayContaining(['restriction_full', 'limited_access']));
    expect((await call(t, 'DELETE', '/v2/users', banned.headers)).status).toBe(200);
  });

  it('hides a shadow-banned creator’s chatbots from everyone else’s searches while it lasts, never from them', async () => {
    const shady = await signUpMember(t, 'shady');
    const word = uniqueWord();
    const bot = await insertCharacter(t.db, { user_id: shady.id, username: shady.username }, { name: word, tags: [word, 'Fantasy'] });
    const found = async (headers: Record<string, string>) =>
      SearchCharactersResultSchema.parse((await call(t, 'GET', `/characters/search?q=${word}`, headers)).body).hits.map((h) => h.id);
    // Recommendations are kept 20 minutes per viewer and question: each ask below is another question (count).
    const recommended = async (count: number) =>
      RecommendationsResultSchema.parse((await call(t, 'GET', `/recommendations?include_tags=${word}&count=${count}`, guestHeaders())).body).hits.map((h) => h.id);
    expect(await found(guestHeaders())).toEqual([bot.id]);
    expect(await recommended(10)).toEqual([bot.id]);
    const added = AdminUserDetailSchema.parse((await restrict(shady, { kind: 'shadowban', hours: 24, reason: 'Spam rings' })).body);
    expect(await found(guestHeaders())).toEqual([]);
    expect(await found(other.headers)).toEqual([]);
    expect(await found(shady.headers)).toEqual([bot.id]);
    expect(await recommended(11)).toEqual([]);
    const lifted = await call(t, 'POST', `/admin/users/${shady.id}/restrictions/${added.restrictions[0]!.id}/lift`, admin.headers, { reason: 'Cleared' });
    expect(lifted.status).toBe(200);
    expect(await found(guestHeaders())).toEqual([bot.id]);
  });

  it('refuses bad bodies with a clear message on the field, and writes nothing', async () => {
    const target = await signUpMember(t, 'target');
    const cases: Array<[object, string, string | undefined]> = [
      [{ kind: 'temporary', reason: 'No length given' }, 'body.hours', RESTRICTION_MESSAGES.hoursRequired],
      [{ kind: 'limited', hours: 5, reason: 'A length where none goes' }, 'body.hours', RESTRICTION_MESSAGES.hoursNotAllowed],
      [{ kind: 'complete', reason: ' x ' }, 'body.reason', RESTRICTION_MESSAGES.reasonRequired],
      [{ kind: 'temporary', hours: 0, reason: 'Zero hours' }, 'body.hours', undefined],
      [{ kind: 'temporary', hours: 365 * 24 + 1, reason: 'Over a year' }, 'body.hours', undefined],
      [{ kind: 'forever', reason: 'Unknown kind' }, 'body.kind', undefined],
    ];
    for (const [body, path, message] of cases) {
      const sent = await restrict(target, body);
      expect(sent.status).toBe(400);
      const issue = sent.body.error.details.issues.find((i: { path: string }) => i.path === path);
      expect(issue).toBeDefined();
      if (message) expect(issue.message).toBe(message);
    }
    expect((await restrict(target, { kind: 'complete', reason: 'Nul \u0000 byte' })).status).toBe(400);
    expect((await call(t, 'POST', '/admin/users/not-a-uuid/restrictions', admin.headers, { kind: 'limited', reason: 'Bad id' })).status).toBe(400);
    expect(await actionsOf(target.id)).toEqual([]);
    expect((await me(target)).restrictions).toEqual([]);
  });

  it('puts a restriction of one kind once, even on a double click', async () => {
    const target = await signUpMember(t, 'twice');
    const body = { kind: 'limited', reason: 'Clicked twice' };
    const answers = await Promise.all([restrict(target, body), restrict(target, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.code).toBe('already_restricted');
    expect((await actionsOf(target.id)).map((a) => a.action)).toEqual(['restriction_added']);
    // Another kind is another restriction.
    expect((await restrict(target, { kind: 'shadowban', hours: 1, reason: 'And hidden' })).status).toBe(200);
  });

  it('never restricts an admin, an unknown user or another application’s member', async () => {
    expect((await restrict(admin, { kind: 'complete', reason: 'An admin' })).body.error.code).toBe('admin_protected');
    const unknown = await call(t, 'POST', '/admin/users/00000000-0000-4000-8000-000000000000/restrictions', admin.headers, { kind: 'limited', reason: 'Nobody' });
    expect(unknown.status).toBe(404);
    const elsewhere = await signUpMember(t, 'partnerite', { applicationId: 'storynest' });
    expect((await restrict(elsewhere, { kind: 'limited', reason: 'Another app' })).status).toBe(404);
    expect((await restrict(other, { kind: 'limited', reason: 'Not an admin' }, member)).status).toBe(403);
  });

  it('lifts a restriction once, even when two admins lift it at the same time; the record refuses changes', async () => {
    const target = await signUpMember(t, 'lifted');
    const added = AdminUserDetailSchema.parse((await restrict(target, { kind: 'temporary', hours: 2, reason: 'Cooling off' })).body);
    const id = added.restrictions[0]!.id;
    const lift = () => call(t, 'POST', `/admin/users/${target.id}/restrictions/${id}/lift`, admin.headers, { reason: 'Appeal accepted' });
    const answers = await Promise.all([lift(), lift()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await me(target)).restrictions).toEqual([]);
    const detail = AdminUserDetailSchema.parse((await call(t, 'GET', `/admin/users/${target.id}`, admin.headers)).body);
    expect(detail.restrictions).toMatchObject([{ id, active: false, lifted_by: admin.username, lift_reason: 'Appeal accepted' }]);
    expect((await actionsOf(target.id)).map((a) => a.action)).toEqual(['restriction_added', 'restriction_lifted']);
    const unknown = await call(t, 'POST', `/admin/users/${target.id}/restrictions/00000000-0000-4000-8000-000000000000/lift`, admin.headers, { reason: 'Nothing' });
    expect(unknown.status).toBe(404);

    await expect(t.db.query("update admin_actions set reason = 'changed' where target_user_id = $1", [target.id])).rejects.toThrow(/append-only/);
    await expect(t.db.query('delete from admin_actions where target_user_id = $1', [target.id])).rejects.toThrow(/append-only/);
    await expect(t.db.query('truncate admin_actions')).rejects.toThrow(/append-only/);
    await expect(t.db.query('truncate impersonated_calls')).rejects.toThrow(/append-only/);
  });

  describe('impersonation', () => {
    it('lets an admin read the site as a member, and records every call with both identities', async () => {
      const seen = SessionUserSchema.parse((await call(t, 'GET', '/v2/users', impersonating(admin, member))).body);
      expect(seen.id).toBe(member.id);
      expect(seen.permissions).not.toContain('admin');
      // Recorded once answered (the onResponse hook runs after the answer has left).
      const recorded = async () =>
        (
          await t.db.query<{ admin_id: string; user_id: string; method: string; path: string; status_code: number }>(
            'select admin_id, user_id, method, path, status_code from impersonated_calls where admin_id = $1 order by id',
            [admin.id],
          )
        ).rows;
      const expected = { admin_id: admin.id, user_id: member.id, method: 'GET', path: '/api/v2/users', status_code: 200 };
      await eventually(async () => (await recorded()).some((r) => JSON.stringify(r) === JSON.stringify(expected)));
      expect(await recorded()).toContainEqual(expected);
    });

    it('is read-only: a write is refused and changes nothing', async () => {
      const before = (await me(member)).name;
      const sent = await call(t, 'PATCH', '/v2/users', impersonating(admin, member), { name: 'Impostor' });
      expect(sent.status).toBe(403);
      expect(sent.body.error.code).toBe('impersonation_read_only');
      expect((await me(member)).name).toBe(before);
      // The refused attempt is recorded too.
      await eventually(
        async () =>
          (await t.db.query("select 1 from impersonated_calls where admin_id = $1 and user_id = $2 and method = 'PATCH' and status_code = 403", [admin.id, member.id])).rowCount > 0,
      );
    });

    it('never into an admin or an unknown user; admin pages are closed while impersonating', async () => {
      expect((await call(t, 'GET', '/v2/users', impersonating(admin, admin))).body.error.code).toBe('admin_protected');
      // The attempt is recorded.
      await eventually(async () => (await t.db.query('select 1 from impersonated_calls where admin_id = $1 and user_id = $1 and status_code = 403', [admin.id])).rowCount > 0);
      const unknown = await call(t, 'GET', '/v2/users', { ...admin.headers, 'x-impersonate': '00000000-0000-4000-8000-000000000000' });
      expect(unknown.status).toBe(404);
      expect((await call(t, 'GET', '/v2/users', { ...admin.headers, 'x-impersonate': 'bob' })).status).toBe(404);
      expect((await call(t, 'GET', '/admin/users', impersonating(admin, member))).status).toBe(403);
    });

    it('treats a GET that changes something as a write (taking the member’s place in line)', async () => {
      const sent = await call(t, 'GET', '/queue', impersonating(admin, member));
      expect(sent.status).toBe(403);
      expect(sent.body.error.code).toBe('impersonation_read_only');
    });

    it('means nothing from a member who is no admin', async () => {
      const seen = SessionUserSchema.parse((await call(t, 'GET', '/v2/users', impersonating(member, other))).body);
      expect(seen.id).toBe(member.id);
      // An admin's impersonated call after it is recorded: the member's, had it been recorded, would be before it.
      await call(t, 'GET', '/v2/users', impersonating(admin, other));
      await eventually(async () => (await t.db.query('select 1 from impersonated_calls where admin_id = $1 and user_id = $2', [admin.id, other.id])).rowCount > 0);
      const { rowCount } = await t.db.query('select 1 from impersonated_calls where admin_id = $1', [member.id]);
      expect(rowCount).toBe(0);
    });
  });
});
