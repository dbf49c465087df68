import { GROUP_CHAT_ERRORS, GroupChatDetailSchema, MyCharactersResultSchema, type GroupChatDetail } from '@fable/contracts';
import { BACKENDS } from '../../testing/testDatabases';
import type { TestApp } from '../../testing/testApp';
import {
  call,
  chatbotTestApp,
  countRows,
  createChatbot,
  guestHeaders,
  signInWithoutUsername,
  signUpMember,
  uniqueWord,
  type Member,
} from '../moderation/testing/chatbotTestKit';
import { createGroup, decide, groupForm } from './testing/groupChatTestKit';

const NOT_OWNER = 'You are not allowed to access this page';
const names = (group: { sub_characters: Array<{ name: string }> }) => group.sub_characters.map((s) => s.name);

describe.each(BACKENDS)('group chats on %s', (backend) => {
  const kit = chatbotTestApp(backend, ['owner', 'other']);
  let t: TestApp;
  let owner: Member;
  let other: Member;
  let admin: Member;
  beforeAll(() => {
    ({ t, admin, members: { owner, other } } = kit);
  });

  /** A public chatbot of `member`, approved by a moderator (a public chatbot is pending until then). */
  const publicBot = async (member: Member, name = uniqueWord()) => {
    const bot = await createChatbot(t, member, name);
    await decide(t, admin, bot.id, 'approve');
    return bot;
  };
  const privateBot = (member: Member, name = uniqueWord()) => createChatbot(t, member, name, { visibility: 'private', tags: [] });
  const getGroup = (id: string, headers: Record<string, string>) => call<GroupChatDetail>(t, 'GET', `/groupchats/${id}`, headers);

  describe('who may call', () => {
    it('opens a public group for everyone of the application, a private one for its creator only', async () => {
      const mine = await privateBot(owner);
      const theirs = await publicBot(other);
      const open = await createGroup(t, owner, uniqueWord(), [(await publicBot(owner)).id, theirs.id], { visibility: 'public' });
      const closed = await createGroup(t, owner, uniqueWord(), [mine.id, theirs.id]);
      for (const headers of [owner.headers, other.headers, admin.headers, guestHeaders()]) {
        const res = await getGroup(open.id, headers);
        expect(res.status).toBe(200);
        expect(GroupChatDetailSchema.parse(res.body).id).toBe(open.id);
      }
      expect((await getGroup(closed.id, owner.headers)).status).toBe(200);
      for (const headers of [other.headers, admin.headers, guestHeaders()]) {
        const res = await getGroup(closed.id, headers);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: { code: 'group_chat_not_found', message: 'This group chat does not exist.' } });
      }
      // Without a guest id or a token; from another application; a chatbot's id.
      expect((await getGroup(open.id, {})).status).toBe(401);
      expect((await getGroup(open.id, guestHeaders('tales'))).status).toBe(404);
      expect((await getGroup(theirs.id, owner.headers)).status).toBe(404);
    });

    it('lets members only create and list, and its creator only change or delete: other members and admins get 403 not_owner', async () => {
      const bot = await publicBot(owner);
      const form = groupForm(uniqueWord(), [bot.id]);
      for (const headers of [{}, guestHeaders()]) {
        expect((await call(t, 'POST', '/groupchats', headers, form)).status).toBe(401);
        expect((await call(t, 'GET', '/groupchats/member-options', headers)).status).toBe(401);
        expect((await call(t, 'GET', '/users/characters?type=group', headers)).status).toBe(401);
      }
      const group = await createGroup(t, owner, uniqueWord(), [bot.id], { visibility: 'public' });
      for (const headers of [{}, guestHeaders()]) {
        expect((await call(t, 'PATCH', `/groupchats/${group.id}`, headers, { name: 'Guests Here' })).status).toBe(401);
        expect((await call(t, 'DELETE', `/characters/${group.id}`, headers)).status).toBe(401);
      }
      for (const someone of [other, admin]) {
        const patched = await call(t, 'PATCH', `/groupchats/${group.id}`, someone.headers, { name: 'Not Yours' });
        expect(patched.status).toBe(403);
        expect(patched.body.error).toEqual({ code: 'not_owner', message: NOT_OWNER });
        const deleted = await call(t, 'DELETE', `/characters/${group.id}`, someone.headers);
        expect(deleted.status).toBe(403);
        expect(deleted.body.error.code).toBe('not_owner');
      }
      expect((await getGroup(group.id, other.headers)).body.name).toBe(group.name);

      expect((await call(t, 'DELETE', `/characters/${group.id}`, owner.headers)).body).toEqual({ ok: true, id: group.id });
      expect((await getGroup(group.id, owner.headers)).status).toBe(404);
      expect((await call(t, 'PATCH', `/groupchats/${group.id}`, owner.headers, { name: 'Gone Group' })).status).toBe(404);
      const list = MyCharactersResultSchema.parse((await call(t, 'GET', '/users/characters?type=group', owner.headers)).body);
      expect(list.data.map((g) => g.id)).not.toContain(group.id);
      // The chatbot it held is untouched.
      expect((await call(t, 'GET', `/characters/${bot.id}`, owner.headers)).status).toBe(200);
    });

    it('refuses create and update without create_character ("Restricted!") and create without a username', async () => {
      const limited = await signUpMember(t, 'limited');
      const bot = await publicBot(limited);
      const group = await createGroup(t, limited, uniqueWord(), [bot.id]);
      await t.db.query(`insert into user_restrictions (id, user_id, kind, created_at) values (gen_random_uuid(), $1, 'limited', now())`, [limited.id]);
      const created = await call(t, 'POST', '/groupchats', limited.headers, groupForm(uniqueWord(), [bot.id]));
      expect(created.status).toBe(403);
      expect(created.body.error).toEqual({ code: 'restricted', message: 'Restricted!', details: { permission: 'create_character' } });
      const updated = await call(t, 'PATCH', `/groupchats/${group.id}`, limited.headers, { name: 'Limited Now' });
      expect(updated.body.error).toMatchObject({ code: 'restricted', message: 'Restricted!' });

      const nameless = await signInWithoutUsername(t, `nameless-${uniqueWord().toLowerCase()}@example.com`);
      const refused = await call(t, 'POST', '/groupchats', nameless.headers, groupForm(uniqueWord(), [bot.id]));
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({ code: 'username_required', message: GROUP_CHAT_ERRORS.username_required.message });
    });

    it('answers 404 for another application’s group, on read and on write', async () => {
      const tales = await signUpMember(t, 'tales', { applicationId: 'tales' });
      const bot = await createChatbot(t, tales, uniqueWord(), { visibility: 'private', tags: [] });
      const theirs = await createGroup(t, tales, uniqueWord(), [bot.id]);
      expect((await getGroup(theirs.id, owner.headers)).status).toBe(404);
      expect((await call(t, 'PATCH', `/groupchats/${theirs.id}`, owner.headers, { name: 'Cross App' })).status).toBe(404);
      expect((await call(t, 'DELETE', `/characters/${theirs.id}`, owner.headers)).status).toBe(404);
    });
  });

  describe('members', () => {
    it('saves the creator’s own chatbots of any visibility and others’ public ones, in the order sent, with their moderation status', async () => {
      const priv = await privateBot(owner, 'Ownprivate');
      const pending = await createChatbot(t, owner, 'Ownpending');
      const theirs = await publicBot(other, 'Theirpublic');
      const group = await createGroup(t, owner, 'Tavern Crew', [theirs.id, priv.id, pending.id], { title: 'Friends at the inn', tags: ['Fantasy'] });
      expect(group).toMatchObject({
        name: 'Tavern Crew',
        title: 'Friends at the inn',
        visibility: 'private',
        avatar: null,
        tags: ['Fantasy'],
        creator_username: owner.username,
        sub_character_ids: [theirs.id, priv.id, pending.id],
        worst_member_status: 'pending',
      });
      expect(group.sub_characters).toEqual([
        { id: theirs.id, name: 'Theirpublic', avatar_url: theirs.avatar_url, moderation_status: 'closed' },
        { id: priv.id, name: 'Ownprivate', avatar_url: priv.avatar_url, moderation_status: null },
        { id: pending.id, name: 'Ownpending', avatar_url: pending.avatar_url, moderation_status: 'pending' },
      ]);
      // token_count: the members' together.
      expect(group.token_count).toBe(theirs.token_count + priv.token_count + pending.token_count);
      const { rows } = await t.db.query<{ type: string; token_count: number }>('select type, token_count from characters where id = $1', [group.id]);
      expect(rows[0]).toEqual({ type: 'group', token_count: group.token_count });
    });

    it('refuses members the rules do not admit, naming which, and writes nothing', async () => {
      const ownPrivate = await privateBot(owner);
      const ownPublic = await publicBot(owner);
      const theirsPrivate = await privateBot(other);
      const theirsUnlisted = await createChatbot(t, other, uniqueWord(), { visibility: 'hidden' });
      const theirsWithdrawn = await publicBot(other);
      await decide(t, admin, theirsWithdrawn.id, 'require_fixes');
      const ownWithdrawn = await publicBot(owner);
      await decide(t, admin, ownWithdrawn.id, 'require_fixes');
      const aGroup = await createGroup(t, owner, uniqueWord(), [ownPrivate.id]);
      const tales = await signUpMember(t, 'tales', { applicationId: 'tales' });
      const elsewhere = await createChatbot(t, tales, uniqueWord());

      const before = await countRows(t, 'characters');
      const refusals: Array<[string, string[], string, 'public' | 'private']> = [
        ['unknown', [ownPublic.id, 'no-such-bot'], 'group_member_unavailable', 'private'],
        ['another creator’s private', [theirsPrivate.id], 'group_member_unavailable', 'private'],
        ['another creator’s unlisted', [theirsUnlisted.id], 'group_member_unavailable', 'private'],
        ['another creator’s withdrawn', [theirsWithdrawn.id], 'group_member_unavailable', 'private'],
        ['another application’s', [elsewhere.id], 'group_member_unavailable', 'private'],
        ['a group chat', [aGroup.id], 'group_member_unavailable', 'private'],
        ['own private in a public group', [ownPublic.id, ownPrivate.id], 'group_member_not_public', 'public'],
        ['own withdrawn in a public group', [ownWithdrawn.id], 'group_member_withdrawn', 'public'],
      ];
      for (const [why, ids, code, visibility] of refusals) {
        const res = await call(t, 'POST', '/groupchats', owner.headers, groupForm(uniqueWord(), ids, { visibility }));
        expect([why, res.status]).toEqual([why, 400]);
        const at = ids.length - 1;
        expect(res.body.error).toEqual({ code, message: GROUP_CHAT_ERRORS[code as keyof typeof GROUP_CHAT_ERRORS].message, details: { character_id: ids[at], index: at } });
      }
      expect(await countRows(t, 'characters')).toBe(before);
      // A private group may hold the creator's withdrawn chatbot (they can fix it).
      expect((await createGroup(t, owner, uniqueWord(), [ownWithdrawn.id])).worst_member_status).toBe('fix_required');
    });

    it('takes 1 to 10 distinct members, with the spec’s messages', async () => {
      const bots = await Promise.all(Array.from({ length: 11 }, () => privateBot(owner)));
      const ids = bots.map((b) => b.id);
      const tooMany = await call(t, 'POST', '/groupchats', owner.headers, groupForm(uniqueWord(), ids));
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.error.code).toBe('validation_error');
      expect(tooMany.body.error.details.issues).toEqual([{ path: 'body.sub_character_ids', message: "You can't add more than 10 chatbots." }]);
      const none = await call(t, 'POST', '/groupchats', owner.headers, groupForm(uniqueWord(), []));
      expect(none.body.error.details.issues[0].message).toBe('Groups require at least 2 chatbots to function properly.');
      const twice = await call(t, 'POST', '/groupchats', owner.headers, groupForm(uniqueWord(), [ids[0]!, ids[0]!]));
      expect(twice.body.error.details.issues[0].message).toBe('A chatbot can be added only once');
      expect((await createGroup(t, owner, uniqueWord(), ids.slice(0, 10))).sub_characters).toHaveLength(10);
      // One member only prompts a confirmation in the form: the API saves it.
      expect((await createGroup(t, owner, uniqueWord(), ids.slice(0, 1))).sub_characters).toHaveLength(1);
    });

    it('checks the group’s own name, title and tags as a chatbot’s: links 400 with the form’s message, content 422 with its code', async () => {
      const bot = await privateBot(owner);
      const link = await call(t, 'POST', '/groupchats', owner.headers, groupForm('see x.com', [bot.id]));
      expect(link.status).toBe(400);
      expect(link.body.error.details.issues).toEqual([{ path: 'body.name', message: 'Name should not contain any url/link' }]);
      const tagLink = await call(t, 'POST', '/groupchats', owner.headers, groupForm(uniqueWord(), [bot.id], { tags: ['www.spam.com'] }));
      expect(tagLink.body.error.details.issues[0].message).toBe('Tags should not contain any url/link');
      const short = await call(t, 'POST', '/groupchats', owner.headers, groupForm('  ab ', [bot.id]));
      expect(short.body.error.details.issues[0].message).toBe('Name should be longer');
      const underage = await call(t, 'POST', '/groupchats', owner.headers, groupForm('Loli Club', [bot.id]));
      expect(underage.status).toBe(422);
      expect(underage.body.error).toMatchObject({ code: '1213', details: { field: 'name' } });
      const foreignAvatar = await call(t, 'POST', '/groupchats', owner.headers, groupForm(uniqueWord(), [bot.id], { avatar: 'https://tracker.example/pixel.png' }));
      expect(foreignAvatar.status).toBe(400);
    });

    it('refuses NUL characters and unpaired surrogates like every route', async () => {
      const bot = await privateBot(owner);
      for (const name of ['Bad\u0000Name', 'Bad\ud800Name']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/groupchats',
          headers: { ...owner.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(groupForm(name, [bot.id])),
        });
        expect(res.statusCode).toBe(400);
      }
    });
  });

  describe('reading members as they are now', () => {
    it('drops a deleted member and another creator’s member made private; the group still opens with the others', async () => {
      const mine = await publicBot(owner, 'Staysmine');
      const goner = await publicBot(other, 'Goner');
      const hider = await publicBot(other, 'Hider');
      const group = await createGroup(t, owner, uniqueWord(), [goner.id, mine.id, hider.id], { visibility: 'public' });
      expect(names(group)).toEqual(['Goner', 'Staysmine', 'Hider']);
      expect((await call(t, 'DELETE', `/characters/${goner.id}`, other.headers)).status).toBe(200);
      expect((await call(t, 'PATCH', `/characters/${hider.id}`, other.headers, { visibility: 'private' })).status).toBe(200);
      for (const headers of [owner.headers, other.headers, guestHeaders()]) {
        const seen = GroupChatDetailSchema.parse((await getGroup(group.id, headers)).body);
        expect(names(seen)).toEqual(['Staysmine']);
        expect(seen.sub_character_ids).toEqual([mine.id]);
        expect(seen.token_count).toBe(mine.token_count);
      }
      // The profile (GET /characters/:id, mf-discovery's /groupchat/:id) carries the same members.
      const profile = await call(t, 'GET', `/characters/${group.id}`, guestHeaders());
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({ type: 'group', sub_characters: [{ id: mine.id, name: 'Staysmine', moderation_status: 'closed' }] });
      // A save that does not send members keeps those still there.
      const renamed = await call(t, 'PATCH', `/groupchats/${group.id}`, owner.headers, { name: 'Renamed Crew' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.sub_character_ids).toEqual([mine.id]);
    });

    it('shows the creator’s own chatbot made private after to the creator only, and asks to fix it on the next save of the public group', async () => {
      const keeps = await publicBot(owner, 'Keepspublic');
      const turns = await publicBot(owner, 'Turnsprivate');
      const group = await createGroup(t, owner, uniqueWord(), [keeps.id, turns.id], { visibility: 'public' });
      expect((await call(t, 'PATCH', `/characters/${turns.id}`, owner.headers, { visibility: 'private' })).status).toBe(200);
      expect(names((await getGroup(group.id, owner.headers)).body)).toEqual(['Keepspublic', 'Turnsprivate']);
      for (const headers of [other.headers, guestHeaders()]) {
        expect(names((await getGroup(group.id, headers)).body)).toEqual(['Keepspublic']);
        expect((await call(t, 'GET', `/characters/${group.id}`, headers)).body.sub_characters.map((s: { name: string }) => s.name)).toEqual(['Keepspublic']);
      }
      const rename = await call(t, 'PATCH', `/groupchats/${group.id}`, owner.headers, { name: 'Still Public' });
      expect(rename.status).toBe(400);
      expect(rename.body.error).toMatchObject({ code: 'group_member_not_public', details: { character_id: turns.id, index: 1 } });
      // Made private, the group may hold it again.
      const privateNow = await call(t, 'PATCH', `/groupchats/${group.id}`, owner.headers, { visibility: 'private' });
      expect(privateNow.status).toBe(200);
      expect(names(privateNow.body)).toEqual(['Keepspublic', 'Turnsprivate']);
    });

    it('drops another creator’s member that moderation withdrew', async () => {
      const bot = await publicBot(other, 'Withdrawnlater');
      const stays = await privateBot(owner, 'Ownstays');
      const group = await createGroup(t, owner, uniqueWord(), [bot.id, stays.id]);
      await decide(t, admin, bot.id, 'require_fixes');
      expect(names((await getGroup(group.id, owner.headers)).body)).toEqual(['Ownstays']);
    });
  });

  describe('updates', () => {
    it('changes only the fields sent, with the same checks as create', async () => {
      const a = await privateBot(owner, 'Membera');
      const b = await publicBot(owner, 'Memberb');
      const group = await createGroup(t, owner, 'First Name', [a.id], { title: 'A title', tags: ['Fantasy', 'Drama'], avatar: '/api/avatars/crew.svg' });
      const renamed = await call(t, 'PATCH', `/groupchats/${group.id}`, owner.headers, { name: 'Second Name' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Second Name', title: 'A title', tags: ['Fantasy', 'Drama'], avatar: '/api/avatars/crew.svg', sub_character_ids: [a.id], visibility: 'private' });
      const members = await call(t, 'PATCH', `/groupchats/${group.id}`, owner.headers, { sub_character_ids: [b.id, a.id], avatar: null });
      expect(members.body).toMatchObject({ name: 'Second Name', avatar: null, sub_character_ids: [b.id, a.id] });
      // Public with a private member: refused, nothing changed.
      const toPublic = await call(t, 'PATCH', `/groupchats/${group.id}`, owner.headers, { visibility: 'public' });
      expect(toPublic.body.error).toMatchObject({ code: 'group_member_not_public', details: { character_id: a.id, index: 1 } });
      const linked = await call(t, 'PATCH', `/groupchats/${group.id}`, owner.headers, { title: 'visit https://spam.example' });
      expect(linked.status).toBe(400);
      const tooMany = await call(t, 'PATCH', `/groupchats/${group.id}`, owner.headers, { sub_character_ids: Array.from({ length: 11 }, (_, i) => `x${i}`) });
      expect(tooMany.body.error.details.issues[0].message).toBe("You can't add more than 10 chatbots.");
      expect((await getGroup(group.id, owner.headers)).body).toMatchObject({ name: 'Second Name', title: 'A title', visibility: 'private', sub_character_ids: [b.id, a.id] });
      const publicNow = await call(t, 'PATCH', `/groupchats/${group.id}`, owner.headers, { visibility: 'public', sub_character_ids: [b.id] });
      expect(publicNow.body).toMatchObject({ visibility: 'public', sub_character_ids: [b.id] });
    });

    it('does not let the chatbot’s PATCH /characters/:id change a group (its member rules would be skipped)', async () => {
      const priv = await privateBot(owner);
      const group = await createGroup(t, owner, 'Private Crew', [priv.id]);
      const res = await call(t, 'PATCH', `/characters/${group.id}`, owner.headers, { visibility: 'public', tags: ['Fantasy', 'Drama'] });
      expect(res.status).toBe(404);
      expect((await getGroup(group.id, owner.headers)).body).toMatchObject({ visibility: 'private', sub_character_ids: [priv.id] });
    });

    it('two concurrent updates both land, neither loses the other’s field', async () => {
      const a = await privateBot(owner);
      const b = await privateBot(owner);
      const group = await createGroup(t, owner, 'Before Both', [a.id], { tags: ['Fantasy'] });
      const results = await Promise.all([
        call(t, 'PATCH', `/groupchats/${group.id}`, owner.headers, { name: 'After Both' }),
        call(t, 'PATCH', `/groupchats/${group.id}`, owner.headers, { sub_character_ids: [a.id, b.id] }),
        call(t, 'PATCH', `/groupchats/${group.id}`, owner.headers, { tags: ['Drama'] }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      expect((await getGroup(group.id, owner.headers)).body).toMatchObject({ name: 'After Both', sub_character_ids: [a.id, b.id], tags: ['Drama'] });
    });
  });

  describe('My Chatbots’ Groupchats tab (GET /users/characters?type=group)', () => {
    it('lists the member’s groups with their members: a fix_required member first, then rereview or pending, then the rest, newest first', async () => {
      const lister = await signUpMember(t, 'lister');
      const fix = await publicBot(lister, 'Fixme');
      await decide(t, admin, fix.id, 'require_fixes');
      const pending = await createChatbot(t, lister, 'Waiting');
      const approved = await publicBot(lister, 'Approved');
      const quiet = await privateBot(lister, 'Quiet');
      const make = async (name: string, ids: string[]) => {
        t.clock.advance(1000);
        return createGroup(t, lister, name, ids);
      };
      const oldFix = await make('Old Fix', [approved.id, fix.id]);
      const oldest = await make('Oldest Plain', [approved.id]);
      const review = await make('Under Review', [pending.id, quiet.id]);
      const newest = await make('Newest Plain', [quiet.id, approved.id]);
      const newFix = await make('New Fix', [fix.id, pending.id]);

      const res = await call(t, 'GET', '/users/characters?type=group', lister.headers);
      expect(res.status).toBe(200);
      const list = MyCharactersResultSchema.parse(res.body).data;
      expect(list.map((g) => g.name)).toEqual(['New Fix', 'Old Fix', 'Under Review', 'Newest Plain', 'Oldest Plain']);
      expect(list.every((g) => g.type === 'group')).toBe(true);
      const byId = new Map(list.map((g) => [g.id, g]));
      expect(byId.get(newFix.id)!.sub_characters).toEqual([
        { id: fix.id, name: 'Fixme', avatar_url: fix.avatar_url, moderation_status: 'fix_required' },
        { id: pending.id, name: 'Waiting', avatar_url: pending.avatar_url, moderation_status: 'pending' },
      ]);
      expect(byId.get(review.id)!.token_count).toBe(pending.token_count + quiet.token_count);
      expect([oldFix, oldest, newest].every((g) => byId.has(g.id))).toBe(true);
      expect((await getGroup(newFix.id, lister.headers)).body.worst_member_status).toBe('fix_required');
      expect((await getGroup(newest.id, lister.headers)).body.worst_member_status).toBe('closed');

      // The chatbots tab lists chatbots only.
      const bots = MyCharactersResultSchema.parse((await call(t, 'GET', '/users/characters', lister.headers)).body).data;
      expect(bots.map((b) => b.type)).not.toContain('group');
      expect(bots.map((b) => b.id).sort()).toEqual([fix.id, pending.id, approved.id, quiet.id].sort());
      // Another member's list holds none of them.
      const others = MyCharactersResultSchema.parse((await call(t, 'GET', '/users/characters?type=group', other.headers)).body).data;
      expect(others.some((g) => byId.has(g.id))).toBe(false);
    });
  });

  describe('where groups appear', () => {
    it('lists a public group in search at once and never a private one', async () => {
      const word = uniqueWord('Grp');
      const search = async () => (await call(t, 'GET', `/characters/search?q=${word}`, guestHeaders())).body.hits.map((h: { id: string }) => h.id);
      expect(await search()).toEqual([]);
      const bot = await publicBot(owner);
      const open = await createGroup(t, owner, word, [bot.id], { visibility: 'public', tags: ['Fantasy', 'Drama'] });
      await createGroup(t, owner, word, [bot.id]);
      expect(await search()).toEqual([open.id]);
      const hit = (await call(t, 'GET', `/characters/search?q=${word}`, guestHeaders())).body.hits[0];
      expect(hit).toMatchObject({ type: 'group', name: word });
      expect((await call(t, 'PATCH', `/groupchats/${open.id}`, owner.headers, { visibility: 'private' })).status).toBe(200);
      expect(await search()).toEqual([]);
    });
  });
});
