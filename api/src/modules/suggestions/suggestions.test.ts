import {
  CHARACTER_LIMITS,
  SUGGEST_FIELDS,
  SUGGEST_FIELD_MAX,
  SUGGESTION_MESSAGES,
  SuggestFieldResultSchema,
  SuggestTagsResultSchema,
  TagSuggestionAnswerSchema,
} from '@fable/contracts';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { MODERATOR_EMAIL, call, createChatbot, guestHeaders, signUpMember, uniqueWord, type Member } from '../moderation/testing/chatbotTestKit';

/** The suggestion calls on the built-in demo model (no models file), on both databases. */

const FORM = {
  name: 'Elowen',
  title: 'Elowen, a wandering elf bard',
  persona: 'Elowen is a cheerful elf who sings of dragons and lost kingdoms. She travels from tavern to tavern with her lute.',
  greeting: '*Elowen tunes her lute* Well met, {{user}}! Care for a song about the dragon of the northern realm?',
  scenario: 'A crowded tavern at the edge of an enchanted forest.',
  dialogue: '{{user}}: Who are you?\n{{char}}: A bard, of course! She bows.',
};

describe.each(BACKENDS)('suggestions on %s (demo model)', (backend) => {
  let t: TestApp;
  let owner: Member;
  let other: Member;
  let admin: Member;
  let limited: Member;

  beforeAll(async () => {
    t = await startTestApp(backend, { config: { adminEmails: [MODERATOR_EMAIL] } });
    owner = await signUpMember(t, 'owner');
    other = await signUpMember(t, 'other');
    admin = await signUpMember(t, 'admin', { email: MODERATOR_EMAIL });
    limited = await signUpMember(t, 'limited');
    await t.db.query(`insert into user_restrictions (id, user_id, kind, created_at) values (gen_random_uuid(), $1, 'limited', now())`, [limited.id]);
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  const suggestField = (member: Member, body: unknown) => call(t, 'POST', '/characters/suggest_field', member.headers, body);
  const suggestTags = (member: Member, body: unknown) => call(t, 'POST', '/characters/suggest_tags', member.headers, body);
  const sendSuggestion = (member: Member, characterId: string, body: unknown) => call(t, 'PUT', `/characters/${characterId}/tag-suggestion`, member.headers, body);
  const mySuggestion = (member: Member, characterId: string) => call(t, 'GET', `/characters/${characterId}/tag-suggestion`, member.headers);
  const storedSuggestions = async (characterId: string) =>
    (await t.db.query<{ n: number }>('select count(*)::int as n from tag_suggestions where character_id = $1', [characterId])).rows[0]!.n;

  describe('who may call', () => {
    it('refuses guests and anonymous callers on every suggestion call (401)', async () => {
      const bot = await createChatbot(t, owner, uniqueWord(), { visibility: 'private' });
      const calls: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
        ['POST', '/characters/suggest_field', { field: 'greeting', fields_values: FORM }],
        ['POST', '/characters/suggest_tags', FORM],
        ['GET', `/characters/${bot.id}/tag-suggestion`],
        ['PUT', `/characters/${bot.id}/tag-suggestion`, { tags_to_add: ['Vampire'], tags_to_remove: [] }],
      ];
      for (const [method, url, payload] of calls) {
        expect((await call(t, method, url, {}, payload)).status).toBe(401);
        expect((await call(t, method, url, guestHeaders(), payload)).status).toBe(401);
      }
    });

    it('refuses suggestions to a member without create_character: "Restricted!"', async () => {
      const field = await suggestField(limited, { field: 'greeting', fields_values: FORM });
      expect(field.status).toBe(403);
      expect(field.body.error).toEqual({ code: 'restricted', message: 'Restricted!', details: { permission: 'create_character' } });
      const tags = await suggestTags(limited, FORM);
      expect(tags.status).toBe(403);
      expect(tags.body.error.code).toBe('restricted');
    });
  });

  describe('suggest_field', () => {
    it.each(SUGGEST_FIELDS)('writes a sensible %s from the other fields: letters, within the field maximum', async (field) => {
      const res = await suggestField(owner, { field, fields_values: FORM });
      expect(res.status).toBe(200);
      const { suggested_value: value } = SuggestFieldResultSchema.parse(res.body);
      expect(res.body.field).toBe(field);
      expect(value).toMatch(/\p{L}/u);
      expect(value.length).toBeLessThanOrEqual(SUGGEST_FIELD_MAX[field]);
      expect(value).not.toMatch(/https?:|www\.|\*\*|^["“]/);
      if (field === 'name') {
        expect(value.length).toBeGreaterThanOrEqual(CHARACTER_LIMITS.nameMin);
        expect(value).not.toBe(FORM.name);
      } else if (field === 'dialogue') {
        for (const line of value.split('\n')) expect(line).toMatch(/^\{\{(user|char)\}\}: \S/);
      } else {
        // Written from the other fields: the name and who the title says the chatbot is.
        expect(value).toMatch(field === 'title' ? /elf bard/ : /Elowen/);
      }
    });

    it('gives the same chatbot the same suggestion, and only from name and title when the rest is empty', async () => {
      const body = { field: 'persona', fields_values: { name: 'Brannoc', title: 'Brannoc the grumpy blacksmith' } };
      const first = await suggestField(owner, body);
      expect(first.status).toBe(200);
      expect(first.body.suggested_value).toMatch(/^Brannoc is the grumpy blacksmith: /);
      expect((await suggestField(owner, body)).body.suggested_value).toBe(first.body.suggested_value);
    });

    it('needs a name and a title of at least 3 trimmed characters (400 with the rule)', async () => {
      for (const values of [
        { ...FORM, name: '  Al  ' },
        { ...FORM, title: 'ab ' },
        { title: FORM.title },
        { name: FORM.name },
      ]) {
        const res = await suggestField(owner, { field: 'greeting', fields_values: values });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
        expect(res.body.error.message).toContain(SUGGESTION_MESSAGES.nameTitleRequired);
      }
    });

    it('refuses unknown fields, missing values and over-long ones (400)', async () => {
      const bad = [
        { field: 'avatar', fields_values: FORM },
        { field: 'greeting' },
        { field: 'greeting', fields_values: { ...FORM, persona: 'x'.repeat(CHARACTER_LIMITS.personalityMax + 1) } },
        { field: 'greeting', fields_values: { ...FORM, name: 'N'.repeat(CHARACTER_LIMITS.nameMax + 1) } },
        { field: 'greeting', fields_values: FORM, character_id: 'x'.repeat(101) },
      ];
      for (const body of bad) expect((await suggestField(owner, body)).status).toBe(400);
      const res = await suggestField(owner, bad[0]);
      expect(res.body.error.message).toContain('field must be one of name, title, persona, greeting, scenario, dialogue');
    });

    it('gives no suggestion for a chatbot under review (409), and again once it is approved', async () => {
      const bot = await createChatbot(t, owner, uniqueWord(), { visibility: 'public' });
      expect(bot.moderationReport?.moderation_status).toBe('pending');
      const locked = await suggestField(owner, { field: 'greeting', fields_values: FORM, character_id: bot.id });
      expect(locked.status).toBe(409);
      expect(locked.body.error).toEqual({ code: 'character_under_review', message: SUGGESTION_MESSAGES.underReview });
      const lockedTags = await suggestTags(owner, { ...FORM, character_id: bot.id });
      expect(lockedTags.status).toBe(409);
      await call(t, 'POST', `/admin/moderation/characters/${bot.id}/decision`, admin.headers, { decision: 'approve' });
      expect((await suggestField(owner, { field: 'greeting', fields_values: FORM, character_id: bot.id })).status).toBe(200);
    });

    it('answers 404 for an unknown chatbot and 403 not_owner for another member’s', async () => {
      const theirs = await createChatbot(t, other, uniqueWord(), { visibility: 'private' });
      const notMine = await suggestField(owner, { field: 'greeting', fields_values: FORM, character_id: theirs.id });
      expect(notMine.status).toBe(403);
      expect(notMine.body.error.code).toBe('not_owner');
      expect((await suggestField(owner, { field: 'greeting', fields_values: FORM, character_id: 'no-such-bot' })).status).toBe(404);
      const mine = await createChatbot(t, owner, uniqueWord(), { visibility: 'private' });
      expect((await suggestField(owner, { field: 'greeting', fields_values: FORM, character_id: mine.id })).status).toBe(200);
    });
  });

  describe('suggest_tags', () => {
    it('suggests up to 5 of the application’s tags that fit, the surest first, none already chosen', async () => {
      const res = await suggestTags(owner, { ...FORM, tags: ['fantasy'] });
      expect(res.status).toBe(200);
      const { suggested_tags: tags } = SuggestTagsResultSchema.parse(res.body);
      const labels = tags.map((s) => s.label);
      expect(labels.length).toBeGreaterThan(0);
      expect(labels.length).toBeLessThanOrEqual(CHARACTER_LIMITS.suggestedTagsMax);
      expect(labels).not.toContain('Fantasy');
      expect(labels).toEqual(expect.arrayContaining(['Female', 'Elf']));
      expect(labels).not.toContain('Male');
      const options = (await call(t, 'GET', '/app-settings')).body.tagOptions.map((o: { value: string }) => o.value);
      for (const label of labels) expect(options).toContain(label);
      const confidences = tags.map((s) => s.confidence);
      expect([...confidences].sort((a, b) => b - a)).toEqual(confidences);
    });

    it('needs name, title, greeting and personality (400 with the rule)', async () => {
      for (const missing of ['name', 'title', 'greeting', 'persona'] as const) {
        const res = await suggestTags(owner, { ...FORM, [missing]: '   ' });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toContain(SUGGESTION_MESSAGES.tagFieldsRequired);
      }
      expect((await suggestTags(owner, { ...FORM, scenario: undefined, dialogue: null })).status).toBe(200);
      expect((await suggestTags(owner, { ...FORM, tags: Array.from({ length: 13 }, (_, i) => `Tag${i}`) })).status).toBe(400);
    });
  });

  describe('tag suggestion record', () => {
    it('keeps one pending suggestion per member and chatbot: a new one replaces it, empty lists discard it', async () => {
      const bot = await createChatbot(t, owner, uniqueWord(), { visibility: 'hidden', tags: ['Fantasy', 'Female'] });
      expect(TagSuggestionAnswerSchema.parse((await mySuggestion(other, bot.id)).body)).toEqual({ suggestion: null });

      const sent = await sendSuggestion(other, bot.id, { tags_to_add: ['vampire', 'Horror', 'VAMPIRE'], tags_to_remove: ['female'] });
      expect(sent.status).toBe(200);
      expect(TagSuggestionAnswerSchema.parse(sent.body).suggestion).toMatchObject({
        character_id: bot.id,
        tags_to_add: ['Vampire', 'Horror'],
        tags_to_remove: ['Female'],
      });
      expect((await mySuggestion(other, bot.id)).body).toEqual(sent.body);

      // Another member's suggestion is their own.
      await sendSuggestion(admin, bot.id, { tags_to_add: ['Elf'], tags_to_remove: [] });
      expect(await storedSuggestions(bot.id)).toBe(2);

      const replaced = await sendSuggestion(other, bot.id, { tags_to_add: [], tags_to_remove: ['Fantasy'] });
      expect(replaced.body.suggestion).toMatchObject({ tags_to_add: [], tags_to_remove: ['Fantasy'] });
      expect((await mySuggestion(other, bot.id)).body.suggestion).toMatchObject({ tags_to_add: [], tags_to_remove: ['Fantasy'] });
      expect(await storedSuggestions(bot.id)).toBe(2);

      const discarded = await sendSuggestion(other, bot.id, { tags_to_add: [], tags_to_remove: [] });
      expect(discarded.status).toBe(200);
      expect(discarded.body).toEqual({ suggestion: null });
      expect((await mySuggestion(other, bot.id)).body).toEqual({ suggestion: null });
      expect(await storedSuggestions(bot.id)).toBe(1);
      expect((await mySuggestion(admin, bot.id)).body.suggestion.tags_to_add).toEqual(['Elf']);
      // Discarding with nothing pending is fine.
      expect((await sendSuggestion(other, bot.id, { tags_to_add: [], tags_to_remove: [] })).body).toEqual({ suggestion: null });
    });

    it('refuses tags that are not offered, already there, not there, in both lists, or more than 12, writing nothing', async () => {
      const bot = await createChatbot(t, owner, uniqueWord(), { visibility: 'hidden', tags: ['Fantasy', 'Female'] });
      const cases: Array<[unknown, string]> = [
        [{ tags_to_add: ['Spaceships'], tags_to_remove: [] }, 'tag_not_offered'],
        [{ tags_to_add: ['fantasy'], tags_to_remove: [] }, 'tag_already_on_chatbot'],
        [{ tags_to_add: [], tags_to_remove: ['Horror'] }, 'tag_not_on_chatbot'],
        [{ tags_to_add: ['Female'], tags_to_remove: ['female'] }, 'tag_in_both_lists'],
        [{ tags_to_add: Array.from({ length: 13 }, (_, i) => `Tag ${i}`), tags_to_remove: [] }, 'validation_error'],
        [{ tags_to_add: ['Horror'] }, 'validation_error'],
      ];
      for (const [body, code] of cases) {
        const res = await sendSuggestion(other, bot.id, body);
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe(code);
      }
      expect((await sendSuggestion(other, bot.id, cases[0]![0])).body.error.message).toBe('Only the application’s tags can be suggested: Spaceships');
      expect((await sendSuggestion(other, bot.id, cases[4]![0])).body.error.message).toContain(SUGGESTION_MESSAGES.keepLimit);
      expect(await storedSuggestions(bot.id)).toBe(0);
    });

    it('answers 404 for a chatbot the member cannot open', async () => {
      const hidden = await createChatbot(t, owner, uniqueWord(), { visibility: 'private' });
      expect((await sendSuggestion(other, hidden.id, { tags_to_add: ['Horror'], tags_to_remove: [] })).status).toBe(404);
      expect((await mySuggestion(other, hidden.id)).status).toBe(404);
      expect((await mySuggestion(other, 'no-such-bot')).status).toBe(404);
      // Its creator may.
      expect((await sendSuggestion(owner, hidden.id, { tags_to_add: ['Horror'], tags_to_remove: [] })).status).toBe(200);
    });

    it('goes with the chatbot when it is deleted', async () => {
      const bot = await createChatbot(t, owner, uniqueWord(), { visibility: 'hidden' });
      await sendSuggestion(other, bot.id, { tags_to_add: ['Horror'], tags_to_remove: [] });
      expect(await storedSuggestions(bot.id)).toBe(1);
      expect((await call(t, 'DELETE', `/characters/${bot.id}`, owner.headers)).status).toBe(200);
      expect(await storedSuggestions(bot.id)).toBe(0);
    });
  });
});
