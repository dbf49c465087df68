import {
  CHARACTER_TOKENIZER,
  MyCharactersResultSchema,
  OwnCharacterSchema,
  type OwnCharacter,
} from '@fable/contracts';
import { BACKENDS } from '../../testing/testDatabases';
import type { TestApp } from '../../testing/testApp';
import { bpeTokenizer } from '@fable/rules/tokens';
import {
  call,
  chatbotTestApp,
  chatbotForm,
  countRows,
  createChatbot,
  guestHeaders,
  signInWithoutUsername,
  signUpMember,
  uniqueWord,
  type Member,
} from '../moderation/testing/chatbotTestKit';

const NOT_OWNER = 'You are not allowed to access this page';

describe.each(BACKENDS)('chatbot authoring on %s', (backend) => {
  const kit = chatbotTestApp(backend, ['owner', 'other']);
  let t: TestApp;
  let owner: Member;
  let other: Member;
  let admin: Member;
  beforeAll(() => {
    ({ t, admin, members: { owner, other } } = kit);
  });

  const approve = (id: string) => call(t, 'POST', `/admin/moderation/characters/${id}/decision`, admin.headers, { decision: 'approve' });

  describe('who may call', () => {
    it('refuses guests and anonymous callers on every authoring call (401)', async () => {
      const bot = await createChatbot(t, owner, uniqueWord());
      const calls: Array<[Parameters<typeof call>[1], string, unknown?]> = [
        ['GET', '/users/characters'],
        ['GET', `/users/characters/${bot.id}`],
        ['POST', '/characters', chatbotForm(uniqueWord())],
        ['PATCH', `/characters/${bot.id}`, { title: 'A guest title' }],
        ['DELETE', `/characters/${bot.id}`],
        ['POST', '/characters/token-count', { persona: 'x' }],
      ];
      for (const [method, url, payload] of calls) {
        expect((await call(t, method, url, {}, payload)).status).toBe(401);
        expect((await call(t, method, url, guestHeaders(), payload)).status).toBe(401);
      }
      expect((await call(t, 'GET', `/users/characters/${bot.id}`, owner.headers)).status).toBe(200);
    });

    it('gives the edit form of a chatbot to its creator only: another member and an admin get 403 not_owner', async () => {
      const bot = await createChatbot(t, owner, uniqueWord(), { visibility: 'private', tags: [] });
      const mine = await call(t, 'GET', `/users/characters/${bot.id}`, owner.headers);
      expect(mine.status).toBe(200);
      expect(OwnCharacterSchema.parse(mine.body)).toMatchObject({ persona: bot.persona, scenario: bot.scenario, dialogue: bot.dialogue });
      for (const someone of [other, admin]) {
        for (const [method, payload] of [['GET'], ['PATCH', { title: 'Not your chatbot' }], ['DELETE']] as const) {
          const res = await call(t, method, `/${method === 'GET' ? 'users/' : ''}characters/${bot.id}`, someone.headers, payload);
          expect(res.status).toBe(403);
          expect(res.body.error).toEqual({ code: 'not_owner', message: NOT_OWNER });
        }
      }
      expect((await call(t, 'GET', `/users/characters/${bot.id}`, owner.headers)).body.title).toBe(bot.title);
    });

    it('answers 404 for an unknown chatbot and for another application’s', async () => {
      expect((await call(t, 'GET', '/users/characters/no-such-bot', owner.headers)).body.error.code).toBe('character_not_found');
      expect((await call(t, 'PATCH', '/characters/no-such-bot', owner.headers, { title: 'Nothing here' })).status).toBe(404);
      expect((await call(t, 'DELETE', '/characters/no-such-bot', owner.headers)).status).toBe(404);
      const tales = await signUpMember(t, 'tales', { applicationId: 'tales' });
      const theirs = await createChatbot(t, tales, uniqueWord());
      for (const [method, url] of [['GET', `/users/characters/${theirs.id}`], ['PATCH', `/characters/${theirs.id}`], ['DELETE', `/characters/${theirs.id}`]] as const) {
        expect((await call(t, method, url, owner.headers, method === 'PATCH' ? { title: 'Cross application' } : undefined)).status).toBe(404);
      }
    });

    it('refuses create and update without create_character, and delete without delete_character: "Restricted!"', async () => {
      const limited = await signUpMember(t, 'limited');
      const bot = await createChatbot(t, limited, uniqueWord());
      await t.db.query(`insert into user_restrictions (id, user_id, kind, created_at) values (gen_random_uuid(), $1, 'limited', now())`, [limited.id]);
      const before = await countRows(t, 'characters');
      const created = await call(t, 'POST', '/characters', limited.headers, chatbotForm(uniqueWord()));
      expect(created.status).toBe(403);
      expect(created.body.error).toMatchObject({ code: 'restricted', message: 'Restricted!' });
      expect((await call(t, 'PATCH', `/characters/${bot.id}`, limited.headers, { title: 'Edited while limited' })).body.error.message).toBe('Restricted!');
      const deleted = await call(t, 'DELETE', `/characters/${bot.id}`, limited.headers);
      expect(deleted.status).toBe(403);
      expect(deleted.body.error).toEqual({ code: 'restricted', message: 'Restricted!', details: { permission: 'delete_character' } });
      expect(await countRows(t, 'characters')).toBe(before);
      // Listing their own chatbots still works.
      expect((await call(t, 'GET', '/users/characters', limited.headers)).body.data.map((c: OwnCharacter) => c.id)).toEqual([bot.id]);
    });

    it('asks for a username before the first chatbot', async () => {
      const nameless = await signInWithoutUsername(t, `${uniqueWord().toLowerCase()}@example.com`);
      const res = await call(t, 'POST', '/characters', nameless.headers, chatbotForm(uniqueWord()));
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('username_required');
    });
  });

  describe('create', () => {
    it('saves every field of the form, counts its tokens with the chat tokenizer and lists it in My Chatbots', async () => {
      const name = uniqueWord();
      const bot = await createChatbot(t, owner, name, { language: 'es', is_nsfw: true, avatar_is_nsfw: true, card_extras: { alternate_greetings: ['Hola'] } });
      const form = chatbotForm(name);
      expect(bot).toMatchObject({
        name,
        title: form.title,
        greeting: form.greeting,
        persona: form.persona,
        scenario: form.scenario,
        dialogue: form.dialogue,
        visibility: 'public',
        definition_visible: true,
        avatar_url: form.avatar_url,
        avatar_is_nsfw: true,
        is_nsfw: true,
        tags: ['Fantasy', 'Female'],
        language: 'es',
        guidelines: true,
        creator_user_id: owner.id,
        creator_username: owner.username,
        card_extras: { alternate_greetings: ['Hola'] },
        num_messages: 0,
      });
      const expected = ['greeting', 'persona', 'scenario', 'dialogue'].reduce((n, f) => n + bpeTokenizer.count(String(form[f])), 0);
      expect(bot.token_count).toBe(expected);
      expect(bpeTokenizer.name).toBe(CHARACTER_TOKENIZER);

      const mine = MyCharactersResultSchema.parse((await call(t, 'GET', '/users/characters?switch=T1', owner.headers)).body);
      expect(mine.data.find((c) => c.id === bot.id)).toMatchObject({ name, visibility: 'public', token_count: expected });
      const { rows } = await t.db.query('select 1 from creators where user_id = $1', [owner.id]);
      expect(rows).toHaveLength(1);
    });

    it('gives document 1 §5 messages verbatim and writes nothing', async () => {
      const before = await countRows(t, 'characters');
      const refused = async (over: Record<string, unknown>) => {
        const res = await call(t, 'POST', '/characters', owner.headers, { ...chatbotForm(uniqueWord()), ...over });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
        return res.body.error.details.issues.map((i: { message: string }) => i.message);
      };
      expect(await refused({ name: '' })).toEqual(['You must provide a name']);
      expect(await refused({ name: 'x'.repeat(21) })).toEqual(['Name should be 20 characters or less']);
      expect(await refused({ name: 'visit www.site.com' })).toEqual(['Name should not contain any url/link']);
      expect(await refused({ title: 'x'.repeat(101) })).toEqual(['Title is maximum of 100 characters']);
      expect(await refused({ greeting: 'x'.repeat(2001) })).toEqual(['Greeting is maximum of 2000 characters']);
      expect(await refused({ persona: 'x'.repeat(5001) })).toEqual(['Personality is maximum of 5000 characters']);
      expect(await refused({ scenario: 'ab' })).toEqual(['Scenario should be longer']);
      expect(await refused({ dialogue: 'x'.repeat(4001) })).toEqual(['Dialogue is maximum of 4000 characters']);
      expect(await refused({ tags: ['Fantasy'] })).toEqual(['At least 2 tags required']);
      expect(await refused({ tags: Array.from({ length: 13 }, (_, i) => `Tag ${i}`) })).toEqual(['Tag limit reached']);
      expect(await refused({ visibility: undefined })).toEqual(['Visibility Is Required']);
      expect(await refused({ avatar_url: undefined })).toEqual(['You must generate an Avatar']);
      expect(await refused({ avatar_url: 'https://elsewhere.example/me.png' })).toEqual(['You must generate an Avatar']);
      expect(await refused({ guidelines: false })).toEqual(['Guidelines Is Required']);
      expect(await refused({ name: 42, tags: 'Fantasy', is_nsfw: 'yes' })).toHaveLength(3);
      expect(await countRows(t, 'characters')).toBe(before);
    });

    it('refuses NUL characters, huge strings and bodies that are not objects with a 4xx, writing nothing', async () => {
      const before = await Promise.all([countRows(t, 'characters'), countRows(t, 'creators')]);
      const cases: unknown[] = [
        { ...chatbotForm(uniqueWord()), persona: 'a\u0000b' },
        { ...chatbotForm(uniqueWord()), card_extras: { ['k\u0000']: 1 } },
        { ...chatbotForm(uniqueWord()), greeting: 'x'.repeat(200_000) },
        [chatbotForm(uniqueWord())],
        'text',
      ];
      for (const payload of cases) {
        const res = await t.app.inject({ method: 'POST', url: '/api/characters', headers: { ...owner.headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
        expect(res.statusCode).toBe(400);
      }
      expect(await Promise.all([countRows(t, 'characters'), countRows(t, 'creators')])).toEqual(before);
    });

    it('private: definition hidden whatever was sent; no tags needed; nothing to review', async () => {
      const bot = await createChatbot(t, owner, uniqueWord(), { visibility: 'private', definition_visible: true, tags: [] });
      expect(bot).toMatchObject({ visibility: 'private', definition_visible: false, tags: [], moderationReport: null });
      const unlisted = await createChatbot(t, owner, uniqueWord(), { visibility: 'hidden', definition_visible: true });
      expect(unlisted.definition_visible).toBe(false);
      const shown = await createChatbot(t, owner, uniqueWord(), { definition_visible: false });
      expect(shown.definition_visible).toBe(false);
    });

    it('public: "making a chatbot public sends it to review" (pending, recorded)', async () => {
      const bot = await createChatbot(t, owner, uniqueWord());
      expect(bot.moderationReport).toMatchObject({ moderation_status: 'pending', reason_for_moderation: [] });
      const audit = await call(t, 'GET', `/admin/moderation/characters/${bot.id}/audit`, admin.headers);
      expect(audit.body.entries).toEqual([
        expect.objectContaining({ action: 'submitted_for_review', actor_user_id: owner.id, actor_role: 'creator', from_status: null, to_status: 'pending' }),
      ]);
    });

    it('keeps card_extras as given, up to 256 KB (400 beyond)', async () => {
      const extras = { extensions: { depth_prompt: { depth: 4, prompt: 'x' } }, creator_notes: 'é'.repeat(1000), list: [1, 'two', null, true] };
      const bot = await createChatbot(t, owner, uniqueWord(), { card_extras: extras });
      expect((await call(t, 'GET', `/users/characters/${bot.id}`, owner.headers)).body.card_extras).toEqual(extras);
      const big = await call(t, 'POST', '/characters', owner.headers, chatbotForm(uniqueWord(), { card_extras: { blob: 'x'.repeat(256 * 1024) } }));
      expect(big.status).toBe(400);
      expect(big.body.error.details.issues[0]).toEqual({ path: 'body.card_extras', message: 'card_extras must be at most 256 KB of JSON' });
      const notObject = await call(t, 'POST', '/characters', owner.headers, chatbotForm(uniqueWord(), { card_extras: ['a'] }));
      expect(notObject.status).toBe(400);
      expect((await createChatbot(t, owner, uniqueWord())).card_extras).toEqual({});
    });
  });

  describe('token limit', () => {
    // '€' is one o200k token, so these texts have exactly as many tokens as characters.
    const euros = (n: number) => '€'.repeat(n);

    it('refuses a public chatbot over 3000 tokens with 400 character_token_limit; private allows 4000', async () => {
      const name = uniqueWord();
      const greeting = 'Hello there, traveller!';
      const base = chatbotForm(name, { greeting, scenario: null, dialogue: null });
      const greetingTokens = bpeTokenizer.count(greeting);
      const persona = euros(3001 - greetingTokens);
      const res = await call(t, 'POST', '/characters', owner.headers, { ...base, persona });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'character_token_limit',
        message: 'Your chatbot is too long: 3001/3000 tokens. Shorten the greeting, personality, scenario or example dialogue.',
        details: { token_count: 3001, limit: 3000 },
      });
      const exact = await createChatbot(t, owner, uniqueWord(), { greeting, scenario: null, dialogue: null, persona: euros(3000 - greetingTokens) });
      expect(exact.token_count).toBe(3000);
      const priv = await createChatbot(t, owner, name, { greeting, visibility: 'private', tags: [], scenario: null, dialogue: null, persona });
      expect(priv.token_count).toBe(3001);
      // Making it public would pass the public limit: refused, nothing changed.
      const publish = await call(t, 'PATCH', `/characters/${priv.id}`, owner.headers, { visibility: 'public', tags: ['A', 'B'] });
      expect(publish.status).toBe(400);
      expect(publish.body.error.code).toBe('character_token_limit');
      expect((await call(t, 'GET', `/users/characters/${priv.id}`, owner.headers)).body.visibility).toBe('private');
    });

    it('counts with the chat tokenizer on POST /characters/token-count, shown as x/limit by the client', async () => {
      const body = { greeting: 'Hello there, friend.', persona: euros(1600), scenario: '', dialogue: null, visibility: 'public' };
      const res = await call(t, 'POST', '/characters/token-count', owner.headers, body);
      const count = bpeTokenizer.count(body.greeting) + 1600;
      expect(res.body).toEqual({
        token_count: count,
        limit: 3000,
        warning_at: 1600,
        warning: true,
        over_limit: false,
        tokenizer: 'o200k_base',
        fields: { greeting: bpeTokenizer.count(body.greeting), persona: 1600, scenario: 0, dialogue: 0 },
      });
      const small = await call(t, 'POST', '/characters/token-count', owner.headers, { persona: euros(1600) });
      expect(small.body).toMatchObject({ token_count: 1600, limit: 4000, warning: false });
      expect((await call(t, 'POST', '/characters/token-count', owner.headers, { persona: 'x'.repeat(5001) })).status).toBe(400);
    });
  });

  describe('update', () => {
    it('changes only the fields sent', async () => {
      const bot = await createChatbot(t, owner, uniqueWord(), { visibility: 'private', tags: ['Drama'] });
      const res = await call(t, 'PATCH', `/characters/${bot.id}`, owner.headers, { title: 'A brand new title', scenario: null });
      expect(res.status).toBe(200);
      const { updatedAt: _u, title: _t, scenario: _s, token_count: _c, ...rest } = bot;
      expect(res.body).toMatchObject({ ...rest, title: 'A brand new title', scenario: null });
      expect(res.body.token_count).toBe(bot.token_count - bpeTokenizer.count(bot.scenario!));
    });

    it('visibility: permanently_private is for good; private hides the definition; public shows it and goes to review', async () => {
      const forever = await createChatbot(t, owner, uniqueWord(), { visibility: 'permanently_private', tags: [] });
      const locked = await call(t, 'PATCH', `/characters/${forever.id}`, owner.headers, { visibility: 'private' });
      expect(locked.status).toBe(409);
      expect(locked.body.error).toEqual({
        code: 'visibility_locked',
        message: 'A permanently private chatbot stays private: its visibility cannot be changed.',
        details: { reason: 'permanently_private' },
      });
      expect((await call(t, 'PATCH', `/characters/${forever.id}`, owner.headers, { title: 'Still permanently private' })).status).toBe(200);

      const bot = await createChatbot(t, owner, uniqueWord(), { visibility: 'hidden' });
      expect(bot.moderationReport).toBeNull();
      const published = await call(t, 'PATCH', `/characters/${bot.id}`, owner.headers, { visibility: 'public' });
      expect(published.body).toMatchObject({ visibility: 'public', definition_visible: true, moderationReport: { moderation_status: 'pending' } });
      expect((await approve(bot.id)).status).toBe(200);
      const off = await call(t, 'PATCH', `/characters/${bot.id}`, owner.headers, { definition_visible: false });
      expect(off.body).toMatchObject({ definition_visible: false, moderationReport: { moderation_status: 'closed' } });
      const priv = await call(t, 'PATCH', `/characters/${bot.id}`, owner.headers, { visibility: 'private', definition_visible: true });
      expect(priv.body).toMatchObject({ visibility: 'private', definition_visible: false });
      const again = await call(t, 'PATCH', `/characters/${bot.id}`, owner.headers, { visibility: 'public' });
      expect(again.body).toMatchObject({ definition_visible: true, moderationReport: { moderation_status: 'pending' } });
      const tooFewTags = await call(t, 'PATCH', `/characters/${forever.id}`, owner.headers, { tags: ['Only'] });
      expect(tooFewTags.status).toBe(200);
    });

    it('under review nothing can be edited (409); fix_required allows fixes, locks visibility and resubmits', async () => {
      const bot = await createChatbot(t, owner, uniqueWord());
      const locked = await call(t, 'PATCH', `/characters/${bot.id}`, owner.headers, { title: 'Edited while pending' });
      expect(locked.status).toBe(409);
      expect(locked.body.error).toEqual({
        code: 'character_under_review',
        message: 'This chatbot is under review. You can edit it again once the review is done.',
      });
      const decided = await call(t, 'POST', `/admin/moderation/characters/${bot.id}/decision`, admin.headers, {
        decision: 'require_fixes',
        reason_for_moderation: ['The greeting is too short'],
        action_taken_description: 'Unpublished until fixed',
      });
      expect(decided.status).toBe(200);
      const visibility = await call(t, 'PATCH', `/characters/${bot.id}`, owner.headers, { visibility: 'private' });
      expect(visibility.body.error.code).toBe('visibility_locked');
      const fixed = await call(t, 'PATCH', `/characters/${bot.id}`, owner.headers, { greeting: 'A much longer greeting, as asked.' });
      expect(fixed.body.moderationReport).toMatchObject({
        moderation_status: 'rereview_required',
        reason_for_moderation: ['The greeting is too short'],
        action_taken_description: 'Unpublished until fixed',
      });
      expect((await call(t, 'PATCH', `/characters/${bot.id}`, owner.headers, { title: 'Again while re-reviewed' })).status).toBe(409);
    });

    it('keeps the Step-Family tag once present', async () => {
      const bot = await createChatbot(t, owner, uniqueWord(), { visibility: 'private', tags: ['Step-Family', 'Drama'] });
      const res = await call(t, 'PATCH', `/characters/${bot.id}`, owner.headers, { tags: ['Drama', 'Romance'] });
      expect(res.body.tags).toEqual(['Drama', 'Romance', 'Step-Family']);
      const full = Array.from({ length: 12 }, (_, i) => `Tag ${i}`);
      const over = await call(t, 'PATCH', `/characters/${bot.id}`, owner.headers, { tags: full });
      expect(over.status).toBe(400);
      expect(over.body.error.details.issues).toEqual([{ path: 'body.tags', message: 'Tag limit reached' }]);
    });

    it('two concurrent updates of one chatbot both land, neither loses the other’s field', async () => {
      const bot = await createChatbot(t, owner, uniqueWord(), { visibility: 'private', tags: [] });
      const results = await Promise.all([
        call(t, 'PATCH', `/characters/${bot.id}`, owner.headers, { title: 'Title from the first tab' }),
        call(t, 'PATCH', `/characters/${bot.id}`, owner.headers, { greeting: 'Greeting from the second tab' }),
        call(t, 'PATCH', `/characters/${bot.id}`, owner.headers, { tags: ['Concurrent'] }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      const stored = (await call(t, 'GET', `/users/characters/${bot.id}`, owner.headers)).body;
      expect(stored).toMatchObject({ title: 'Title from the first tab', greeting: 'Greeting from the second tab', tags: ['Concurrent'] });
      const { rows } = await t.db.query<{ revision: number }>('select revision from character_authoring where character_id = $1', [bot.id]);
      expect(Number(rows[0]!.revision)).toBe(3);
    });
  });

  describe('delete', () => {
    it('deletes the creator’s chatbot, records it, and answers 404 afterwards', async () => {
      const bot = await createChatbot(t, owner, uniqueWord());
      const res = await call(t, 'DELETE', `/characters/${bot.id}`, owner.headers);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, id: bot.id });
      expect((await call(t, 'DELETE', `/characters/${bot.id}`, owner.headers)).status).toBe(404);
      expect((await call(t, 'GET', `/users/characters/${bot.id}`, owner.headers)).status).toBe(404);
      expect((await call(t, 'GET', `/characters/${bot.id}`, other.headers)).status).toBe(404);
      const audit = await call(t, 'GET', `/admin/moderation/characters/${bot.id}/audit`, admin.headers);
      expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual(['submitted_for_review', 'deleted']);
    });
  });

  describe('My Chatbots', () => {
    it('lists fix_required first, then under review, then the rest, newest first; type=group lists group chats', async () => {
      const creator = await signUpMember(t, 'lister');
      const plain = await createChatbot(t, creator, uniqueWord(), { visibility: 'private', tags: [] });
      t.clock.advance(1000);
      const pending = await createChatbot(t, creator, uniqueWord());
      t.clock.advance(1000);
      const fix = await createChatbot(t, creator, uniqueWord());
      await call(t, 'POST', `/admin/moderation/characters/${fix.id}/decision`, admin.headers, { decision: 'require_fixes', reason_for_moderation: ['Fix it'] });
      t.clock.advance(1000);
      const newest = await createChatbot(t, creator, uniqueWord(), { visibility: 'private', tags: [] });
      const list = (await call(t, 'GET', '/users/characters', creator.headers)).body.data.map((c: OwnCharacter) => c.id);
      expect(list).toEqual([fix.id, pending.id, newest.id, plain.id]);
      await t.db.query(`update characters set type = 'group' where id = $1`, [plain.id]);
      expect((await call(t, 'GET', '/users/characters?type=group', creator.headers)).body.data.map((c: OwnCharacter) => c.id)).toEqual([plain.id]);
      expect((await call(t, 'GET', '/users/characters?type=other', creator.headers)).status).toBe(400);
    });
  });

  describe('search, profile, creator page and recommendations see a change at once', () => {
    const search = async (q: string, headers = guestHeaders()) =>
      (await call(t, 'GET', `/characters/search?q=${encodeURIComponent(q)}`, headers)).body.hits.map((h: { id: string; name: string }) => h);
    const creatorPage = async (username: string) =>
      (await call(t, 'GET', `/characters/search?creator_username=${username}`, guestHeaders())).body.hits.map((h: { id: string }) => h.id);
    const recommended = async (headers: Record<string, string>) =>
      (await call(t, 'GET', '/recommendations?count=100', headers)).body.hits.map((h: { id: string; name: string }) => h);

    it('create, rename, unpublish and delete', async () => {
      const creator = await signUpMember(t, 'fresh');
      const guest = guestHeaders();
      const name = uniqueWord();
      // Cached empty answers first: the change must not wait for them to expire.
      expect(await search(name)).toEqual([]);
      expect(await creatorPage(creator.username)).toEqual([]);
      const before = await recommended(guest);

      const bot = await createChatbot(t, creator, name, { definition_visible: true });
      expect((await search(name)).map((h: { id: string }) => h.id)).toEqual([bot.id]);
      expect(await creatorPage(creator.username)).toEqual([bot.id]);
      expect((await recommended(guest)).map((h: { id: string }) => h.id)).toContain(bot.id);
      expect(before.map((h: { id: string }) => h.id)).not.toContain(bot.id);
      expect((await call(t, 'GET', `/creators/${creator.username}`, guest)).status).toBe(200);

      const renamed = uniqueWord();
      expect((await approve(bot.id)).status).toBe(200);
      await call(t, 'PATCH', `/characters/${bot.id}`, creator.headers, { name: renamed, persona: 'A new personality for everyone.' });
      // The old name is still in the title: the cached hit under it now carries the new name.
      expect((await search(name)).map((h: { name: string }) => h.name)).toEqual([renamed]);
      expect((await search(renamed)).map((h: { name: string }) => h.name)).toEqual([renamed]);
      expect((await recommended(guest)).find((h: { id: string }) => h.id === bot.id)?.name).toBe(renamed);
      const profile = await call(t, 'GET', `/characters/${bot.id}`, other.headers);
      expect(profile.body).toMatchObject({ name: renamed, persona: 'A new personality for everyone.' });

      await call(t, 'PATCH', `/characters/${bot.id}`, creator.headers, { visibility: 'private' });
      expect(await search(renamed)).toEqual([]);
      expect(await creatorPage(creator.username)).toEqual([]);
      expect((await recommended(guest)).map((h: { id: string }) => h.id)).not.toContain(bot.id);
      expect((await call(t, 'GET', `/characters/${bot.id}`, other.headers)).status).toBe(404);

      await call(t, 'PATCH', `/characters/${bot.id}`, creator.headers, { visibility: 'public' });
      expect(await creatorPage(creator.username)).toEqual([bot.id]);
      await call(t, 'DELETE', `/characters/${bot.id}`, creator.headers);
      expect(await creatorPage(creator.username)).toEqual([]);
      expect((await recommended(guest)).map((h: { id: string }) => h.id)).not.toContain(bot.id);
    });
  });
});
