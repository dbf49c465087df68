import { API_HEADERS, MemorySchema, type Memory } from '@fable/contracts';
import { randomUUID } from 'node:crypto';
import { insertCharacter, insertCreator } from '../discovery/testing/catalogFixture';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { bearer, signUp, startTestApp, testGuestId, type TestApp } from '../../testing/testApp';
import { loadPromptMemories } from './promptMemories';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(BACKENDS)('memories on %s', (backend) => {
  let t: TestApp;
  let characterId: string;
  let members = 0;

  beforeAll(async () => {
    t = await startTestApp(backend);
    const creator = await insertCreator(t.db, { username: `memcreator_${backend}` });
    characterId = (await insertCharacter(t.db, creator)).id;
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  async function member(tier: 'free' | 'minimal' | 'basic' | 'premium' = 'minimal') {
    members += 1;
    const username = `memory_${members}_${Math.random().toString(36).slice(2, 6)}`;
    const signedIn = await signUp(t.app, `${username}@example.com`, username);
    if (tier !== 'free') await t.db.query('update users set tier = $2 where id = $1', [signedIn.user.id, tier]);
    return { id: signedIn.user.id, headers: bearer(signedIn.token) };
  }

  async function conversationOf(userId: string): Promise<string> {
    const { rows } = await t.db.query<{ id: string }>(
      'insert into conversations (user_id, character_id, created_at, updated_at) values ($1, $2, now(), now()) returning id',
      [userId, characterId],
    );
    return rows[0]!.id;
  }

  const call = async (method: Method, url: string, headers: Record<string, string>, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };

  const add = async (headers: Record<string, string>, conversationId: string, content: string): Promise<Memory> => {
    const res = await call('POST', `/conversations/${conversationId}/memories`, headers, { content });
    expect(res.status).toBe(200);
    return MemorySchema.parse(res.body);
  };

  const page = async (headers: Record<string, string>, conversationId: string, lastId?: string) => {
    const res = await call('GET', `/conversations/${conversationId}/memories${lastId ? `?last_id=${lastId}` : ''}`, headers);
    expect(res.status).toBe(200);
    return res.body as { memories: Memory[]; has_more: boolean };
  };

  it('adds, edits, pins and deletes memories, listing pinned first then newest', async () => {
    const m = await member();
    const conv = await conversationOf(m.id);
    expect(await page(m.headers, conv)).toEqual({ memories: [], has_more: false });

    const a = await add(m.headers, conv, '  Likes tea  ');
    expect(a).toMatchObject({ content: 'Likes tea', is_pinned: false, memory_type: 'user' });
    const b = await add(m.headers, conv, 'Has a cat');
    const c = await add(m.headers, conv, 'Lives in Oslo');

    const pinned = await call('PUT', `/memories/${a.id}`, m.headers, { is_pinned: true });
    expect(pinned.status).toBe(200);
    expect(pinned.body).toMatchObject({ id: a.id, content: 'Likes tea', is_pinned: true });
    const edited = await call('PUT', `/memories/${b.id}`, m.headers, { content: 'Has two cats' });
    expect(edited.body).toMatchObject({ id: b.id, content: 'Has two cats', is_pinned: false });

    const listed = await page(m.headers, conv);
    expect(listed.memories.map((x) => x.content)).toEqual(['Likes tea', 'Lives in Oslo', 'Has two cats']);
    expect(listed.memories.map((x) => x.is_last_id ?? false)).toEqual([false, false, true]);
    expect(listed.has_more).toBe(false);

    expect((await call('PUT', `/memories/${a.id}`, m.headers, { is_pinned: false })).body.is_pinned).toBe(false);
    expect((await page(m.headers, conv)).memories.map((x) => x.id)).toEqual([c.id, b.id, a.id]);

    expect((await call('DELETE', `/memories/${c.id}`, m.headers)).body).toEqual({ ok: true });
    expect((await call('DELETE', `/memories/${c.id}`, m.headers)).status).toBe(404);
    expect((await page(m.headers, conv)).memories.map((x) => x.id)).toEqual([b.id, a.id]);
  });

  it('validates the memory text: 250 at most with the spec message, never blank, and an update needs a change', async () => {
    const m = await member();
    const conv = await conversationOf(m.id);
    expect((await call('POST', `/conversations/${conv}/memories`, m.headers, { content: 'x'.repeat(250) })).status).toBe(200);
    const long = await call('POST', `/conversations/${conv}/memories`, m.headers, { content: 'x'.repeat(251) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain('The memory text is too long');
    expect((await call('POST', `/conversations/${conv}/memories`, m.headers, { content: '   ' })).status).toBe(400);
    const memory = (await page(m.headers, conv)).memories[0]!;
    expect((await call('PUT', `/memories/${memory.id}`, m.headers, { content: 'y'.repeat(251) })).status).toBe(400);
    expect((await call('PUT', `/memories/${memory.id}`, m.headers, {})).status).toBe(400);
  });

  it('pages 20 at a time by last_id, pinned first then newest', async () => {
    const m = await member();
    const conv = await conversationOf(m.id);
    await t.db.query(
      `insert into memories (conversation_id, content, is_pinned, created_at, updated_at)
       select $1, 'Memory ' || g, g % 10 = 0, now(), now() from generate_series(1, 45) g order by g`,
      [conv],
    );
    const first = await page(m.headers, conv);
    expect(first.memories).toHaveLength(20);
    expect(first.has_more).toBe(true);
    expect(first.memories.slice(0, 5).map((x) => x.content)).toEqual(['Memory 40', 'Memory 30', 'Memory 20', 'Memory 10', 'Memory 45']);
    expect(first.memories.filter((x) => x.is_last_id)).toEqual([first.memories[19]]);
    const second = await page(m.headers, conv, first.memories[19]!.id);
    expect(second.memories).toHaveLength(20);
    expect(second.has_more).toBe(true);
    const third = await page(m.headers, conv, second.memories[19]!.id);
    expect(third.memories).toHaveLength(5);
    expect(third.has_more).toBe(false);
    const all = [...first.memories, ...second.memories, ...third.memories].map((x) => x.content);
    const expected = [40, 30, 20, 10, ...Array.from({ length: 45 }, (_, i) => 45 - i).filter((n) => n % 10 !== 0)].map((n) => `Memory ${n}`);
    expect(all).toEqual(expected);

    const unknownCursor = await call('GET', `/conversations/${conv}/memories?last_id=${randomUUID()}`, m.headers);
    expect(unknownCursor.status).toBe(404);

    expect((await loadPromptMemories(t.db, conv)).slice(0, 5).map(({ content, is_pinned }) => ({ content, is_pinned }))).toEqual([
      { content: 'Memory 40', is_pinned: true },
      { content: 'Memory 30', is_pinned: true },
      { content: 'Memory 20', is_pinned: true },
      { content: 'Memory 10', is_pinned: true },
      { content: 'Memory 45', is_pinned: false },
    ]);
    expect(await loadPromptMemories(t.db, conv)).toHaveLength(45);
    expect(await loadPromptMemories(t.db, conv, 6)).toHaveLength(6);
  });

  describe('delete all', () => {
    async function seeded() {
      const m = await member();
      const conv = await conversationOf(m.id);
      const rows: Array<[string, boolean, 'user' | 'other']> = [
        ['pinned user', true, 'user'],
        ['pinned auto', true, 'other'],
        ['plain user', false, 'user'],
        ['plain auto', false, 'other'],
      ];
      for (const [content, pinned, type] of rows) {
        await t.db.query(
          'insert into memories (conversation_id, content, is_pinned, memory_type, created_at, updated_at) values ($1, $2, $3, $4, now(), now())',
          [conv, content, pinned, type],
        );
      }
      const remaining = async () => (await page(m.headers, conv)).memories.map((x) => x.content).sort();
      return { m, conv, remaining };
    }

    it.each([
      ['', 4, []],
      ['?keep_pinned_memories=1', 2, ['pinned auto', 'pinned user']],
      ['?keep_user_memories=1', 2, ['pinned user', 'plain user']],
      ['?keep_pinned_memories=1&keep_user_memories=1', 1, ['pinned auto', 'pinned user', 'plain user']],
      ['?keep_pinned_memories=0&keep_user_memories=0', 4, []],
    ])('deletes with options %j', async (query, removed, left) => {
      const { m, conv, remaining } = await seeded();
      const res = await call('DELETE', `/conversations/${conv}/memories${query}`, m.headers);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ removed });
      expect(await remaining()).toEqual(left);
    });
  });

  it("answers 404 for another member's conversation or memory and leaves them untouched", async () => {
    const owner = await member();
    const other = await member('premium');
    const conv = await conversationOf(owner.id);
    const memory = await add(owner.headers, conv, 'Secret');
    for (const [method, url, payload] of [
      ['GET', `/conversations/${conv}/memories`, undefined],
      ['POST', `/conversations/${conv}/memories`, { content: 'Intruder' }],
      ['DELETE', `/conversations/${conv}/memories`, undefined],
      ['PUT', `/memories/${memory.id}`, { is_pinned: true }],
      ['DELETE', `/memories/${memory.id}`, undefined],
      ['GET', `/conversations/${randomUUID()}/memories`, undefined],
    ] as const) {
      const res = await call(method, url, other.headers, payload);
      expect([method, url, res.status]).toEqual([method, url, 404]);
    }
    expect((await page(owner.headers, conv)).memories).toEqual([{ ...memory, is_last_id: true }]);
  });

  it('needs the memory_manager permission (403 for a free member) and a member (401 for guests)', async () => {
    const free = await member('free');
    const conv = await conversationOf(free.id);
    await t.db.query("insert into memories (conversation_id, content, created_at, updated_at) values ($1, 'Kept', now(), now())", [conv]);
    const { rows } = await t.db.query<{ id: string }>('select id from memories where conversation_id = $1', [conv]);
    const memoryId = rows[0]!.id;
    const calls: Array<[Method, string, object | undefined]> = [
      ['GET', `/conversations/${conv}/memories`, undefined],
      ['POST', `/conversations/${conv}/memories`, { content: 'New' }],
      ['DELETE', `/conversations/${conv}/memories`, undefined],
      ['PUT', `/memories/${memoryId}`, { is_pinned: true }],
      ['DELETE', `/memories/${memoryId}`, undefined],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(method, url, free.headers, payload);
      expect([method, url, res.status, res.body.error?.code]).toEqual([method, url, 403, 'memory_manager_required']);
      const guest = await call(method, url, { [API_HEADERS.guestUserId]: testGuestId() }, payload);
      expect(guest.status).toBe(401);
    }
    // After an upgrade the same member manages them.
    await t.db.query(`update users set tier = 'minimal' where id = $1`, [free.id]);
    expect((await page(free.headers, conv)).memories.map((x) => x.content)).toEqual(['Kept']);
  });
});
