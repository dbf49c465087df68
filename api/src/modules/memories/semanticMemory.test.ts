import type { AddressInfo } from 'node:net';
import type { Memory } from '@fable/contracts';
import { startFakeOpenAiEngine, type FakeOpenAiEngine } from '../../testing/fakeOpenAiEngine';
import { startFakeEmbeddingsServer, type FakeEmbeddingsServer } from '../../testing/fakeEmbeddingsServer';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { startTestApp, type TestApp } from '../../testing/testApp';
import type { CharacterRow } from '../characters/characterRow';
import { eventOf, postSse, tokensOf } from '../../testing/sseClient';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { call, signUpMember, type TestMember } from '../discovery/testing/discoveryTestKit';
import { createModelRegistry } from '../../infra/inference/models';
import { MEMORY_DISTILL_KIND, runDistillJob } from './distill/memoryDistiller';

/**
 * The semantic memory end to end over the API (issue 26): automatic memories distilled in the background for the
 * tiers with conversation_memory_auto, listed by the memory manager with their type, recalled into the prompt by
 * relevance within its share; a failing engine retried; two runs at once write once.
 */
describe.each(BOTH_BACKENDS)('semantic memory on %s', (backend) => {
  let t: TestApp;
  let engine: FakeOpenAiEngine;
  let base: string;
  let bot: CharacterRow;

  beforeAll(async () => {
    engine = await startFakeOpenAiEngine();
    t = await startTestApp(backend, {
      config: {
        inferenceModels: [{ id: 'fake', name: 'Fake', tokens: '8K', base_url: engine.baseUrl, model: 'fake-model', hide_unauthorized: false }],
        memoryDistillEvery: 3,
        backgroundJobsIntervalMs: 50,
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
    const creator = await signUpMember(t, 'memcreator');
    bot = await insertCharacter(t.db, creator, { name: 'Lyra', greeting: 'Hello, {{user}}.', persona: 'A kind innkeeper.' });
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });
  beforeEach(() => {
    engine.behaviour = { ...engine.behaviour, failWithStatus: undefined, echo: undefined };
    engine.scopes.clear();
  });

  async function until(condition: () => Promise<boolean>, ms = 5000): Promise<void> {
    const end = Date.now() + ms;
    while (Date.now() < end && !(await condition())) await new Promise((r) => setTimeout(r, 25));
    expect(await condition()).toBe(true);
  }
  const member = async (name: string, tier: 'free' | 'minimal' | 'basic' | 'premium') => {
    const m = await signUpMember(t, name);
    const display = name.charAt(0).toUpperCase() + name.slice(1);
    await t.db.query(`update users set tier = case when $2 = 'free' then tier else $2 end, name = $3 where id = $1`, [m.user_id, tier, display]);
    return m;
  };
  const say = async (m: TestMember, conversationId: string, message: string) => {
    const r = await postSse(`${base}/chat`, m.headers, { character_id: bot.id, conversation_id: conversationId, message });
    expect(eventOf(r, 'done')).toBeDefined();
    return { conversationId: eventOf(r, 'start').conversation_id as string, text: tokensOf(r).join('') };
  };
  const memories = async (m: TestMember, conversationId: string) => {
    const r = await call<{ memories: Memory[] }>(t, 'GET', `/conversations/${conversationId}/memories`, m.headers);
    expect(r.status).toBe(200);
    return r.body.memories;
  };
  const jobsOf = async (conversationId: string) =>
    (
      await t.db.query<{ attempts: number; completed: boolean; last_error: string | null }>(
        `select attempts, completed_at is not null as completed, last_error from background_jobs where kind = $1 and payload->>'conversation_id' = $2 order by id`,
        [MEMORY_DISTILL_KIND, conversationId],
      )
    ).rows;

  it('a True Supporter: facts are distilled in the background every three user messages, typed other, deduplicated', async () => {
    const m = await member('mara', 'basic');
    const { conversationId } = await say(m, 'new', 'My sister Ana lives in Porto and paints boats.');
    await say(m, conversationId, 'What is on the menu tonight?');
    expect(await jobsOf(conversationId)).toEqual([]);
    await say(m, conversationId, 'I promised my father I would find his lost compass.');
    await until(async () => (await memories(m, conversationId)).length >= 2);
    const listed = await memories(m, conversationId);
    expect(listed.map((x) => [x.content, x.memory_type, x.is_pinned])).toEqual(
      expect.arrayContaining([
        ["Mara's sister Ana lives in Porto and paints boats.", 'other', false],
        ["Mara promised Mara's father Mara would find his lost compass.", 'other', false],
      ]),
    );
    expect(listed.some((x) => /menu/.test(x.content))).toBe(false);
    await until(async () => (await jobsOf(conversationId)).every((j) => j.completed));

    // The same fact told again, and a changed one: no pile-up; the automatic memory is updated in place.
    const before = await memories(m, conversationId);
    await say(m, conversationId, 'My sister Ana lives in Porto and paints boats.');
    await say(m, conversationId, 'Tell me a story about the sea.');
    await say(m, conversationId, 'My sister Ana lives in Porto now and paints tall boats.');
    await until(async () => (await jobsOf(conversationId)).length === 2 && (await jobsOf(conversationId)).every((j) => j.completed));
    const after = await memories(m, conversationId);
    expect(after).toHaveLength(before.length);
    const ana = after.find((x) => /Ana/.test(x.content))!;
    expect(ana.content).toBe("Mara's sister Ana lives in Porto now and paints tall boats.");
    expect(ana.id).toBe(before.find((x) => /Ana/.test(x.content))!.id);
  });

  it('pinned and manual memories are never changed by the distillation', async () => {
    const m = await member('nico', 'premium');
    const { conversationId } = await say(m, 'new', 'Hello there, innkeeper.');
    const manual = await call<Memory>(t, 'POST', `/conversations/${conversationId}/memories`, m.headers, { content: "Nico's dog is called Pepper." });
    expect(manual.status).toBe(200);
    await say(m, conversationId, 'My dog is called Pepper and he is old now.');
    await say(m, conversationId, 'I have a brother named Teo who sails.');
    await until(async () => (await jobsOf(conversationId)).some((j) => j.completed));
    const listed = await memories(m, conversationId);
    expect(listed.find((x) => x.id === manual.body.id)).toMatchObject({ content: "Nico's dog is called Pepper.", memory_type: 'user' });
    expect(listed.filter((x) => /Pepper/.test(x.content))).toHaveLength(1);
    expect(listed.some((x) => x.content === "Nico has a brother named Teo who sails." && x.memory_type === 'other')).toBe(true);
  });

  it('tiers without conversation_memory_auto get no automatic memories', async () => {
    for (const tier of ['free', 'minimal'] as const) {
      const m = await member(`plain${tier}`, tier);
      const { conversationId } = await say(m, 'new', 'My cat is named Miso and hates rain.');
      await say(m, conversationId, 'My favourite colour is green.');
      await say(m, conversationId, 'I live in a lighthouse by the cliffs.');
      expect(await jobsOf(conversationId)).toEqual([]);
      expect(Number((await t.db.query<{ n: number }>('select count(*)::int as n from memories where conversation_id = $1', [conversationId])).rows[0]!.n)).toBe(0);
    }
  });

  it('recalls the relevant memory among hundreds into the prompt, pinned first, within the share', async () => {
    const m = await member('iris', 'basic');
    const { conversationId } = await say(m, 'new', 'Good evening.');
    await t.db.query(
      `insert into memories (conversation_id, content, memory_type, created_at, updated_at)
       select $1, 'Iris once counted ' || g || ' grey pebbles on the shore of lake number ' || g || '.', 'other', now(), now()
         from generate_series(1, 300) g`,
      [conversationId],
    );
    await t.db.query(
      `insert into memories (conversation_id, content, memory_type, created_at, updated_at) values ($1, 'Iris keeps a silver locket from her grandmother Vera.', 'other', now() - interval '1 day', now() - interval '1 day')`,
      [conversationId],
    );
    const pinned = await call<Memory>(t, 'POST', `/conversations/${conversationId}/memories`, m.headers, { content: 'Iris is a cartographer.' });
    await call(t, 'PUT', `/memories/${pinned.body.id}`, m.headers, { is_pinned: true });
    engine.scopes.set('ECHO-RECALL', { echo: true });
    const { text } = await say(m, conversationId, 'ECHO-RECALL Where did the silver locket come from?');
    const system = text.slice(0, text.indexOf('\nuser:'));
    expect(system).toContain('[Pinned memories]\n- Iris is a cartographer.');
    expect(system).toMatch(/\[Memories\]\n- Iris keeps a silver locket from her grandmother Vera\./);
    // Within the share (20% of 8K − 180 for True Supporter): far from all 300.
    const shown = (system.match(/^- /gm) ?? []).length;
    expect(shown).toBeGreaterThan(10);
    expect(shown).toBeLessThan(100);
  });

  it('a turn reads the memories again only when they changed: added, edited, pinned and deleted ones show at once', async () => {
    const m = await member('rhea', 'basic');
    engine.scopes.set('ECHO-REV', { echo: true });
    const system = async (conversationId: string) => {
      const { text } = await say(m, conversationId, 'ECHO-REV Go on.');
      return text.slice(0, text.indexOf('\nuser:'));
    };
    const { conversationId } = await say(m, 'new', 'Hello.');
    const revision = async () => (await t.db.query<{ r: number }>('select memories_rev as r from conversations where id = $1', [conversationId])).rows[0]!.r;
    const added = await call<Memory>(t, 'POST', `/conversations/${conversationId}/memories`, m.headers, { content: 'Rhea sails a red boat.' });
    expect(await system(conversationId)).toContain('- Rhea sails a red boat.');
    const before = await revision();
    expect(await system(conversationId)).toContain('- Rhea sails a red boat.');
    expect(await revision()).toBe(before);
    await call(t, 'PUT', `/memories/${added.body.id}`, m.headers, { content: 'Rhea sails a blue boat.' });
    expect(await revision()).toBeGreaterThan(before);
    expect(await system(conversationId)).toMatch(/\[Memories\]\n- Rhea sails a blue boat\./);
    await call(t, 'PUT', `/memories/${added.body.id}`, m.headers, { is_pinned: true });
    expect(await system(conversationId)).toContain('[Pinned memories]\n- Rhea sails a blue boat.');
    await call(t, 'DELETE', `/memories/${added.body.id}`, m.headers);
    expect(await system(conversationId)).not.toContain('Rhea sails');
    // Storing a memory's vector is no change.
    await t.db.query(`insert into memories (conversation_id, content, memory_type, created_at, updated_at) values ($1, 'Rhea fears storms.', 'other', now(), now())`, [conversationId]);
    const withOne = await revision();
    await t.db.query(`update memories set embedding = '{1,0}', embedding_model = 'x' where conversation_id = $1`, [conversationId]);
    expect(await revision()).toBe(withOne);
  });

  it('a failing engine: the job is retried later and the memories come then', async () => {
    const m = await member('otto', 'basic');
    const { conversationId } = await say(m, 'new', 'My ship is called the Heron.');
    await say(m, conversationId, 'I have sailed for twenty years.');
    // The engine refuses the distillation (its prompt lists the existing memories); the chat itself goes on.
    engine.scopes.set('Existing memories:', { failWithStatus: 503 });
    await say(m, conversationId, 'Gulls follow my ship everywhere I go.');
    // A claim counts the attempt before the run; the failure is written when the run ends.
    await until(async () => (await jobsOf(conversationId))[0]?.last_error != null);
    expect((await jobsOf(conversationId))[0]).toMatchObject({ attempts: 1, completed: false, last_error: expect.stringMatching(/503|busy|failure/) });
    engine.scopes.clear();
    t.clock.advance(61_000);
    await until(async () => (await memories(m, conversationId)).some((x) => /Heron/.test(x.content)));
  });
});

describe.each(BOTH_BACKENDS)('memory distillation runs at once on %s', (backend) => {
  let t: TestApp;
  let engine: FakeOpenAiEngine;

  beforeAll(async () => {
    engine = await startFakeOpenAiEngine({ firstTokenDelayMs: 50 });
    t = await startTestApp(backend);
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });

  /** A conversation of `m` whose one user message states a fact, and its distillation job (not queued: run by hand). */
  async function toldAboutClover(m: TestMember, jobId: string) {
    const bot = await insertCharacter(t.db, m, { name: 'Echo' });
    const { rows } = await t.db.query<{ id: string }>(
      `insert into conversations (id, user_id, character_id, created_at, updated_at) values (gen_random_uuid()::text, $1, $2, now(), now()) returning id`,
      [m.user_id, bot.id],
    );
    const conversationId = rows[0]!.id;
    await t.db.query(`insert into messages (id, conversation_id, role, content, created_at, updated_at) values (gen_random_uuid()::text, $1, 'user', 'My horse is named Clover and she is white.', now(), now())`, [
      conversationId,
    ]);
    const models = createModelRegistry({ models: [{ id: 'fake', name: 'Fake', tokens: '8K', base_url: engine.baseUrl, model: 'fake', hide_unauthorized: false }], demoTokenIntervalMs: 0 });
    const job = { id: jobId, kind: MEMORY_DISTILL_KIND, payload: { conversation_id: conversationId }, run_at: new Date(), attempts: 1, max_attempts: 3, locked_until: null, last_error: null };
    return { conversationId, job, models };
  }

  it('two runs of the same distillation write its memories once', async () => {
    const m = await signUpMember(t, 'twice');
    await t.db.query(`update users set tier = 'basic' where id = $1`, [m.user_id]);
    const { conversationId, job, models } = await toldAboutClover(m, '1');
    const results = await Promise.all([runDistillJob({ db: t.db, models }, job, new Date()), runDistillJob({ db: t.db, models }, job, new Date())]);
    expect(results.sort()).toEqual(['added 1, updated 0', 'stale']);
    const { rows: stored } = await t.db.query<{ content: string }>('select content from memories where conversation_id = $1', [conversationId]);
    expect(stored.map((r) => r.content)).toEqual([expect.stringMatching(/horse is named Clover/)]);
  });

  it('a job queued while the member had the permission does nothing once they no longer have it', async () => {
    const m = await signUpMember(t, 'lapsed');
    const { conversationId, job, models } = await toldAboutClover(m, '2');
    // A free member (the subscription ended after the turn queued it).
    expect(await runDistillJob({ db: t.db, models }, job, new Date())).toBe('not permitted');
    const { rows: stored } = await t.db.query('select 1 from memories where conversation_id = $1', [conversationId]);
    expect(stored).toHaveLength(0);
  });
});

describe.each(BOTH_BACKENDS)('semantic memory with an embeddings endpoint on %s', (backend) => {
  let t: TestApp;
  let engine: FakeOpenAiEngine;
  let embeddings: FakeEmbeddingsServer;
  let base: string;

  beforeAll(async () => {
    engine = await startFakeOpenAiEngine();
    embeddings = await startFakeEmbeddingsServer();
    t = await startTestApp(backend, {
      config: {
        inferenceModels: [{ id: 'fake', name: 'Fake', tokens: '8K', base_url: engine.baseUrl, model: 'fake-model', hide_unauthorized: false }],
        embeddings: { baseUrl: embeddings.baseUrl, model: 'fake-embed' },
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await engine?.close();
    await embeddings?.close();
  });

  it('ranks by the endpoint\'s vectors, keeps them beside the memories, and ranks lexically when the endpoint fails', async () => {
    const m = await signUpMember(t, 'vera');
    await t.db.query(`update users set tier = 'basic' where id = $1`, [m.user_id]);
    const bot = await insertCharacter(t.db, m, { name: 'Quill' });
    const say = async (conversationId: string, message: string) => {
      const r = await postSse(`${base}/chat`, m.headers, { character_id: bot.id, conversation_id: conversationId, message });
      expect(eventOf(r, 'done')).toBeDefined();
      const text = tokensOf(r).join('');
      return { conversationId: eventOf(r, 'start').conversation_id as string, system: text.slice(0, text.indexOf('\nuser:')) };
    };
    const { conversationId } = await say('new', 'Hello there.');
    await t.db.query(
      `insert into memories (conversation_id, content, memory_type, created_at, updated_at)
       select $1, 'Vera once counted ' || g || ' grey pebbles on the shore of lake number ' || g || '.', 'other', now(), now()
         from generate_series(1, 300) g`,
      [conversationId],
    );
    await t.db.query(
      `insert into memories (conversation_id, content, memory_type, created_at, updated_at) values ($1, 'Vera keeps a silver locket from her grandmother.', 'other', now() - interval '1 day', now() - interval '1 day')`,
      [conversationId],
    );
    engine.scopes.set('ECHO-EMBED', { echo: true });

    embeddings.requests.length = 0;
    const first = await say(conversationId, 'ECHO-EMBED Where did my silver locket come from?');
    expect(first.system).toMatch(/\[Memories\]\n- Vera keeps a silver locket from her grandmother\./);
    // One embedding of the query (latest line and the lines before) and all 301 memories, in batches of 256.
    expect(embeddings.requests.map((inputs) => inputs.length)).toEqual([256, 2 + 301 - 256]);
    const stored = async () =>
      (await t.db.query<{ n: number }>(`select count(*)::int as n from memories where conversation_id = $1 and embedding is not null and embedding_model = 'fake-embed'`, [conversationId])).rows[0]!.n;
    for (let i = 0; i < 50 && (await stored()) < 301; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await stored()).toBe(301);

    // The next turn embeds only its query.
    embeddings.requests.length = 0;
    await say(conversationId, 'ECHO-EMBED Tell me about the locket again.');
    expect(embeddings.requests.map((inputs) => inputs.length)).toEqual([2]);

    // The endpoint down: the turn goes on, ranked lexically, and still finds the locket.
    embeddings.failWithStatus = 503;
    const down = await say(conversationId, 'ECHO-EMBED Who gave me the silver locket?');
    expect(down.system).toMatch(/\[Memories\]\n- Vera keeps a silver locket from her grandmother\./);
    embeddings.failWithStatus = undefined;
  });
});
