import type { AddressInfo } from 'node:net';
import { ERROR_CATALOGUE, type WaitingQueue } from '@fable/contracts';
import { startFakeOpenAiEngine, type FakeOpenAiEngine } from '../../../testing/fakeOpenAiEngine';
import { TEST_REDIS_URL, deleteKeys, uniqueKeyPrefix } from '../../../testing/testRedis';
import { DB_SETUP_TIMEOUT_MS, type Backend } from '../../../testing/testDatabases';
import { startTestApp, type TestApp } from '../../../testing/testApp';
import type { CharacterRow } from '../../characters/characterRow';
import { insertCharacter } from '../../discovery/testing/catalogFixture';
import { call, newGuest, signUpMember, type TestMember } from '../../discovery/testing/discoveryTestKit';
import { eventOf, postSse, type SseResult } from '../../../testing/sseClient';
import { QUEUE_TIMINGS } from './queuePolicy';

/**
 * The waiting room and the priority generation queue through the API (issue 25): on both databases with the line in
 * the process, and on PostgreSQL with the line in Redis. The engine is the fake one at a capacity of one stream,
 * held before its first token until the test lets it go; the clock is the test's.
 */
const FAKE_KEY_ENV = 'FABLE_TEST_QUEUE_ENGINE_KEY';
const prefix = uniqueKeyPrefix();
afterAll(() => deleteKeys(prefix));

const SETUPS: Array<[string, Backend, boolean]> = [
  ['pglite, line in the process', 'pglite', false],
  ['postgres, line in the process', 'postgres', false],
  ['postgres, line in Redis', 'postgres', true],
];

