import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ERROR_CATALOGUE } from '@fable/contracts';
import { buildApp, type App } from '../../app';
import { testConfig, type AppConfig } from '../../config';
import { DEFAULT_RATE_LIMITS } from '../../http/rateLimits';
import { SILENT_AFTER_SECONDS } from '../../infra/processes/heartbeat';
import { startFakeOpenAiEngine, type FakeOpenAiEngine } from '../../testing/fakeOpenAiEngine';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { LOOSE_LIMITS, TEST_JWT_SECRET, startTestApp, type TestApp } from '../../testing/testApp';
import type { CharacterRow } from '../characters/characterRow';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { signUpMember, type TestMember } from '../discovery/testing/discoveryTestKit';
import { eventOf, postSse, type SseEvent, type SseResult } from '../../testing/sseClient';
import { TURN_LEASE_MS, TURN_LEASE_RENEW_MS } from './turnLease';

/**
 * One conversation, one chain (issue 11 §2): turns, regenerate, continue and removal on one conversation are
 * serialised in the database; a second one while a reply is being written is refused with 409 conversation_busy.
 * The fake engine holds each stream before a token until the test lets it go, so "in flight" never depends on
 * the clock.
 */
const FAKE_KEY_ENV = 'FABLE_TEST_FAKE_ENGINE_KEY';
const BUSY = ERROR_CATALOGUE.conversation_busy;

interface Deferred<T = void> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}
function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Holds every engine stream before its token `at` until `release()`. `accounted(n)` resolves once n requests are
 * held there or were answered without a stream (`answered()`): a burst's requests have all arrived while the first
 * stream is in flight, whether the API refuses them (fixed) or lets them all reach the engine (not fixed).
 */
