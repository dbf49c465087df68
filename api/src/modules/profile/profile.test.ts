import { CharacterProfileSchema, CreatorSchema } from '@fable/contracts';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { insertCharacter, insertCreator } from '../discovery/testing/catalogFixture';
import { call, newGuest, signUpMember, type TestMember } from '../discovery/testing/discoveryTestKit';

describe.each(BACKENDS)('chatbot profile and creator page on %s', (backend) => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;

  beforeAll(async () => {
    t = await startTestApp(backend);
    alice = await signUpMember(t, 'alice');
    bob = await signUpMember(t, 'bob');
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  const profileOf = (id: string, headers: Record<string, string>) => call(t, 'GET', `/characters/${id}`, headers);

  describe('visibility', () => {
    it.each(['private', 'permanently_private'] as const)('shows a %s chatbot to its creator only (404 for anyone else)', async (visibility) => {
      const bot = await insertCharacter(t.db, alice, { visibility });
      const own = await profileOf(bot.id, alice.headers);
      expect(own.status).toBe(200);
      expect(own.body.viewer.is_creator).toBe(true);
      expect((await profileOf(bot.id, bob.headers)).status).toBe(404);
      const guest = await profileOf(bot.id, newGuest().headers);
      expect(guest.status).toBe(404);
      expect(guest.body.error.code).toBe('not_found');
    });

    it('opens an unlisted chatbot by link, and a public one, for members and guests', async () => {
      for (const visibility of ['hidden', 'public'] as const) {
        const bot = await insertCharacter(t.db, alice, { visibility });
        expect((await profileOf(bot.id, bob.headers)).status).toBe(200);
        const guest = await profileOf(bot.id, newGuest().headers);
        expect(guest.status).toBe(200);
        expect(guest.body.visibility).toBe(visibility);
      }
    });

    it('keeps applications apart: another application’s chatbot does not exist', async () => {
      const tales = await insertCharacter(t.db, alice, { application_id: 'tales' });
      expect((await profileOf(tales.id, newGuest().headers)).status).toBe(404);
      expect((await profileOf(tales.id, bob.headers)).status).toBe(404);
      const fromTales = await profileOf(tales.id, newGuest('tales').headers);
      expect(fromTales.status).toBe(200);
      expect(fromTales.body.application_ids).toEqual(['tales']);
    });

    it("answers 404 for an unknown id, and a visitor without a guest id (a first visit's profile) as a guest", async () => {
      expect((await profileOf('no-such-bot', bob.headers)).status).toBe(404);
      const bot = await insertCharacter(t.db, alice);
      const anonymous = await profileOf(bot.id, {});
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.viewer).toEqual({ is_creator: false, is_favorite: false, rating: null, creator_blocked: false });
      const hidden = await insertCharacter(t.db, alice, { visibility: 'private' });
      expect((await profileOf(hidden.id, {})).status).toBe(404);
      expect((await profileOf(bot.id, { 'x-guest-user-id': 'made-up' })).status).toBe(401);
    });
  });

  describe('definition', () => {
    it('withholds personality, scenario and dialogue from others unless definition_visible; the greeting always shows', async () => {
      const bot = await insertCharacter(t.db, alice, { definition_visible: false, greeting: 'Well met, traveller.' });
      const other = await profileOf(bot.id, bob.headers);
      expect(other.status).toBe(200);
      const profile = CharacterProfileSchema.parse(other.body);
      expect(profile).toMatchObject({ persona: '', scenario: null, dialogue: null, greeting: 'Well met, traveller.', definition_hidden: true });

      const creator = CharacterProfileSchema.parse((await profileOf(bot.id, alice.headers)).body);
      expect(creator).toMatchObject({ persona: bot.persona, scenario: bot.scenario, dialogue: bot.dialogue, definition_hidden: false });

      const visible = await insertCharacter(t.db, alice, { definition_visible: true });
      const shown = CharacterProfileSchema.parse((await profileOf(visible.id, newGuest().headers)).body);
      expect(shown).toMatchObject({ persona: visible.persona, scenario: visible.scenario, dialogue: visible.dialogue, definition_hidden: false });
    });

    it('shows the moderation report to the creator only', async () => {
      const bot = await insertCharacter(t.db, alice, { moderation_status: 'fix_required', reason_for_moderation: ['Tags'] });
      expect((await profileOf(bot.id, alice.headers)).body.moderationReport).toMatchObject({ moderation_status: 'fix_required', reason_for_moderation: ['Tags'] });
      expect((await profileOf(bot.id, bob.headers)).body.moderationReport).toBeNull();
    });
  });

  describe('the rest of the profile', () => {
    it('carries num_favorites, lorebooks, sub-characters and the viewer’s own state', async () => {
      const solo = await insertCharacter(t.db, alice, { name: 'Member One' });
      const secret = await insertCharacter(t.db, alice, { name: 'Secret One', visibility: 'private' });
      const dave = await signUpMember(t, 'dave');
      const strangers = await insertCharacter(t.db, dave, { name: 'Not Hers', visibility: 'private' });
      const group = await insertCharacter(t.db, alice, { type: 'group', sub_character_ids: [solo.id, secret.id, strangers.id] });
      await t.db.query(
        `insert into lorebooks (id, application_id, creator_user_id, creator_username, name, description) values ('lb-1', 'fable', $1, $2, 'World Lore', 'd')`,
        [alice.user_id, alice.username],
      );
      await t.db.query(`insert into character_lorebooks (character_id, lorebook_id) values ($1, 'lb-1')`, [group.id]);

      expect((await call(t, 'PUT', `/characters/${group.id}/favorite`, bob.headers)).status).toBe(200);
      expect((await call(t, 'PUT', `/characters/${group.id}/rating`, bob.headers, { rating: 5 })).status).toBe(200);
      expect((await call(t, 'PUT', `/users/blocked-creators/${alice.user_id}`, bob.headers)).status).toBe(200);

      const seen = await profileOf(group.id, bob.headers);
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({
        num_favorites: 1,
        lorebooks: [{ id: 'lb-1', name: 'World Lore' }],
        viewer: { is_creator: false, is_favorite: true, rating: 5, creator_blocked: true },
      });
      // The group rules (modules/groupChats/groupMembers.ts): others see only the members listings show; the group's
      // creator also sees her own private one; Dave's private one is nobody else's business.
      expect(seen.body.sub_characters.map((s: { name: string }) => s.name)).toEqual(['Member One']);
      const hers = await profileOf(group.id, alice.headers);
      expect(hers.body.sub_characters.map((s: { name: string }) => s.name)).toEqual(['Member One', 'Secret One']);
      const guest = await profileOf(group.id, newGuest().headers);
      expect(guest.body.viewer).toEqual({ is_creator: false, is_favorite: false, rating: null, creator_blocked: false });
      await call(t, 'DELETE', `/users/blocked-creators/${alice.user_id}`, bob.headers);
    });

    it('records a detail view for guests and members, not for the creator', async () => {
      const bot = await insertCharacter(t.db, alice);
      const guest = newGuest();
      await profileOf(bot.id, guest.headers);
      await profileOf(bot.id, bob.headers);
      await profileOf(bot.id, alice.headers);
      const { rows } = await t.db.query<{ subject: string; kind: string }>(
        'select subject, kind from interactions where character_id = $1 order by id',
        [bot.id],
      );
      expect(rows).toEqual([
        { subject: guest.subject, kind: 'detail_view' },
        { subject: bob.user_id, kind: 'detail_view' },
      ]);
    });
  });

  describe('creator page', () => {
    it('answers the creator with the count of its public chatbots in the application', async () => {
      const carol = await signUpMember(t, 'carol');
      await insertCharacter(t.db, carol);
      await insertCharacter(t.db, carol);
      await insertCharacter(t.db, carol, { visibility: 'private' });
      await insertCharacter(t.db, carol, { application_id: 'tales' });
      const res = await call(t, 'GET', `/creators/${carol.username.toUpperCase()}`, newGuest().headers);
      expect(res.status).toBe(200);
      expect(CreatorSchema.parse(res.body)).toEqual({
        user_id: carol.user_id,
        username: carol.username,
        display_name: carol.username,
        avatar_url: `/api/avatars/${carol.username}.svg`,
        num_characters: 2,
      });
    });

    it('finds a member who has no chatbot yet, and a catalog creator; 404 for unknown or other applications’ creators', async () => {
      const fresh = await call(t, 'GET', `/creators/${bob.username}`, alice.headers);
      expect(fresh.status).toBe(200);
      expect(fresh.body.user_id).toBe(bob.user_id);

      const seeded = await insertCreator(t.db, { username: 'seeded_writer' });
      await insertCharacter(t.db, seeded);
      expect((await call(t, 'GET', '/creators/seeded_writer', newGuest().headers)).body.num_characters).toBe(1);

      const elsewhere = await insertCreator(t.db, { username: 'tales_only' });
      await insertCharacter(t.db, elsewhere, { application_id: 'tales' });
      expect((await call(t, 'GET', '/creators/tales_only', newGuest().headers)).status).toBe(404);
      expect((await call(t, 'GET', '/creators/tales_only', newGuest('tales').headers)).status).toBe(200);
      expect((await call(t, 'GET', '/creators/nobody_here', newGuest().headers)).status).toBe(404);
    });
  });
});