describe.each(SETUPS)('waiting room and priority queue (%s)', (_name, backend, redis) => {
  let t: TestApp;
  let engine: FakeOpenAiEngine;
  let base: string;
  let bot: CharacterRow;
  let other: CharacterRow;
  let admin: TestMember;
  let held: Array<() => void> = [];
  const streamsHeld = () => held.length;

  beforeAll(async () => {
    process.env[FAKE_KEY_ENV] = 'sk-fake-engine';
    engine = await startFakeOpenAiEngine();
    t = await startTestApp(backend, {
      config: {
        inferenceModels: [{ id: 'fake', name: 'Fake', tokens: '8K', base_url: engine.baseUrl, api_key_env: FAKE_KEY_ENV, model: 'fake-model', hide_unauthorized: false, capacity: 1 }],
        accessTokenTtlSeconds: 86_400,
        // A long turn lease: the test's clock jumps minutes while a stream is held (in real time a lease is renewed).
        queueTimings: { turnMaxWaitMs: 1_500, turnPollMs: 20, turnLeaseMs: 10 * 60_000 },
        queueBypassedCharacterId: 'always-open-character',
        ...(redis ? { redisUrl: TEST_REDIS_URL, admissionKeyPrefix: `${prefix}${backend}:` } : {}),
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
    const creator = await signUpMember(t, 'creator');
    admin = await signUpMember(t, 'admin');
    await t.db.query(`update users set roles = roles || '["employee"]'::jsonb where id = $1`, [admin.user_id]);
    bot = await insertCharacter(t.db, creator, { name: 'Aria', greeting: 'Welcome!' });
    other = await insertCharacter(t.db, creator, { name: 'Bram', greeting: 'Hello.' });
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });
  beforeEach(() => {
    held = [];
    // Every stream waits before its first token until the test lets it go.
    engine.behaviour = {
      ...engine.behaviour,
      beforeToken: (index) => (index === 0 ? new Promise<void>((resolve) => held.push(resolve)) : Promise.resolve()),
    };
  });
  afterEach(async () => {
    // Let every stream end and the line settle, then move past every access and reservation: each test starts on an empty pool.
    engine.behaviour = { ...engine.behaviour, beforeToken: undefined };
    for (const release of held) release();
    // A turn still in line when a test failed gets its slot later: wait for every turn sent, not only the streams open now.
    await Promise.allSettled(sent.splice(0));
    await until(() => engine.openStreams() === 0);
    t.clock.advance(2 * 60 * 60_000);
  });

  async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
    for (let i = 0; i < 500 && !(await condition()); i++) await new Promise((r) => setTimeout(r, 10));
    expect(await condition()).toBe(true);
  }

  const member = async (name: string, tier: 'free' | 'minimal' | 'basic' | 'premium') => {
    const m = await signUpMember(t, name);
    if (tier !== 'free') await t.db.query('update users set tier = $2 where id = $1', [m.user_id, tier]);
    return m;
  };
  const status = async (headers: Record<string, string>, query = '') => {
    const r = await call<WaitingQueue>(t, 'GET', `/queue${query}`, headers);
    expect(r.status).toBe(200);
    return r.body;
  };
  const sent: Array<Promise<SseResult>> = [];
  const chat = (headers: Record<string, string>, characterId = bot.id, message = 'Hello Aria'): Promise<SseResult> => {
    const turn = postSse(`${base}/chat`, headers, { character_id: characterId, conversation_id: 'new', message });
    sent.push(turn);
    return turn;
  };
  /** A turn whose stream is held in flight: it holds the one slot until `release`. */
  const holdSlot = async (headers: Record<string, string>) => {
    const before = streamsHeld();
    const done = chat(headers);
    await until(() => streamsHeld() > before);
    return { done, release: () => held[before]!() };
  };
  /** A turn that goes through: its stream is let go as soon as it is held. */
  const chatThrough = async (headers: Record<string, string>) => {
    const turn = await holdSlot(headers);
    turn.release();
    const r = await turn.done;
    expect(eventOf(r, 'done')).toBeDefined();
    return r;
  };

  it('lets the first in at once; a guest and a free member then wait, the free member ahead; the position is theirs', async () => {
    const first = newGuest();
    expect(await status(first.headers)).toEqual({ status: 'access', time_left: QUEUE_TIMINGS.accessMs / 1000, bypass: null, retry_after: QUEUE_TIMINGS.accessMs / 1000 });
    const guest = newGuest();
    const free = await member('free', 'free');
    // No slot has been freed yet: no estimate, only the place.
    expect(await status(guest.headers)).toEqual({ status: 'waiting', position: 1, bypass: null, retry_after: 3 });
    t.clock.advance(1_000);
    expect(await status(free.headers)).toMatchObject({ status: 'waiting', position: 1 });
    expect(await status(guest.headers)).toMatchObject({ status: 'waiting', position: 2 });
  });

  it('tells a newcomer the line without joining it; skip-the-line members are not concerned', async () => {
    expect((await call(t, 'GET', '/queue/outlook', newGuest().headers)).body).toEqual({ applies: true, waiting: 0 });
    await status(newGuest().headers);
    const watcher = newGuest();
    expect((await call(t, 'GET', '/queue/outlook', watcher.headers)).body).toEqual({ applies: true, waiting: 0 });
    await status(newGuest().headers);
    expect((await call(t, 'GET', '/queue/outlook', watcher.headers)).body).toEqual({ applies: true, waiting: 1 });
    expect((await call(t, 'GET', '/queue/outlook', watcher.headers)).body).toEqual({ applies: true, waiting: 1 });
    expect((await call(t, 'GET', '/queue/outlook', (await member('taste', 'minimal')).headers)).body).toEqual({ applies: false, waiting: 0 });
  });

  it('never queues Get a Taste, True Supporter, I’m All In, a partner site, or the fixed bypassed character', async () => {
    await status(newGuest().headers); // takes the one slot
    expect(await status(newGuest().headers)).toMatchObject({ status: 'waiting' });
    for (const tier of ['minimal', 'basic', 'premium'] as const) {
      expect(await status((await member(tier, tier)).headers)).toEqual({ status: 'access', bypass: null, retry_after: null });
    }
    expect(await status(newGuest('storynest').headers)).toEqual({ status: 'access', bypass: null, retry_after: null });
    expect(await status(newGuest().headers, '?character_id=always-open-character')).toEqual({ status: 'access', bypass: 'always-open-character', retry_after: null });
  });

  it("refuses a waiting user's turn with 403 waiting_room and writes nothing; the one let in chats on the slot kept for them", async () => {
    const first = await member('first', 'free');
    await status(first.headers);
    const waiting = await member('waiting', 'free');
    expect(await status(waiting.headers)).toMatchObject({ status: 'waiting', position: 1 });
    const refused = await chat(waiting.headers);
    expect(refused.status).toBe(403);
    expect(refused.json.error).toEqual({ code: 'waiting_room', message: ERROR_CATALOGUE.waiting_room.message, details: { position: 1 } });
    const { rows } = await t.db.query('select 1 from conversations where user_id = $1', [waiting.user_id]);
    expect(rows).toHaveLength(0);
    // The first user's turn takes the slot kept for them, at once.
    const turn = await holdSlot(first.headers);
    turn.release();
    expect(eventOf(await turn.done, 'done')).toBeDefined();
    // Their stream ended: the slot went to the head of the line.
    expect(await status(waiting.headers)).toMatchObject({ status: 'access' });
    await chatThrough(waiting.headers);
  });

  it('estimates the wait from the measured rate of freed slots', async () => {
    const member1 = await member('rate1', 'minimal');
    // Only this test's releases in the measured window (5 minutes): whatever an earlier test freed, even late (while
    // the member above was made), is moved out of it.
    t.clock.advance(10 * 60_000);
    for (let i = 0; i < 3; i++) {
      const turn = await holdSlot(member1.headers);
      t.clock.advance(10_000);
      turn.release();
      await turn.done;
    }
    // Three slots freed 10 s apart: 20 s from the oldest to now over 3 releases.
    const holder = await holdSlot(member1.headers);
    const a = newGuest();
    const b = newGuest();
    await status(a.headers);
    t.clock.advance(1);
    const answer = await status(b.headers);
    expect(answer).toMatchObject({ status: 'waiting', position: 2, time_left: Math.ceil((2 * 20_001) / 3 / 1000) });
    holder.release();
    await holder.done;
  });

  it('access expires after 20 minutes; a refresh lines the user up again', async () => {
    const guest = newGuest();
    expect(await status(guest.headers)).toMatchObject({ status: 'access' });
    t.clock.advance(QUEUE_TIMINGS.accessMs);
    expect(await status(guest.headers)).toEqual({ status: 'expired', bypass: null, retry_after: 0 });
    expect(await status(guest.headers, '?refresh=1')).toMatchObject({ status: 'access', time_left: QUEUE_TIMINGS.accessMs / 1000 });
  });

  it('frees the place of one who leaves at once, and of one who stops asking after 90 s', async () => {
    const holder = await holdSlot((await member('holder', 'minimal')).headers);
    const leaving = newGuest();
    const vanishing = newGuest();
    const staying = newGuest();
    await status(leaving.headers);
    t.clock.advance(1);
    await status(vanishing.headers);
    t.clock.advance(1);
    expect(await status(staying.headers)).toMatchObject({ position: 3 });
    expect((await call(t, 'POST', '/queue/leave', leaving.headers)).body).toEqual({ left: true });
    expect(await status(staying.headers)).toMatchObject({ position: 2 });
    t.clock.advance(QUEUE_TIMINGS.roomStaleMs - 1_000);
    expect(await status(staying.headers)).toMatchObject({ status: 'waiting', position: 2 });
    t.clock.advance(2_000);
    expect(await status(staying.headers)).toMatchObject({ status: 'waiting', position: 1 });
    holder.release();
    await holder.done;
    expect(await status(staying.headers)).toMatchObject({ status: 'access' });
  });

  it('a signed bypass link skips the line for its character only; forged, expired or another character’s is cleared', async () => {
    await status(newGuest().headers);
    const made = await call<{ bypass: string; path: string; expires_at: string }>(t, 'POST', '/admin/queue/bypass-links', admin.headers, { character_id: bot.id, hours: 1 });
    expect(made.status).toBe(200);
    expect(made.body.path).toBe(`/chat/${bot.id}?bypass=${made.body.bypass}`);
    const guest = newGuest();
    expect(await status(guest.headers, `?character_id=${other.id}&bypass=${made.body.bypass}`)).toEqual({ status: 'refresh', bypass: null, retry_after: 0 });
    expect(await status(guest.headers, `?character_id=${bot.id}`)).toMatchObject({ status: 'waiting' });
    expect(await status(guest.headers, `?character_id=${bot.id}&bypass=${made.body.bypass}`)).toEqual({ status: 'access', bypass: bot.id, retry_after: null });
    // Remembered for the character: later calls without the parameter, and the turn itself.
    expect(await status(guest.headers, `?character_id=${bot.id}`)).toEqual({ status: 'access', bypass: bot.id, retry_after: null });
    expect(await status(guest.headers, `?character_id=${other.id}`)).toMatchObject({ status: 'waiting' });
    // The turn on that character is not refused for the waiting room (the engine's one slot is still taken: busy).
    const turn = await chat(guest.headers);
    expect(turn.json.error.code).toBe('chat_server_busy');
    expect((await chat(guest.headers, other.id)).json.error.code).toBe('waiting_room');
    const forged = made.body.bypass.slice(0, -2) + (made.body.bypass.endsWith('AA') ? 'BB' : 'AA');
    expect(await status(newGuest().headers, `?character_id=${bot.id}&bypass=${forged}`)).toMatchObject({ status: 'refresh' });
    t.clock.advance(60 * 60_000);
    expect(await status(newGuest().headers, `?character_id=${bot.id}&bypass=${made.body.bypass}`)).toMatchObject({ status: 'refresh' });
    // Garbage is a 400; only admins make links.
    expect((await call(t, 'GET', '/queue?bypass=%00x', newGuest().headers)).status).toBe(400);
    expect((await call(t, 'GET', '/queue?refresh=yes', newGuest().headers)).status).toBe(400);
    expect((await call(t, 'POST', '/admin/queue/bypass-links', (await member('nobody', 'premium')).headers, { character_id: bot.id, hours: 1 })).status).toBe(403);
    expect((await call(t, 'POST', '/admin/queue/bypass-links', admin.headers, { character_id: 'no-such-character', hours: 1 })).status).toBe(404);
  });

  it("starts I'm All In turns first when the engine is saturated, and answers 503 to a turn that waited too long", async () => {
    const holderMember = await member('holder', 'minimal');
    const paid = await member('paid', 'basic');
    const premium = await member('premium', 'premium');
    const holder = await holdSlot(holderMember.headers);
    // Each turn is in line before the next is sent (the line as a newcomer would meet it counts waiting turns).
    const inLine = async () => (await call<{ waiting: number }>(t, 'GET', '/queue/outlook', newGuest().headers)).body.waiting;
    const paidTurn = chat(paid.headers, bot.id, 'paid turn');
    await until(async () => (await inLine()) === 1);
    t.clock.advance(5_000);
    const premiumTurn = chat(premium.headers, bot.id, 'premium turn');
    await until(async () => (await inLine()) === 2);
    expect(streamsHeld()).toBe(1);
    holder.release();
    await until(() => streamsHeld() === 2);
    const lastUser = (i: number) => engine.requests[i]!.body.messages.filter((m) => m.role === 'user').at(-1)!.content;
    expect(lastUser(engine.requests.length - 1)).toContain('premium turn');
    held[1]!();
    await until(() => streamsHeld() === 3);
    expect(lastUser(engine.requests.length - 1)).toContain('paid turn');
    held[2]!();
    expect((await premiumTurn).status).toBe(200);
    expect((await paidTurn).status).toBe(200);
    await holder.done;
    // Saturated for longer than a turn may wait: 503 "Chat server is busy.", and the slot it never got is no one's.
    const blocking = await holdSlot(holderMember.headers);
    const late = await chat(paid.headers, bot.id, 'too late');
    expect(late.status).toBe(503);
    expect(late.json.error).toMatchObject({ code: 'chat_server_busy', message: 'Chat server is busy.' });
    blocking.release();
    await blocking.done;
    await chatThrough(paid.headers);
  });
});