function streamGate(engine: FakeOpenAiEngine, at = 0) {
  let count = 0;
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const released = deferred();
  const check = () => {
    for (const w of [...waiters]) {
      if (count >= w.n) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  engine.behaviour.beforeToken = async (index) => {
    if (index !== at) return;
    count += 1;
    check();
    await released.promise;
  };
  return {
    accounted: (n: number) =>
      new Promise<void>((resolve) => {
        waiters.push({ n, resolve });
        check();
      }),
    answered: () => {
      count += 1;
      check();
    },
    release: () => released.resolve(),
  };
}

interface MainLineRow {
  id: string;
  prev_id: string | null;
  role: string;
  content: string;
}

describe.each(BOTH_BACKENDS)('one conversation, one chain on %s', (backend) => {
  let t: TestApp;
  let engine: FakeOpenAiEngine;
  let base: string;
  let alice: TestMember;
  let bot: CharacterRow;
  let config: Partial<AppConfig>;

  beforeAll(async () => {
    process.env[FAKE_KEY_ENV] = 'sk-fake-engine';
    engine = await startFakeOpenAiEngine();
    config = {
      inferenceModels: [{ id: 'fake', name: 'Fake', tokens: '8K', base_url: engine.baseUrl, api_key_env: FAKE_KEY_ENV, model: 'fake-model', hide_unauthorized: false }],
    };
    t = await startTestApp(backend, { config });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
    const creator = await signUpMember(t, 'creator');
    alice = await signUpMember(t, 'alice');
    bot = await insertCharacter(t.db, creator, { name: 'Aria', greeting: 'Welcome!' });
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });
  beforeEach(() => {
    engine.behaviour = { ...engine.behaviour, beforeToken: undefined, failWithStatus: undefined, cutAfterTokens: undefined, firstTokenDelayMs: 0, tokenIntervalMs: 0 };
  });

  const chatAt = (api: string, body: Record<string, unknown>, onEvent?: (e: SseEvent) => void) =>
    postSse(`${api}/chat`, alice.headers, { character_id: bot.id, ...body }, { onEvent });
  const chat = (body: Record<string, unknown>, onEvent?: (e: SseEvent) => void) => chatAt(base, body, onEvent);
  const removeAt = async (api: string, conversationId: string, ids: string[]) => {
    const res = await fetch(`${api}/conversations/${conversationId}/messages`, {
      method: 'DELETE',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ids }),
    });
    return { status: res.status, body: (await res.json()) as { removed?: number; error?: { code: string; message: string } } };
  };

  const allIds = async (conversationId: string) =>
    (await t.db.query<{ id: string }>('select id from messages where conversation_id = $1', [conversationId])).rows.map((r) => r.id);

  /** The main line, asserted to be a chain (each message's prev_id is the one before it) that the conversation's summary matches. */
  const expectChain = async (conversationId: string): Promise<MainLineRow[]> => {
    const { rows } = await t.db.query<MainLineRow>(
      'select id, prev_id, role, content from messages where conversation_id = $1 and not is_alternative order by seq',
      [conversationId],
    );
    expect(rows.map((m) => m.prev_id)).toEqual(rows.map((_, i) => (i === 0 ? null : rows[i - 1]!.id)));
    const summary = await t.db.query<{ message_count: number; last_message_id: string | null }>(
      'select message_count, last_message_id from conversations where id = $1',
      [conversationId],
    );
    expect(summary.rows[0]).toEqual({ message_count: rows.length, last_message_id: rows.at(-1)?.id ?? null });
    return rows;
  };

  const expectRefused = (r: SseResult) => {
    expect(r.status).toBe(409);
    expect(r.json.error).toEqual({ code: 'conversation_busy', message: BUSY.message });
  };

  /** The ids a finished turn acknowledged: its reply and, for a message, the user's message. */
  const acknowledged = (r: SseResult): string[] => {
    const done = eventOf(r, 'done');
    if (!done) return [];
    const user = eventOf(r, 'start')?.user_message?.id as string | undefined;
    return [done.message.id as string, ...(user ? [user] : [])];
  };

  const newConversation = async () => {
    const r = await chat({ conversation_id: 'new', message: 'Hello Aria' });
    expect(eventOf(r, 'done')).toBeDefined();
    return eventOf(r, 'start').conversation_id as string;
  };

  /** Fires the requests at once with every stream held before its first token until all of them are accounted for. */
  const burst = async <T extends { status: number }>(requests: Array<() => Promise<T>>): Promise<T[]> => {
    const gate = streamGate(engine);
    const all = Promise.all(
      requests.map((send) =>
        send().then((r) => {
          if (r.status !== 200 || !('events' in r)) gate.answered();
          return r;
        }),
      ),
    );
    await gate.accounted(requests.length);
    gate.release();
    return all;
  };

  // PostgreSQL only: the test holds a lock in a transaction of its own, which PGlite's single connection would make
  // every other statement wait for.
  (backend === 'postgres' ? it : it.skip)(
    'a new conversation is in the database before the client hears its id: a turn cut after its start leaves one to retry in',
    async () => {
      // The conversations table is locked against writes (not reads) until the test lets go: the new conversation's
      // insert waits, while the engine answers at once.
      let letGo!: () => void;
      const released = new Promise<void>((resolve) => (letGo = resolve));
      let locked!: () => void;
      const lockHeld = new Promise<void>((resolve) => (locked = resolve));
      const lock = t.db.transaction(async (tx) => {
        await tx.query('lock table conversations in share row exclusive mode');
        locked();
        await released;
      });
      await lockHeld;
      let foundAtStart: Promise<number> | null = null;
      const turn = chat({ conversation_id: 'new', message: 'Hello while the table is locked' }, (e) => {
        if (e.event === 'start') {
          foundAtStart = t.db.query('select 1 from conversations where id = $1', [e.data.conversation_id]).then((r) => r.rows.length);
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      letGo();
      await lock;
      const r = await turn;
      expect(eventOf(r, 'done')).toBeDefined();
      expect(foundAtStart).not.toBeNull();
      expect(await foundAtStart!).toBe(1);
    },
  );

  it('answers one of several turns sent at once and refuses the others with 409; the main line stays a chain', async () => {
    const conversationId = await newConversation();
    const before = await allIds(conversationId);
    const results = await burst(['one', 'two', 'three', 'four'].map((message) => () => chat({ conversation_id: conversationId, message })));
    const answered = results.filter((r) => r.status === 200);
    expect(answered).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expectRefused(r);
    const rows = await expectChain(conversationId);
    const winner = answered[0]!;
    expect(rows.slice(-2).map((m) => m.id)).toEqual([eventOf(winner, 'start').user_message.id, eventOf(winner, 'done').message.id]);
    // Nothing of the refused turns was written.
    expect((await allIds(conversationId)).sort()).toEqual([...before, ...acknowledged(winner)].sort());
  });

  it('saves a double-submitted turn once', async () => {
    const conversationId = await newConversation();
    const results = await burst([1, 2].map(() => () => chat({ conversation_id: conversationId, message: 'Same words twice' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await expectChain(conversationId);
    expect(rows.filter((m) => m.content === 'Same words twice')).toHaveLength(1);
    expect(rows.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant', 'user', 'assistant']);
  });

  it('serialises regenerate, continue, a turn and a removal sent at once; every acknowledged message stays', async () => {
    const conversationId = await newConversation();
    const lastReply = (await expectChain(conversationId)).at(-1)!;
    const before = await allIds(conversationId);
    const [regenerated, continued, turned, removal] = (await burst<SseResult | Awaited<ReturnType<typeof removeAt>>>([
      () => chat({ conversation_id: conversationId, regenerate: true }),
      () => chat({ conversation_id: conversationId, continue_chat: true }),
      () => chat({ conversation_id: conversationId, message: 'And then?' }),
      () => removeAt(base, conversationId, [lastReply.id]),
    ])) as [SseResult, SseResult, SseResult, Awaited<ReturnType<typeof removeAt>>];
    const turns = [regenerated, continued, turned];
    // One writer at a time: at most one turn got through while it held the conversation.
    expect(turns.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    for (const r of [regenerated, turned].filter((x) => x.status !== 200)) expectRefused(r);
    // A continue that came after the removal of the reply has nothing to continue.
    if (continued.status === 400) expect(removal.status).toBe(200);
    else if (continued.status !== 200) expectRefused(continued);
    expect([200, 409]).toContain(removal.status);
    if (removal.status === 409) expect(removal.body.error).toEqual({ code: 'conversation_busy', message: BUSY.message });
    const rows = await expectChain(conversationId);
    const stored = await allIds(conversationId);
    for (const r of turns) for (const id of acknowledged(r)) expect(stored).toContain(id);
    // Nothing else was written: every stored message was there before or was acknowledged.
    const known = new Set([...before, ...turns.flatMap(acknowledged)]);
    expect(stored.filter((id) => !known.has(id))).toEqual([]);
    if (removal.status === 200) expect(rows.map((m) => m.id)).not.toContain(lastReply.id);
  });

  it('refuses a removal while a reply is being written, then allows it', async () => {
    const conversationId = await newConversation();
    const greeting = (await expectChain(conversationId))[0]!;
    const gate = streamGate(engine);
    const turn = chat({ conversation_id: conversationId, message: 'Keep this' });
    await gate.accounted(1);
    const refused = await removeAt(base, conversationId, [greeting.id]);
    expect(refused).toEqual({ status: 409, body: { error: { code: 'conversation_busy', message: BUSY.message } } });
    gate.release();
    const r = await turn;
    const rows = await expectChain(conversationId);
    expect(rows.map((m) => m.id)).toEqual(expect.arrayContaining(acknowledged(r)));
    expect((await removeAt(base, conversationId, [greeting.id])).status).toBe(200);
    expect(await expectChain(conversationId)).toEqual([]);
  });

  it('takes over a conversation whose holder went away once its lease has expired', async () => {
    const conversationId = await newConversation();
    const leaseUntil = (ms: number) =>
      t.db.query(`update conversations set turn_token = 'crashed-process', turn_until = $2 where id = $1`, [conversationId, new Date(t.clock.now().getTime() + ms)]);
    await leaseUntil(60_000);
    expectRefused(await chat({ conversation_id: conversationId, message: 'Anyone there?' }));
    expect((await removeAt(base, conversationId, [(await expectChain(conversationId)).at(-1)!.id])).status).toBe(409);
    await leaseUntil(-1);
    const r = await chat({ conversation_id: conversationId, message: 'Anyone there?' });
    expect(eventOf(r, 'done')).toBeDefined();
    await expectChain(conversationId);
    const lease = await t.db.query<{ turn_token: string | null }>('select turn_token from conversations where id = $1', [conversationId]);
    expect(lease.rows[0]!.turn_token).toBeNull();
  });

  it('takes over a conversation at once when the process holding it has gone silent (killed), not while it is heard from', async () => {
    const conversationId = await newConversation();
    const holder = randomUUID();
    // Another process's live lease: a minute to run, its process heard from a moment ago.
    await t.db.query(`insert into api_processes (id, started_at, seen_at) values ($1, now(), now())`, [holder]);
    await t.db.query(`update conversations set turn_token = 'other-process', turn_until = $2, turn_holder = $3 where id = $1`, [
      conversationId,
      new Date(t.clock.now().getTime() + 60_000),
      holder,
    ]);
    expectRefused(await chat({ conversation_id: conversationId, message: 'Anyone there?' }));
    expect((await removeAt(base, conversationId, [(await expectChain(conversationId)).at(-1)!.id])).status).toBe(409);
    // The process is killed: its heartbeat stops, and past SILENT_AFTER_SECONDS its lease is free, a minute early.
    await t.db.query(`update api_processes set seen_at = now() - make_interval(secs => $2) where id = $1`, [holder, SILENT_AFTER_SECONDS + 1]);
    const r = await chat({ conversation_id: conversationId, message: 'Anyone there?' });
    expect(eventOf(r, 'done')).toBeDefined();
    await expectChain(conversationId);
    const lease = await t.db.query<{ turn_token: string | null }>('select turn_token from conversations where id = $1', [conversationId]);
    expect(lease.rows[0]!.turn_token).toBeNull();
  });

  it('names its own process in the leases it takes, and that process is heard from', async () => {
    const conversationId = await newConversation();
    const held = deferred();
    const release = deferred();
    engine.behaviour.beforeToken = async (index) => {
      if (index !== 0) return;
      held.resolve();
      await release.promise;
    };
    const turn = chat({ conversation_id: conversationId, message: 'Who holds this?' });
    await held.promise;
    const { rows } = await t.db.query<{ alive: boolean }>(
      `select exists (select 1 from api_processes p where p.id = c.turn_holder and p.seen_at > now() - interval '5 seconds') as alive
         from conversations c where c.id = $1`,
      [conversationId],
    );
    release.resolve();
    expect(rows[0]).toEqual({ alive: true });
    expect(eventOf(await turn, 'done')).toBeDefined();
  });

  it('renews the lease while a reply streams and frees it when the reply is saved', async () => {
    const conversationId = await newConversation();
    const held = deferred();
    const goOn = deferred();
    const second = deferred();
    engine.behaviour.beforeToken = async (index) => {
      if (index === 0) {
        held.resolve();
        await goOn.promise;
      } else if (index === 1) await second.promise;
    };
    const firstToken = deferred();
    const turn = chat({ conversation_id: conversationId, message: 'A long story please' }, (e) => e.event === 'token' && firstToken.resolve());
    await held.promise;
    const leaseOf = async () =>
      (await t.db.query<{ turn_token: string | null; turn_until: Date | string | null }>('select turn_token, turn_until from conversations where id = $1', [conversationId])).rows[0]!;
    const claimed = await leaseOf();
    expect(claimed.turn_token).not.toBeNull();
    expect(new Date(claimed.turn_until!).getTime()).toBe(t.clock.now().getTime() + TURN_LEASE_MS);
    t.clock.advance(TURN_LEASE_RENEW_MS);
    goOn.resolve();
    await firstToken.promise;
    const renewed = await leaseOf();
    expect(renewed.turn_token).toBe(claimed.turn_token);
    expect(new Date(renewed.turn_until!).getTime()).toBe(t.clock.now().getTime() + TURN_LEASE_MS);
    second.resolve();
    expect(eventOf(await turn, 'done')).toBeDefined();
    expect(await leaseOf()).toEqual({ turn_token: null, turn_until: null });
  });

  it('saves no reply of a turn whose expired lease another turn took over', async () => {
    const conversationId = await newConversation();
    const gate = streamGate(engine);
    const first = chat({ conversation_id: conversationId, message: 'First in' });
    await gate.accounted(1);
    await t.db.query('update conversations set turn_until = $2 where id = $1', [conversationId, new Date(t.clock.now().getTime() - 1)]);
    const second = chat({ conversation_id: conversationId, message: 'Second in' });
    await gate.accounted(2);
    gate.release();
    const [lost, won] = await Promise.all([first, second]);
    expect(eventOf(lost, 'done')).toBeUndefined();
    expect(eventOf(lost, 'error')).toMatchObject({ code: 'conversation_busy', status: 409 });
    const rows = await expectChain(conversationId);
    expect(rows.slice(-2).map((m) => m.id)).toEqual(acknowledged(won).reverse());
    expect(rows.filter((m) => m.role === 'assistant' && m.content.includes('First in'))).toEqual([]);
  });

  (backend === 'postgres' ? it : it.skip)(
    'holds across two API processes on one database',
    async () => {
      const db2 = await t.scratch.open();
      let second: App | undefined;
      try {
        second = await buildApp(testConfig({ jwtSecret: TEST_JWT_SECRET, ...config }), { db: db2, clock: t.clock, limits: { ...DEFAULT_RATE_LIMITS, ...LOOSE_LIMITS } });
        await second.listen({ port: 0, host: '127.0.0.1' });
        const base2 = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}/api`;
        const conversationId = await newConversation();
        const before = await allIds(conversationId);
        const results = await burst(
          ['one', 'two', 'three', 'four'].map((message, i) => () => chatAt(i % 2 === 0 ? base : base2, { conversation_id: conversationId, message })),
        );
        expect(results.filter((r) => r.status === 200)).toHaveLength(1);
        for (const r of results.filter((x) => x.status !== 200)) expectRefused(r);
        await expectChain(conversationId);
        const winner = results.find((r) => r.status === 200)!;
        expect((await allIds(conversationId)).sort()).toEqual([...before, ...acknowledged(winner)].sort());

        // A removal through the other process while this one writes a reply is refused too.
        const gate = streamGate(engine);
        const turn = chatAt(base, { conversation_id: conversationId, message: 'Across processes' });
        await gate.accounted(1);
        expect((await removeAt(base2, conversationId, before)).status).toBe(409);
        gate.release();
        expect(eventOf(await turn, 'done')).toBeDefined();
        await expectChain(conversationId);
      } finally {
        await second?.close();
        await db2.close();
      }
    },
    DB_SETUP_TIMEOUT_MS,
  );
});
