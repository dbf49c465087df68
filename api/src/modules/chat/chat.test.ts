import type { AddressInfo } from 'node:net';
import { ERROR_CATALOGUE } from '@fable/contracts';
import { defaultReply, fakeTokens, startFakeOpenAiEngine, type FakeOpenAiEngine } from '../../testing/fakeOpenAiEngine';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { startTestApp, type TestApp } from '../../testing/testApp';
import type { CharacterRow } from '../characters/characterRow';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { call, newGuest, signUpMember, type TestMember } from '../discovery/testing/discoveryTestKit';
import { createMessageCounter } from './messageCounter';
import { eventOf, postSse, tokensOf, type SseResult } from '../../testing/sseClient';

const FAKE_KEY_ENV = 'FABLE_TEST_FAKE_ENGINE_KEY';

const until = async (check: () => Promise<boolean>, ms = 3000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not met in time');
};

describe.each(BACKENDS)('chat on %s', (backend) => {
  let t: TestApp;
  let engine: FakeOpenAiEngine;
  let base: string;
  let creator: TestMember;
  let alice: TestMember;
  let bob: TestMember;
  let bot: CharacterRow;

  beforeAll(async () => {
    process.env[FAKE_KEY_ENV] = 'sk-fake-engine';
    engine = await startFakeOpenAiEngine();
    t = await startTestApp(backend, {
      config: {
        inferenceModels: [
          { id: 'fake', name: 'Fake', tokens: '8K', base_url: engine.baseUrl, api_key_env: FAKE_KEY_ENV, model: 'fake-model', hide_unauthorized: false },
          { id: 'plus', name: 'Plus', tokens: '16K', base_url: engine.baseUrl, model: 'fake-plus', permission: '8k_context', hide_unauthorized: false },
          { id: 'secret', name: 'Secret', tokens: '16K', base_url: engine.baseUrl, permission: '8k_context', hide_unauthorized: true },
        ],
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
    creator = await signUpMember(t, 'creator');
    alice = await signUpMember(t, 'alice');
    bob = await signUpMember(t, 'bob');
    bot = await insertCharacter(t.db, creator, { name: 'Aria', greeting: 'Welcome, {{user}}!', persona: 'A cheerful bard.' });
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });
  beforeEach(() => {
    engine.behaviour = { ...engine.behaviour, failWithStatus: undefined, cutAfterTokens: undefined, firstTokenDelayMs: 0, tokenIntervalMs: 0 };
  });

  const chat = (headers: Record<string, string>, body: Record<string, unknown>, options?: { abortAfterTokens?: number }) =>
    postSse(`${base}/chat`, headers, { character_id: bot.id, ...body }, options);
  const count = async (sql: string, params: unknown[]) => Number((await t.db.query<{ n: number }>(sql, params as never)).rows[0]!.n);
  const mainLine = async (conversationId: string) =>
    (
      await t.db.query<{ id: string; role: string; content: string; stopped: boolean }>(
        'select id, role, content, stopped from messages where conversation_id = $1 and not is_alternative order by seq',
        [conversationId],
      )
    ).rows;
  const newConversation = async (member: TestMember, message = 'Hello Aria') => {
    const r = await chat(member.headers, { conversation_id: 'new', message });
    expect(eventOf(r, 'done')).toBeDefined();
    return eventOf(r, 'start').conversation_id as string;
  };

  describe('streaming', () => {
    it('streams a guest chat token by token over a real socket, and saves nothing', async () => {
      engine.behaviour = { ...engine.behaviour, tokenIntervalMs: 30 };
      const before = await count('select count(*)::int as n from messages', []);
      const guest = newGuest();
      const r = await chat(guest.headers, {
        message: 'Tell me a story',
        history: [{ role: 'assistant', content: 'Welcome!' }],
      });
      expect(r.status).toBe(200);
      expect(r.events[0]).toMatchObject({ event: 'start', data: { conversation_id: null } });
      const expected = fakeTokens(defaultReply({ model: 'x', messages: [{ role: 'user', content: 'Tell me a story' }] }));
      expect(tokensOf(r)).toEqual(expected);
      const tokenTimes = r.events.filter((e) => e.event === 'token').map((e) => e.at);
      // Each token came on its own, at the engine's pace (not buffered into one write).
      expect(tokenTimes.at(-1)! - tokenTimes[0]!).toBeGreaterThan(20 * (expected.length - 1));
      expect(eventOf(r, 'done')).toMatchObject({ conversation_id: null, stopped: false, message: { role: 'assistant', content: expected.join('') } });
      expect(await count('select count(*)::int as n from messages', [])).toBe(before);
      // The engine got the prompt: the system message, the history and the new message, with the key of the model.
      const sent = engine.requests.at(-1)!;
      expect(sent.authorization).toBe('Bearer sk-fake-engine');
      expect(sent.body.messages[0]!.role).toBe('system');
      expect(sent.body.messages.at(-1)).toEqual({ role: 'user', content: 'Tell me a story' });
    });

    it('creates a member conversation on the first message and saves the reply once', async () => {
      const before = (await t.db.query<{ num_messages: number }>('select num_messages from characters where id = $1', [bot.id])).rows[0]!.num_messages;
      const r = await chat(alice.headers, { conversation_id: 'new', message: 'Hi there' });
      const start = eventOf(r, 'start');
      expect(start.conversation_id).toEqual(expect.any(String));
      expect(start.user_message).toMatchObject({ role: 'user', content: 'Hi there' });
      const done = eventOf(r, 'done');
      expect(done.message.content).toBe(tokensOf(r).join(''));
      const rows = await mainLine(start.conversation_id);
      expect(rows.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant']);
      expect(rows[0]!.content).toBe('Welcome, {{user}}!');
      expect(rows[2]).toMatchObject({ id: done.message.id, content: done.message.content, stopped: false });
      const after = (await t.db.query<{ num_messages: number }>('select num_messages from characters where id = $1', [bot.id])).rows[0]!.num_messages;
      expect(after - before).toBe(2);
      expect(await count('select coalesce(sum(messages), 0)::int as n from character_daily_activity where character_id = $1', [bot.id])).toBeGreaterThanOrEqual(2);
      const page = await call(t, 'GET', `/conversations/${start.conversation_id}/messages`, alice.headers);
      expect(page.status).toBe(200);
      expect(page.body.messages.map((m: { id: string }) => m.id)).toEqual(rows.map((m) => m.id));
      expect(page.body.conversation).toMatchObject({ id: start.conversation_id, message_count: 3, last_message_id: done.message.id });
      // The greeting's macro was resolved in the prompt.
      expect(engine.requests.at(-1)!.body.messages[1]).toEqual({ role: 'assistant', content: expect.stringMatching(/^Welcome, [^{]+!$/) });
    });

    it('saves the partial reply once, stopped, when the client aborts mid-stream', async () => {
      const conversationId = await newConversation(alice);
      engine.behaviour = { ...engine.behaviour, tokenIntervalMs: 40 };
      const r = await chat(alice.headers, { conversation_id: conversationId, message: 'one two three four five six' }, { abortAfterTokens: 3 });
      expect(r.aborted).toBe(true);
      await until(async () => (await mainLine(conversationId)).at(-1)!.role === 'assistant');
      await new Promise((res) => setTimeout(res, 150));
      const rows = await mainLine(conversationId);
      const reply = rows.at(-1)!;
      expect(reply.stopped).toBe(true);
      const full = defaultReply({ model: 'x', messages: [{ role: 'user', content: 'one two three four five six' }] });
      expect(full.startsWith(reply.content)).toBe(true);
      expect(reply.content.length).toBeLessThan(full.length);
      expect(rows.filter((m) => m.role === 'assistant')).toHaveLength(3);
      await until(async () => engine.openStreams() === 0);
    });

    it('keeps nothing of a reply the engine cut, sends an error event, and regenerates after', async () => {
      const conversationId = await newConversation(alice);
      engine.behaviour = { ...engine.behaviour, cutAfterTokens: 3, tokenIntervalMs: 20 };
      const r = await chat(alice.headers, { conversation_id: conversationId, message: 'Are you there?' });
      expect(tokensOf(r)).toHaveLength(3);
      expect(eventOf(r, 'done')).toBeUndefined();
      expect(eventOf(r, 'error')).toMatchObject({ code: 'inference_failed', status: 502 });
      const rows = await mainLine(conversationId);
      expect(rows.at(-1)).toMatchObject({ role: 'user', content: 'Are you there?' });
      expect(await count('select count(*)::int as n from messages where conversation_id = $1', [conversationId])).toBe(rows.length);

      engine.behaviour = { ...engine.behaviour, cutAfterTokens: undefined };
      const again = await chat(alice.headers, { conversation_id: conversationId, regenerate: true });
      const done = eventOf(again, 'done');
      expect(done.message.content).toContain('Are you there?');
      const after = await mainLine(conversationId);
      expect(after.at(-1)!.id).toBe(done.message.id);
      expect(after.at(-2)).toMatchObject({ role: 'user', content: 'Are you there?' });
    });
  });

  describe('prompt', () => {
    it('carries the activated lorebook entries and the conversation memories', async () => {
      const loreBot = await insertCharacter(t.db, creator, { name: 'Lorekeeper' });
      const book = await t.db.query<{ id: string }>(
        `insert into lorebooks (application_id, creator_user_id, creator_username, name, description) values ('fable', $1, $2, 'World', 'd') returning id`,
        [creator.user_id, creator.username],
      );
      await t.db.query(
        `insert into lorebook_entries (lorebook_id, position, name, keywords, content) values ($1, 0, 'Castle', '{castle}', 'The castle is made of glass.'), ($1, 1, 'Sea', '{sea}', 'The sea is purple.')`,
        [book.rows[0]!.id],
      );
      await t.db.query('insert into character_lorebooks (character_id, lorebook_id) values ($1, $2)', [loreBot.id, book.rows[0]!.id]);
      const first = await chat(alice.headers, { character_id: loreBot.id, conversation_id: 'new', message: 'Hello' });
      const conversationId = eventOf(first, 'start').conversation_id as string;
      await t.db.query(`insert into memories (conversation_id, content, is_pinned, created_at, updated_at) values ($1, 'Alice fears spiders.', true, now(), now())`, [
        conversationId,
      ]);
      await chat(alice.headers, { character_id: loreBot.id, conversation_id: conversationId, message: 'Take me to the castle' });
      const system = engine.requests.at(-1)!.body.messages[0]!.content;
      expect(system).toContain('The castle is made of glass.');
      expect(system).not.toContain('The sea is purple.');
      expect(system).toContain('Alice fears spiders.');
    });
  });

  describe('regenerate, alternates, continue, autopilot', () => {
    it('moves the last reply to the alternates on regenerate, and alt_message_id brings one back', async () => {
      const conversationId = await newConversation(alice, 'First question');
      const first = (await mainLine(conversationId)).at(-1)!;
      engine.behaviour = { ...engine.behaviour, reply: () => 'A second answer.' };
      try {
        const r = await chat(alice.headers, { conversation_id: conversationId, regenerate: true });
        const done = eventOf(r, 'done');
        expect(done.message).toMatchObject({ content: 'A second answer.', alternates: [{ id: first.id, content: first.content }] });
        const rows = await mainLine(conversationId);
        expect(rows.at(-1)!.id).toBe(done.message.id);
        expect(rows.map((m) => m.id)).not.toContain(first.id);
        const alt = await t.db.query<{ is_alternative: boolean; alternate_of: string }>('select is_alternative, alternate_of from messages where id = $1', [first.id]);
        expect(alt.rows[0]).toEqual({ is_alternative: true, alternate_of: done.message.id });
        const page = await call(t, 'GET', `/conversations/${conversationId}/messages`, alice.headers);
        expect(page.body.messages.at(-1).alternates.map((a: { id: string }) => a.id)).toEqual([first.id]);
        expect(page.body.conversation.message_count).toBe(rows.length);

        // Pick the first answer back.
        const pick = await chat(alice.headers, { conversation_id: conversationId, alt_message_id: first.id });
        expect(eventOf(pick, 'done').message).toMatchObject({ id: first.id, is_alternative: false, alternates: [{ id: done.message.id }] });
        expect((await mainLine(conversationId)).at(-1)!.id).toBe(first.id);

        // A message then continues from the picked answer.
        const next = await chat(alice.headers, { conversation_id: conversationId, message: 'And then?' });
        expect(eventOf(next, 'start').user_message.prev_id).toBe(first.id);
      } finally {
        engine.behaviour = { ...engine.behaviour, reply: defaultReply };
      }
    });

    it('continues the last reply in place', async () => {
      const conversationId = await newConversation(alice, 'Go on');
      const before = await mainLine(conversationId);
      engine.behaviour = { ...engine.behaviour, reply: () => ' And more.' };
      try {
        const r = await chat(alice.headers, { conversation_id: conversationId, continue_chat: true });
        const done = eventOf(r, 'done');
        const after = await mainLine(conversationId);
        expect(after).toHaveLength(before.length);
        expect(after.at(-1)!.content).toBe(`${before.at(-1)!.content} And more.`);
        expect(done.message).toMatchObject({ id: before.at(-1)!.id, content: `${before.at(-1)!.content} And more.` });
        // The engine was asked to go on from the reply: it is the prompt's last message.
        expect(engine.requests.at(-1)!.body.messages.at(-1)).toMatchObject({ role: 'assistant' });
      } finally {
        engine.behaviour = { ...engine.behaviour, reply: defaultReply };
      }
    });

    it('suggests a user line with autopilot without saving it', async () => {
      const conversationId = await newConversation(alice, 'Autopilot base');
      const before = await count('select count(*)::int as n from messages where conversation_id = $1', [conversationId]);
      const r = await chat(alice.headers, { conversation_id: conversationId, autopilot: true });
      expect(eventOf(r, 'done').message).toMatchObject({ role: 'user' });
      expect(await count('select count(*)::int as n from messages where conversation_id = $1', [conversationId])).toBe(before);
      expect(engine.requests.at(-1)!.body.messages[0]!.content).toContain('You write the next reply of');
    });
  });

  describe('errors', () => {
    it('passes a 429 of the engine up and answers 503 with the busy text', async () => {
      engine.behaviour = { ...engine.behaviour, failWithStatus: 429 };
      const limited = await chat(newGuest().headers, { message: 'hello' });
      expect(limited.status).toBe(429);
      expect(limited.json.error.code).toBe('rate_limited');
      for (const status of [503, 504]) {
        engine.behaviour = { ...engine.behaviour, failWithStatus: status };
        const busy = await chat(alice.headers, { conversation_id: 'new', message: 'hello' });
        expect(busy.status).toBe(503);
        expect(busy.json.error).toMatchObject({ code: 'chat_server_busy', message: 'Chat server is busy.' });
        // The user's message was kept (the conversation stays consistent; regenerate answers it).
        const conversationId = busy.json.error.details.conversation_id as string;
        expect((await mainLine(conversationId)).at(-1)).toMatchObject({ role: 'user', content: 'hello' });
      }
    });

    it('refuses private characters of others, blocked creators, NSFW for guests and manual review', async () => {
      const privateBot = await insertCharacter(t.db, creator, { visibility: 'private' });
      const r1 = await chat(alice.headers, { character_id: privateBot.id, message: 'hi' });
      expect(r1.status).toBe(403);
      expect(r1.json.error).toEqual({ code: 'chat_not_allowed', message: ERROR_CATALOGUE.chat_not_allowed.message });
      const missing = await chat(alice.headers, { character_id: 'missing-id', message: 'hi' });
      expect(missing.json.error.code).toBe('chat_not_allowed');
      // The creator may chat with their own private character.
      expect(eventOf(await chat(creator.headers, { character_id: privateBot.id, message: 'hi' }), 'done')).toBeDefined();

      await t.db.query('insert into creator_blocks (user_id, creator_user_id, created_at) values ($1, $2, now())', [bob.user_id, creator.user_id]);
      const blocked = await chat(bob.headers, { message: 'hi' });
      expect(blocked.status).toBe(403);
      expect(blocked.json.error).toEqual({
        code: 'creator_blocked',
        message: 'You have blocked the creator of this character. Please unblock creator to use this character.',
      });

      const nsfw = await insertCharacter(t.db, creator, { is_nsfw: true });
      const guestNsfw = await chat(newGuest().headers, { character_id: nsfw.id, message: 'hi' });
      expect(guestNsfw.status).toBe(403);
      expect(guestNsfw.json.error.code).toBe('login_required');
      expect(eventOf(await chat(alice.headers, { character_id: nsfw.id, message: 'hi' }), 'done')).toBeDefined();

      const review = await insertCharacter(t.db, creator, { aicq_manual_review_required: true });
      const r4 = await chat(alice.headers, { character_id: review.id, message: 'hi' });
      expect(r4.status).toBe(409);
      expect(r4.json.error.code).toBe('manual_review_required');
    });

    it('validates the body and the model', async () => {
      expect((await chat(alice.headers, { message: '' })).status).toBe(400);
      expect((await chat(alice.headers, { message: 'x', inference_model: 'nope' })).json.error.code).toBe('unknown_model');
      const plus = await chat(alice.headers, { message: 'x', inference_model: 'plus' });
      expect(plus.status).toBe(403);
      expect(plus.json.error.code).toBe('model_not_allowed');
      expect((await chat({}, { message: 'x' })).status).toBe(401);
    });
  });

  describe('access to conversations and messages', () => {
    it('answers 404 to another member and 401 to guests', async () => {
      const conversationId = await newConversation(alice, 'Private talk');
      const messageId = (await mainLine(conversationId)).at(-1)!.id;
      const guest = newGuest().headers;
      for (const [method, url, payload] of [
        ['GET', `/conversations/${conversationId}/messages`, undefined],
        ['PATCH', `/messages/${messageId}`, { content: 'hacked' }],
        ['DELETE', `/conversations/${conversationId}/messages`, { ids: [messageId] }],
        ['POST', `/messages/${messageId}/label`, { message_id: messageId, label: 'bad' }],
        ['PUT', `/conversations/${conversationId}/label`, { label: 'Mine' }],
        ['POST', `/conversations/${conversationId}/clone`, { type: 'full', title: 'Copy' }],
        ['DELETE', `/conversations/${conversationId}`, undefined],
      ] as const) {
        expect([method, url, (await call(t, method, url, bob.headers, payload)).status]).toEqual([method, url, 404]);
        expect([method, url, (await call(t, method, url, guest, payload)).status]).toEqual([method, url, 401]);
      }
      const dave = await signUpMember(t, 'dave');
      const stolen = await chat(dave.headers, { conversation_id: conversationId, message: 'hi' });
      expect(stolen.status).toBe(404);
      expect((await mainLine(conversationId)).at(-1)!.id).toBe(messageId);
    });
  });

  describe('messages and conversations', () => {
    it('edits, labels, flags and removes messages from a point on', async () => {
      const conversationId = await newConversation(alice, 'm1');
      await chat(alice.headers, { conversation_id: conversationId, message: 'm2' });
      await chat(alice.headers, { conversation_id: conversationId, regenerate: true });
      const rows = await mainLine(conversationId);
      expect(rows).toHaveLength(5);
      const last = rows.at(-1)!;

      const edited = await call(t, 'PATCH', `/messages/${last.id}`, alice.headers, { content: 'Edited reply' });
      expect(edited.body).toMatchObject({ id: last.id, content: 'Edited reply' });
      const labelled = await call(t, 'POST', `/messages/${last.id}/label`, alice.headers, { message_id: last.id, label: 'great', reason: 'Funny' });
      expect(labelled.body).toMatchObject({ rating: 'great', label: 'Funny' });
      const flagged = await call(t, 'POST', `/messages/${last.id}/flag`, alice.headers, {
        message_id: last.id,
        conversation_id: conversationId,
        character_id: bot.id,
        label: 'Spam',
        comment: 'x',
      });
      expect(flagged.body).toEqual({ ok: true });

      // Removing from the user's "m2": it, the reply and the reply's alternate go.
      const removed = await call(t, 'DELETE', `/conversations/${conversationId}/messages`, alice.headers, { ids: [rows[3]!.id, last.id] });
      expect(removed.body).toEqual({ removed: 3 });
      const after = await mainLine(conversationId);
      expect(after.map((m) => m.id)).toEqual(rows.slice(0, 3).map((m) => m.id));
      const page = await call(t, 'GET', `/conversations/${conversationId}/messages`, alice.headers);
      expect(page.body.conversation).toMatchObject({ message_count: 3, last_message_id: rows[2]!.id });
    });

    it('pages messages by last_id, oldest first within a page', async () => {
      const conversationId = await newConversation(alice, 'p1');
      for (let i = 2; i <= 3; i += 1) await chat(alice.headers, { conversation_id: conversationId, message: `p${i}` });
      const rows = await mainLine(conversationId);
      expect(rows).toHaveLength(7);
      const first = await call(t, 'GET', `/conversations/${conversationId}/messages?limit=3`, alice.headers);
      expect(first.body.has_more).toBe(true);
      expect(first.body.messages.map((m: { id: string }) => m.id)).toEqual(rows.slice(4).map((m) => m.id));
      expect(first.body.messages[0].is_last_id).toBe(true);
      const second = await call(t, 'GET', `/conversations/${conversationId}/messages?limit=3&last_id=${first.body.messages[0].id}`, alice.headers);
      expect(second.body.messages.map((m: { id: string }) => m.id)).toEqual(rows.slice(1, 4).map((m) => m.id));
      const third = await call(t, 'GET', `/conversations/${conversationId}/messages?limit=3&last_id=${second.body.messages[0].id}`, alice.headers);
      expect(third.body).toMatchObject({ has_more: false });
      expect(third.body.messages.map((m: { id: string }) => m.id)).toEqual([rows[0]!.id]);
    });

    it('lists, searches, renames, clones, changes persona and deletes conversations', async () => {
      const carol = await signUpMember(t, 'carol');
      const other = await insertCharacter(t.db, creator, { name: 'Zephyr' });
      const created = await call(t, 'POST', `/characters/${other.id}/conversations`, carol.headers, {});
      expect(created.status).toBe(200);
      t.clock.advance(1000);
      const a = await newConversation(carol, 'with aria');
      await chat(carol.headers, { conversation_id: a, message: 'second' });

      const all = await call(t, 'GET', '/conversations', carol.headers);
      expect(all.body.conversations.map((c: { id: string }) => c.id)).toEqual([a, created.body.id]);
      expect(all.body.conversations[0]).toMatchObject({ character: { name: 'Aria' }, message_count: 5, last_message: { content: expect.any(String) } });
      const paged = await call(t, 'GET', '/conversations?limit=1', carol.headers);
      expect(paged.body).toMatchObject({ has_more: true, conversations: [{ id: a, is_last_id: true }] });
      const next = await call(t, 'GET', `/conversations?limit=1&last_id=${a}`, carol.headers);
      expect(next.body.conversations.map((c: { id: string }) => c.id)).toEqual([created.body.id]);
      expect((await call(t, 'GET', '/conversations?q=zeph', carol.headers)).body.conversations.map((c: { id: string }) => c.id)).toEqual([created.body.id]);
      expect((await call(t, 'GET', `/characters/${bot.id}/conversations`, carol.headers)).body.conversations.map((c: { id: string }) => c.id)).toEqual([a]);

      expect((await call(t, 'PUT', `/conversations/${a}/label`, carol.headers, { label: '   ' })).status).toBe(400);
      expect((await call(t, 'PUT', `/conversations/${a}/label`, carol.headers, { label: 'x'.repeat(51) })).status).toBe(400);
      expect((await call(t, 'PUT', `/conversations/${a}/label`, carol.headers, { label: 'Tavern night' })).body).toEqual({ result: { label: 'Tavern night' } });
      expect((await call(t, 'GET', '/conversations?q=tavern', carol.headers)).body.conversations.map((c: { id: string }) => c.id)).toEqual([a]);

      const source = await mainLine(a);
      const full = await call(t, 'POST', `/conversations/${a}/clone`, carol.headers, { type: 'full', title: 'Full copy' });
      const fullRows = await mainLine(full.body.id);
      expect(fullRows.map((m) => m.content)).toEqual(source.map((m) => m.content));
      expect(fullRows.map((m) => m.id)).not.toContain(source[0]!.id);
      const partial = await call(t, 'POST', `/conversations/${a}/clone`, carol.headers, { type: 'partial', title: 'Part', last_message_id: source[1]!.id });
      expect((await mainLine(partial.body.id)).map((m) => m.content)).toEqual(source.slice(0, 2).map((m) => m.content));
      expect((await call(t, 'POST', `/conversations/${a}/clone`, carol.headers, { type: 'partial', title: 'Part' })).status).toBe(400);
      const prev = await t.db.query<{ prev_id: string | null }>('select prev_id from messages where conversation_id = $1 order by seq', [partial.body.id]);
      expect(prev.rows[1]!.prev_id).toBe((await mainLine(partial.body.id))[0]!.id);

      const persona = await t.db.query<{ id: string }>(
        `insert into personas (user_id, name, highlights, created_at, updated_at) values ($1, 'Knight', 'brave', now(), now()) returning id`,
        [carol.user_id],
      );
      const changed = await call(t, 'PUT', `/conversations/${a}/persona`, carol.headers, { user_persona_id: persona.rows[0]!.id });
      expect(changed.body).toMatchObject({ id: a, user_persona_id: persona.rows[0]!.id });
      await chat(carol.headers, { conversation_id: a, message: 'who am I?' });
      expect(engine.requests.at(-1)!.body.messages[0]!.content).toContain('Knight');
      expect((await call(t, 'PUT', `/conversations/${a}/persona`, alice.headers, { user_persona_id: persona.rows[0]!.id })).status).toBe(404);

      expect((await call(t, 'DELETE', `/conversations/${a}`, carol.headers)).body).toEqual({ ok: true });
      expect((await call(t, 'GET', `/conversations/${a}/messages`, carol.headers)).status).toBe(404);
    });
  });

  describe('message counts', () => {
    it('batches the counts of a character and writes them on flush', async () => {
      const counted = await insertCharacter(t.db, creator, { num_messages: 0 });
      const counter = createMessageCounter(t.db, { flushMs: 60_000, onError: (err) => { throw err; } });
      const now = new Date();
      await Promise.all([counter.add(counted.id, now), counter.add(counted.id, now), counter.add(counted.id, now, 2)]);
      const read = async () => (await t.db.query<{ num_messages: number }>('select num_messages from characters where id = $1', [counted.id])).rows[0]!.num_messages;
      expect(await read()).toBe(0);
      await counter.flush();
      expect(await read()).toBe(4);
      expect(await count('select coalesce(sum(messages), 0)::int as n from character_daily_activity where character_id = $1', [counted.id])).toBe(4);
    });
  });

  describe('models', () => {
    it('lists the configured models by permission', async () => {
      const guest = await call(t, 'GET', '/chat/models', newGuest().headers);
      expect(guest.body.default_model).toBe('fake');
      expect(guest.body.models.map((m: { id: string; available: boolean }) => [m.id, m.available])).toEqual([
        ['fake', true],
        ['plus', false],
      ]);
      await t.db.query(`update users set tier = 'basic' where id = $1`, [alice.user_id]);
      const paid = await call(t, 'GET', '/chat/models', alice.headers);
      expect(paid.body.models.map((m: { id: string; available: boolean }) => [m.id, m.available])).toEqual([
        ['fake', true],
        ['plus', true],
        ['secret', true],
      ]);
      const r = await chat(alice.headers, { message: 'big model', inference_model: 'plus', inference_settings: { max_new_tokens: 250, temperature: 1.1 } });
      expect(eventOf(r, 'done')).toBeDefined();
      expect(engine.requests.at(-1)!.body).toMatchObject({ model: 'fake-plus', max_tokens: 250, temperature: 1.1 });
      await t.db.query(`update users set tier = 'free' where id = $1`, [alice.user_id]);
    });

    it('offers the demo model when nothing is configured, answering in character', async () => {
      const demo = await startTestApp(backend);
      try {
        await demo.app.listen({ port: 0, host: '127.0.0.1' });
        const demoBase = `http://127.0.0.1:${(demo.app.server.address() as AddressInfo).port}/api`;
        const maker = await signUpMember(demo, 'maker');
        const character = await insertCharacter(demo.db, maker, { name: 'Morgana', persona: 'Morgana is a wise old witch of the woods.' });
        const models = await call(demo, 'GET', '/chat/models', newGuest().headers);
        expect(models.body).toEqual({ models: [expect.objectContaining({ id: 'demo', tag: 'Demo', demo: true, available: true })], default_model: 'demo' });
        const r: SseResult = await postSse(`${demoBase}/chat`, newGuest().headers, { character_id: character.id, message: 'Show me your potions' });
        const text = eventOf(r, 'done').message.content as string;
        expect(tokensOf(r).length).toBeGreaterThan(5);
        expect(text).toContain('Morgana');
        expect(text).toContain('Show me your potions');
      } finally {
        await demo.close();
      }
    }, DB_SETUP_TIMEOUT_MS);
  });
});
