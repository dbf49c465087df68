import type { AddressInfo } from 'node:net';
import { startFakeOpenAiEngine, type FakeChatRequest, type FakeOpenAiEngine } from '../../testing/fakeOpenAiEngine';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { startTestApp, type TestApp } from '../../testing/testApp';
import type { CharacterRow } from '../characters/characterRow';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { call, newGuest, signUpMember, type TestMember } from '../discovery/testing/discoveryTestKit';
import { eventOf, postSse, type SseResult } from '../../testing/sseClient';

const FAKE_KEY_ENV = 'FABLE_TEST_FAKE_ENGINE_KEY';
/** The name members sign up with (the prompt calls the user by it). */
const USER_NAME = 'Tester';

/** The fake engine answers as the member the prompt names ("You are X, in a group chat…"), so tests see who spoke. */
const speakerOfPrompt = (request: FakeChatRequest) => /^You are (.+?), in a group chat/.exec(request.messages[0]?.content ?? '')?.[1] ?? '?';
const answerAsSpeaker = (request: FakeChatRequest) => `${speakerOfPrompt(request)} speaks.`;

describe.each(BACKENDS)('group chats in the chat on %s', (backend) => {
  let t: TestApp;
  let engine: FakeOpenAiEngine;
  let base: string;
  let creator: TestMember;
  let alice: TestMember;
  let mira: CharacterRow;
  let vale: CharacterRow;
  let aldric: CharacterRow;
  let group: CharacterRow;

  beforeAll(async () => {
    process.env[FAKE_KEY_ENV] = 'sk-fake-engine';
    engine = await startFakeOpenAiEngine();
    t = await startTestApp(backend, {
      config: { inferenceModels: [{ id: 'fake', name: 'Fake', tokens: '8K', base_url: engine.baseUrl, api_key_env: FAKE_KEY_ENV, model: 'fake-model', hide_unauthorized: false }] },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
    creator = await signUpMember(t, 'creator');
    alice = await signUpMember(t, 'alice');
    mira = await insertCharacter(t.db, creator, { name: 'Captain Mira', persona: 'A bold starship captain.', scenario: 'The bridge of the Nightingale.', dialogue: 'Mira: Full speed!' });
    vale = await insertCharacter(t.db, creator, { name: 'Detective Vale', persona: 'A tired detective in a rainy city.', scenario: 'A smoky office.', dialogue: 'Vale: Sit down.' });
    aldric = await insertCharacter(t.db, creator, { name: 'Brother Aldric', persona: 'A monk who keeps the last library.', scenario: null, dialogue: null });
    group = await insertCharacter(t.db, creator, {
      type: 'group',
      name: 'Night Shift',
      persona: '',
      scenario: null,
      dialogue: null,
      greeting: '',
      sub_character_ids: [mira.id, vale.id, aldric.id],
    });
    // Vale keeps a lorebook of its own; the group has one too.
    const book = async (name: string, keyword: string, content: string, characterId: string) => {
      const created = await t.db.query<{ id: string }>(
        `insert into lorebooks (application_id, creator_user_id, creator_username, name, description) values ('fable', $1, $2, $3, 'd') returning id`,
        [creator.user_id, creator.username, name],
      );
      await t.db.query(`insert into lorebook_entries (lorebook_id, position, name, keywords, content) values ($1, 0, $2, $3, $4)`, [created.rows[0]!.id, name, [keyword], content]);
      await t.db.query('insert into character_lorebooks (character_id, lorebook_id) values ($1, $2)', [characterId, created.rows[0]!.id]);
    };
    await book('Rain City', 'docks', 'The docks are full of smugglers.', vale.id);
    await book('Night Shift World', 'station', 'The station never sleeps.', group.id);
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });
  beforeEach(() => {
    engine.behaviour = { ...engine.behaviour, reply: answerAsSpeaker, failWithStatus: undefined, cutAfterTokens: undefined, firstTokenDelayMs: 0, tokenIntervalMs: 0 };
  });

  const chat = (headers: Record<string, string>, body: Record<string, unknown>) => postSse(`${base}/chat`, headers, { character_id: group.id, ...body });
  const done = (r: SseResult) => {
    const event = eventOf(r, 'done');
    if (!event) throw new Error(`no done event: ${r.status} ${JSON.stringify(r.json ?? r.events)}`);
    return event.message as { id: string; role: string; content: string; character_id?: string | null; alternates?: Array<{ id: string }> };
  };
  const lastPrompt = () => engine.requests.at(-1)!.body.messages;
  const mainLine = async (conversationId: string) =>
    (
      await t.db.query<{ id: string; role: string; content: string; sub_character_id: string | null }>(
        'select id, role, content, sub_character_id from messages where conversation_id = $1 and not is_alternative order by seq',
        [conversationId],
      )
    ).rows;
  const open = async (message = 'Hello everyone') => {
    const r = await chat(alice.headers, { conversation_id: 'new', message });
    return { conversationId: eventOf(r, 'start').conversation_id as string, reply: done(r) };
  };

  it('each reply is one member speaking: its id on the message, its definition in the prompt, the others named', async () => {
    const { conversationId, reply } = await open('Hello everyone');
    expect(reply).toMatchObject({ role: 'assistant', content: 'Captain Mira speaks.', character_id: mira.id });
    const system = lastPrompt()[0]!.content;
    expect(system).toContain(`You are Captain Mira, in a group chat with ${USER_NAME}, Detective Vale and Brother Aldric.`);
    expect(system).toContain('A bold starship captain.');
    expect(system).toContain('The bridge of the Nightingale.');
    expect(system).toContain('Mira: Full speed!');
    expect(system).not.toContain('A tired detective');

    // Vale, picked from the strip, sees the user's and Mira's lines with their names.
    const picked = done(await chat(alice.headers, { conversation_id: conversationId, sub_character_id: vale.id }));
    expect(picked).toMatchObject({ content: 'Detective Vale speaks.', character_id: vale.id });
    expect(lastPrompt().slice(1)).toEqual([
      { role: 'user', content: `${USER_NAME}: Hello everyone` },
      { role: 'user', content: 'Captain Mira: Captain Mira speaks.' },
    ]);
    expect(lastPrompt()[0]!.content).toContain('A tired detective in a rainy city.');

    // The messages call carries each reply's member; the user's message carries none.
    const page = await call(t, 'GET', `/conversations/${conversationId}/messages`, alice.headers);
    expect(page.body.messages.map((m: { role: string; character_id?: string | null }) => [m.role, m.character_id ?? null])).toEqual([
      ['user', null],
      ['assistant', mira.id],
      ['assistant', vale.id],
    ]);
  });

  it('AUTO: a member named in the last message first, else round-robin, never the same twice while another waits', async () => {
    const { conversationId } = await open('Good evening');
    const next = async (body: Record<string, unknown>) => done(await chat(alice.headers, { conversation_id: conversationId, ...body })).character_id;
    // Mira answered; AUTO goes on with those who have not spoken since.
    expect(await next({ sub_character_id: 'AUTO' })).toBe(vale.id);
    expect(await next({ sub_character_id: 'AUTO' })).toBe(aldric.id);
    // All have spoken: the round starts again, never Aldric twice in a row.
    expect(await next({ sub_character_id: 'AUTO' })).toBe(mira.id);
    // Named in the user's message (a word of the name, any case).
    expect(await next({ message: 'What do you say, aldric?' })).toBe(aldric.id);
    // A reply naming another member passes the turn to it.
    engine.behaviour = { ...engine.behaviour, reply: (r) => (speakerOfPrompt(r) === 'Brother Aldric' ? 'Ask the Captain.' : answerAsSpeaker(r)) };
    expect(await next({ message: 'Aldric, where is the map?' })).toBe(aldric.id);
    expect(await next({ sub_character_id: 'AUTO' })).toBe(mira.id);
    // No name, a new user message: the member after the last one who spoke.
    expect(await next({ message: 'Anyone?' })).toBe(vale.id);
  });

  it('the speaker’s own lorebook and the group’s, never another member’s', async () => {
    const { conversationId } = await open('We are at the station');
    expect(lastPrompt()[0]!.content).toContain('The station never sleeps.');
    done(await chat(alice.headers, { conversation_id: conversationId, message: 'Vale, what about the docks?' }));
    expect(lastPrompt()[0]!.content).toContain('The docks are full of smugglers.');
    done(await chat(alice.headers, { conversation_id: conversationId, message: 'Mira, the docks again?' }));
    expect(lastPrompt()[0]!.content).not.toContain('The docks are full of smugglers.');
  });

  it('a reply that goes on as another member or as the user is cut there, in the stream and in what is saved', async () => {
    engine.behaviour = { ...engine.behaviour, reply: () => `Aye, on my way.\nDetective Vale: Wait for me!\n${USER_NAME}: ok` };
    const r = await chat(alice.headers, { conversation_id: 'new', message: 'Mira, go' });
    const reply = done(r);
    expect(reply.content).toBe('Aye, on my way.');
    const streamed = r.events.filter((e) => e.event === 'token').map((e) => e.data.text as string).join('');
    expect(streamed).toBe('Aye, on my way.');
    const saved = await mainLine(eventOf(r, 'start').conversation_id as string);
    expect(saved.at(-1)).toMatchObject({ content: 'Aye, on my way.', sub_character_id: mira.id });
    // Its own name at the start is dropped.
    engine.behaviour = { ...engine.behaviour, reply: () => 'Captain Mira: Full speed!' };
    expect(done(await chat(alice.headers, { conversation_id: 'new', message: 'Mira?' })).content).toBe('Full speed!');
  });

  it('the start event names the member who speaks, before the first token (AUTO, a member asked, one named, regenerate, guests)', async () => {
    /** The start event: the first of the stream, before any token, naming the member the reply is from. */
    const startOf = async (body: Record<string, unknown>, headers = alice.headers) => {
      const r = await chat(headers, body);
      const names = r.events.map((e) => e.event);
      expect(names[0]).toBe('start');
      expect(names.slice(1, -1).length).toBeGreaterThan(1);
      expect(new Set(names.slice(1, -1))).toEqual(new Set(['token']));
      const start = eventOf(r, 'start') as { conversation_id: string | null; character_id?: string | null };
      expect(start.character_id).toBe(done(r).character_id);
      return start;
    };
    engine.behaviour = { ...engine.behaviour, reply: (r) => `${speakerOfPrompt(r)} has a long answer for you.` };
    const opened = await startOf({ conversation_id: 'new', message: 'Hello everyone' });
    expect(opened.character_id).toBe(mira.id);
    const conversationId = opened.conversation_id!;
    expect((await startOf({ conversation_id: conversationId, sub_character_id: 'AUTO' })).character_id).toBe(vale.id);
    expect((await startOf({ conversation_id: conversationId, sub_character_id: mira.id })).character_id).toBe(mira.id);
    expect((await startOf({ conversation_id: conversationId, message: 'Brother Aldric, your view?' })).character_id).toBe(aldric.id);
    // Regenerate keeps the member of the reply it replaces, whatever is asked.
    expect((await startOf({ conversation_id: conversationId, regenerate: true, sub_character_id: vale.id })).character_id).toBe(aldric.id);
    // A guest's turn names its member too; autopilot's line is the user's, and a chatbot has no members: none.
    expect((await startOf({ message: 'Mira, hello' }, newGuest().headers)).character_id).toBe(mira.id);
    const autopilot = await chat(alice.headers, { conversation_id: conversationId, autopilot: true });
    expect(eventOf(autopilot, 'start')).not.toHaveProperty('character_id');
    const chatbot = await postSse(`${base}/chat`, alice.headers, { character_id: mira.id, conversation_id: 'new', message: 'Hi' });
    expect(eventOf(chatbot, 'start')).not.toHaveProperty('character_id');
  });

  it('Next on a new chat opens the conversation with that member’s reply (no user message)', async () => {
    const r = await chat(alice.headers, { conversation_id: 'new', sub_character_id: 'AUTO' });
    expect(eventOf(r, 'start').user_message).toBeNull();
    const conversationId = eventOf(r, 'start').conversation_id as string;
    expect(done(r)).toMatchObject({ character_id: mira.id, content: 'Captain Mira speaks.' });
    expect(await mainLine(conversationId)).toEqual([expect.objectContaining({ role: 'assistant', sub_character_id: mira.id })]);
    const conversation = await call(t, 'GET', `/conversations/${conversationId}/messages`, alice.headers);
    expect(conversation.body.conversation.message_count).toBe(1);
  });

  it('regenerate keeps the speaker (its alternates are the same member’s); continue goes on as it; edit keeps it', async () => {
    const { conversationId } = await open('Hi');
    const vales = done(await chat(alice.headers, { conversation_id: conversationId, sub_character_id: vale.id }));
    engine.behaviour = { ...engine.behaviour, reply: (r) => `${speakerOfPrompt(r)} again.` };
    const regenerated = done(await chat(alice.headers, { conversation_id: conversationId, regenerate: true, sub_character_id: 'AUTO' }));
    expect(regenerated).toMatchObject({ content: 'Detective Vale again.', character_id: vale.id, alternates: [{ id: vales.id }] });
    const alternates = await t.db.query<{ sub_character_id: string }>('select sub_character_id from messages where alternate_of = $1', [regenerated.id]);
    expect(alternates.rows).toEqual([{ sub_character_id: vale.id }]);
    // An alternate picked back keeps its member.
    const pick = await chat(alice.headers, { conversation_id: conversationId, alt_message_id: vales.id });
    expect(done(pick)).toMatchObject({ id: vales.id, character_id: vale.id });
    expect(eventOf(pick, 'start')).toMatchObject({ character_id: vale.id });

    engine.behaviour = { ...engine.behaviour, reply: (r) => ` (${speakerOfPrompt(r)} goes on)` };
    const continued = done(await chat(alice.headers, { conversation_id: conversationId, continue_chat: true }));
    expect(continued).toMatchObject({ id: vales.id, character_id: vale.id, content: 'Detective Vale speaks. (Detective Vale goes on)' });

    const edited = await call(t, 'PATCH', `/messages/${vales.id}`, alice.headers, { content: 'Edited line.' });
    expect(edited.body).toMatchObject({ content: 'Edited line.', character_id: vale.id });
  });

  it('clone keeps who said what; memories go into every member’s prompt', async () => {
    const { conversationId } = await open('Hi');
    done(await chat(alice.headers, { conversation_id: conversationId, sub_character_id: aldric.id }));
    const clone = await call(t, 'POST', `/conversations/${conversationId}/clone`, alice.headers, { type: 'full', title: 'Copy' });
    expect((await mainLine(clone.body.id)).map((m) => m.sub_character_id)).toEqual([null, mira.id, aldric.id]);

    await t.db.query(`insert into memories (conversation_id, content, is_pinned, created_at, updated_at) values ($1, 'Alice is afraid of the dark.', true, now(), now())`, [clone.body.id]);
    done(await chat(alice.headers, { conversation_id: clone.body.id, sub_character_id: vale.id }));
    expect(lastPrompt()[0]!.content).toContain('Alice is afraid of the dark.');
    done(await chat(alice.headers, { conversation_id: clone.body.id, sub_character_id: mira.id }));
    expect(lastPrompt()[0]!.content).toContain('Alice is afraid of the dark.');
  });

  it('refuses a sub_character_id that is not a member who may speak (400), and member turns on a chatbot', async () => {
    const outsider = await insertCharacter(t.db, creator, { name: 'Outsider' });
    const refused = await chat(alice.headers, { conversation_id: 'new', message: 'Hi', sub_character_id: outsider.id });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: 'sub_character_not_member', message: 'This chatbot is not a member of this group chat.' });

    // A member made private by its creator no longer speaks for others (the group rule), but still for its creator.
    const secret = await insertCharacter(t.db, creator, { name: 'Secret Agent', visibility: 'private' });
    const mixed = await insertCharacter(t.db, creator, { type: 'group', name: 'Mixed', persona: '', greeting: '', sub_character_ids: [secret.id, vale.id] });
    const hidden = await postSse(`${base}/chat`, alice.headers, { character_id: mixed.id, conversation_id: 'new', sub_character_id: secret.id });
    expect(hidden.status).toBe(400);
    const auto = done(await postSse(`${base}/chat`, alice.headers, { character_id: mixed.id, conversation_id: 'new', message: 'Secret Agent?' }));
    expect(auto.character_id).toBe(vale.id);
    expect(done(await postSse(`${base}/chat`, creator.headers, { character_id: mixed.id, conversation_id: 'new', sub_character_id: secret.id })).character_id).toBe(secret.id);

    // Nobody left who may speak: 409.
    const empty = await insertCharacter(t.db, creator, { type: 'group', name: 'Empty', persona: '', greeting: '', sub_character_ids: [secret.id] });
    const none = await postSse(`${base}/chat`, alice.headers, { character_id: empty.id, conversation_id: 'new', message: 'Hello?' });
    expect([none.status, none.json.error.code]).toEqual([409, 'group_without_members']);

    // A chatbot has no members to pick.
    const solo = await postSse(`${base}/chat`, alice.headers, { character_id: mira.id, conversation_id: 'new', sub_character_id: vale.id, message: 'Hi' });
    expect([solo.status, solo.json.error.code]).toEqual([400, 'not_a_group_chat']);
    const soloNext = await postSse(`${base}/chat`, alice.headers, { character_id: mira.id, conversation_id: 'new', sub_character_id: 'AUTO' });
    expect([soloNext.status, soloNext.json.error.code]).toEqual([400, 'not_a_group_chat']);
    // AUTO with a message on a chatbot is a plain turn.
    expect(done(await postSse(`${base}/chat`, alice.headers, { character_id: mira.id, conversation_id: 'new', sub_character_id: 'AUTO', message: 'Hi' })).character_id).toBeNull();
  });

  it('guests chat in a public group: replies carry the member, AUTO goes on from their history', async () => {
    const guest = newGuest();
    const first = done(await chat(guest.headers, { message: 'Hello crew' }));
    expect(first).toMatchObject({ character_id: mira.id, content: 'Captain Mira speaks.' });
    // A guest's history carries no speakers: the round goes on from the number of replies since their message.
    const second = done(await chat(guest.headers, { sub_character_id: 'AUTO', history: [{ role: 'user', content: 'Hello crew' }, { role: 'assistant', content: 'Aye.' }] }));
    expect(second.character_id).toBe(vale.id);
    const named = done(await chat(guest.headers, { sub_character_id: aldric.id, history: [{ role: 'user', content: 'Hello crew' }] }));
    expect(named.character_id).toBe(aldric.id);
  });

  it('a guest’s history names each reply’s member: AUTO goes on after the last speaker, the prompt names the others', async () => {
    const guest = newGuest();
    const history = [
      { role: 'user', content: 'Hello crew' },
      { role: 'assistant', content: 'Sit down.', character_id: vale.id },
    ];
    // Vale spoke last: Aldric is next (without speakers the round would start over at Vale, as above).
    const r = await chat(guest.headers, { sub_character_id: 'AUTO', history });
    expect(eventOf(r, 'start').character_id).toBe(aldric.id);
    expect(done(r).character_id).toBe(aldric.id);
    expect(lastPrompt().slice(1)).toEqual([
      { role: 'user', content: 'User: Hello crew' },
      { role: 'user', content: 'Detective Vale: Sit down.' },
    ]);
    // A reply of the speaker's own is the assistant's; an id that is no member of the group names no one (unnamed, as before).
    const own = await chat(guest.headers, { sub_character_id: vale.id, history: [...history, { role: 'assistant', content: 'Who are you?', character_id: 'not-a-member' }] });
    expect(done(own).character_id).toBe(vale.id);
    expect(lastPrompt().slice(1)).toEqual([
      { role: 'user', content: 'User: Hello crew' },
      { role: 'assistant', content: 'Sit down.' },
      { role: 'assistant', content: 'Who are you?' },
    ]);
  });
});
