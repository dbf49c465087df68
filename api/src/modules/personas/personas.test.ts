import { API_HEADERS, EXPLICIT_CONTENT_MESSAGE, PersonaSchema, UNDERAGE_CONTENT_MESSAGE, type Persona } from '@fable/contracts';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { bearer, signUp, startTestApp, testGuestId, type TestApp } from '../../testing/testApp';
import { loadPromptPersona } from './promptPersona';

const LIMIT_FREE =
  "You've reached the maximum allowance of 3 personas in the free tier. To create or update more, please delete existing ones or upgrade your tier";
const DEFAULT_DELETE = 'You cannot delete the default persona, please set another persona as the default or create a new one first.';

describe.each(BACKENDS)('personas on %s', (backend) => {
  let t: TestApp;
  let members = 0;

  beforeAll(async () => {
    t = await startTestApp(backend);
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  async function member(tier: 'free' | 'minimal' | 'basic' | 'premium' = 'free') {
    members += 1;
    const username = `persona_${members}_${Math.random().toString(36).slice(2, 6)}`;
    const signedIn = await signUp(t.app, `${username}@example.com`, username);
    if (tier !== 'free') await t.db.query('update users set tier = $2 where id = $1', [signedIn.user.id, tier]);
    return { id: signedIn.user.id, headers: bearer(signedIn.token) };
  }

  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };

  const input = (name: string, extra: object = {}) => ({ name, highlights: `About ${name}`, avatar_url: `/api/avatars/${name}.svg`, ...extra });

  const create = async (headers: Record<string, string>, name: string, extra: object = {}) => {
    // Personas are listed oldest first after the default: each is made a moment after the previous one.
    t.clock.advance(1000);
    const res = await call('POST', '/personas', headers, input(name, extra));
    expect(res.status).toBe(200);
    return PersonaSchema.parse(res.body);
  };

  const list = async (headers: Record<string, string>): Promise<Persona[]> => {
    const res = await call('GET', '/personas', headers);
    expect(res.status).toBe(200);
    return res.body.personas;
  };

  it('answers an empty list to a new member and a 401 to guests and anonymous callers', async () => {
    const m = await member();
    expect(await list(m.headers)).toEqual([]);
    expect((await call('GET', '/personas', {})).status).toBe(401);
    expect((await call('GET', '/personas', { [API_HEADERS.guestUserId]: testGuestId() })).status).toBe(401);
    expect((await call('POST', '/personas', { [API_HEADERS.guestUserId]: testGuestId() }, input('Guest'))).status).toBe(401);
  });

  it('makes the first persona the default and lists the default first, then the oldest', async () => {
    const m = await member();
    const first = await create(m.headers, 'Alpha');
    expect(first).toMatchObject({ name: 'Alpha', highlights: 'About Alpha', avatar_url: '/api/avatars/Alpha.svg', is_default: true });
    const second = await create(m.headers, 'Bravo');
    expect(second.is_default).toBe(false);
    const third = await create(m.headers, 'Charlie');
    expect((await list(m.headers)).map((p) => [p.name, p.is_default])).toEqual([
      ['Alpha', true],
      ['Bravo', false],
      ['Charlie', false],
    ]);

    const made = await call('PUT', `/personas/${third.id}/default`, m.headers);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ id: third.id, is_default: true });
    expect((await list(m.headers)).map((p) => [p.name, p.is_default])).toEqual([
      ['Charlie', true],
      ['Alpha', false],
      ['Bravo', false],
    ]);
    // Idempotent.
    expect((await call('PUT', `/personas/${third.id}/default`, m.headers)).status).toBe(200);
    expect((await list(m.headers)).filter((p) => p.is_default)).toHaveLength(1);
  });

  it('creates a persona as the default when asked, leaving exactly one default', async () => {
    const m = await member();
    await create(m.headers, 'One');
    const two = await create(m.headers, 'Two', { is_default: true });
    expect(two.is_default).toBe(true);
    const personas = await list(m.headers);
    expect(personas.filter((p) => p.is_default).map((p) => p.name)).toEqual(['Two']);
  });

  it('keeps one default when several set-default calls race', async () => {
    const m = await member('minimal');
    const made = [];
    for (const name of ['Rac1', 'Rac2', 'Rac3', 'Rac4']) made.push(await create(m.headers, name));
    const results = await Promise.all(made.map((p) => call('PUT', `/personas/${p.id}/default`, m.headers)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await list(m.headers)).filter((p) => p.is_default)).toHaveLength(1);
  });

  it('limits a free member to 3 personas with the spec message, and a premium member to more', async () => {
    const free = await member();
    for (const name of ['Fre1', 'Fre2', 'Fre3']) await create(free.headers, name);
    const fourth = await call('POST', '/personas', free.headers, input('Fre4'));
    expect(fourth.status).toBe(409);
    expect(fourth.body.error).toEqual({ code: 'persona_limit', message: LIMIT_FREE, details: { n: 3, tier: 'free' } });
    expect(await list(free.headers)).toHaveLength(3);

    const premium = await member('premium');
    for (let i = 1; i <= 11; i += 1) await create(premium.headers, `Pre${i}`);
    expect(await list(premium.headers)).toHaveLength(11);

    const minimal = await member('minimal');
    await t.db.query(
      `insert into personas (user_id, name, highlights, is_default, created_at, updated_at)
       select $1, 'Bulk' || g, 'Bulk', false, now(), now() from generate_series(1, 10) g`,
      [minimal.id],
    );
    const eleventh = await call('POST', '/personas', minimal.headers, input('Min11'));
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error.message).toContain('10 personas in the minimal tier');
  });

  it('refuses updates while over the tier limit (after a downgrade) until some are deleted', async () => {
    const m = await member('basic');
    const made = [];
    for (const name of ['Dow1', 'Dow2', 'Dow3', 'Dow4']) made.push(await create(m.headers, name));
    await t.db.query(`update users set tier = 'free' where id = $1`, [m.id]);
    const refused = await call('PATCH', `/personas/${made[1]!.id}`, m.headers, { name: 'Renamed' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(LIMIT_FREE);
    expect((await call('DELETE', `/personas/${made[3]!.id}`, m.headers)).status).toBe(200);
    const updated = await call('PATCH', `/personas/${made[1]!.id}`, m.headers, { name: 'Renamed' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Renamed', highlights: 'About Dow2', is_default: false });
  });

  it('updates fields, makes default through update, and ignores is_default false', async () => {
    const m = await member();
    const a = await create(m.headers, 'Upd1');
    const b = await create(m.headers, 'Upd2');
    const res = await call('PATCH', `/personas/${b.id}`, m.headers, { highlights: 'New highlights', is_default: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...b, highlights: 'New highlights', is_default: true });
    const unset = await call('PATCH', `/personas/${b.id}`, m.headers, { is_default: false, name: 'Upd2b' });
    expect(unset.body).toMatchObject({ name: 'Upd2b', is_default: true });
    expect((await list(m.headers)).map((p) => p.id)).toEqual([b.id, a.id]);
  });

  it('validates with the form messages (the v2 form, CREATE_PERSONA_V2_WEB)', async () => {
    const m = await member();
    const cases: Array<[object, string]> = [
      [{ ...input('Val'), name: '  ' }, 'This field is required'],
      [{ ...input('Val'), name: 'ab' }, 'At least 3 characters required'],
      [{ ...input('Val'), avatar_url: '' }, 'Avatar is required'],
      [{ ...input('Val'), highlights: '' }, 'This field is required'],
      [{ ...input('Val'), highlights: 'ab' }, 'At least 3 characters required'],
      [{ ...input('Val'), highlights: 'h'.repeat(1001) }, 'Highlights should be 1000 characters or less'],
      [{ ...input('Val'), name: 'n'.repeat(21) }, 'Name should be 20 characters or less'],
      [{ ...input('Val'), avatar_url: 'not a url' }, 'must be an http(s) URL or an absolute path'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/personas', m.headers, payload);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    const p = await create(m.headers, 'Val');
    const bad = await call('PATCH', `/personas/${p.id}`, m.headers, { name: 'ab' });
    expect(bad.status).toBe(400);
    expect(await list(m.headers)).toHaveLength(1);
  });

  it('refuses to delete the default persona with the spec message, and deletes the others', async () => {
    const m = await member();
    const a = await create(m.headers, 'Del1');
    const b = await create(m.headers, 'Del2');
    const refused = await call('DELETE', `/personas/${a.id}`, m.headers);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'persona_default_delete', message: DEFAULT_DELETE });
    expect((await call('DELETE', `/personas/${b.id}`, m.headers)).body).toEqual({ ok: true });
    expect((await call('DELETE', `/personas/${b.id}`, m.headers)).status).toBe(404);
    expect((await list(m.headers)).map((p) => p.id)).toEqual([a.id]);
  });

  it("answers 404 No persona found. for another member's persona on every call", async () => {
    const owner = await member();
    const other = await member();
    await create(owner.headers, 'Own1');
    const theirs = await create(owner.headers, 'Own2');
    for (const [method, url, payload] of [
      ['PATCH', `/personas/${theirs.id}`, { name: 'Stolen' }],
      ['DELETE', `/personas/${theirs.id}`, undefined],
      ['PUT', `/personas/${theirs.id}/default`, undefined],
      ['PUT', `/personas/${randomUUID()}/default`, undefined],
    ] as const) {
      const res = await call(method, url, other.headers, payload);
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'persona_not_found', message: 'No persona found.' });
    }
    expect(await list(other.headers)).toEqual([]);
    expect((await list(owner.headers)).map((p) => p.name)).toEqual(['Own1', 'Own2']);
  });

  it('refuses underage content with 4207 and explicit content with 4208 (document 1 §8), on create and update', async () => {
    const m = await member();
    const cases: Array<[object, string, string, string]> = [
      [{ name: 'Lolicon' }, '4207', UNDERAGE_CONTENT_MESSAGE, 'name'],
      [{ highlights: 'A 15 year old who sends nudes' }, '4207', UNDERAGE_CONTENT_MESSAGE, 'highlights'],
      // Across the two fields: a child in the name, sexual content in the highlights.
      [{ name: 'Little girl', highlights: 'Loves erotic stories.' }, '4207', UNDERAGE_CONTENT_MESSAGE, 'name'],
      [{ highlights: 'Always horny and looking for porn.' }, '4208', EXPLICIT_CONTENT_MESSAGE, 'highlights'],
      [{ name: 'Naked Ned' }, '4208', EXPLICIT_CONTENT_MESSAGE, 'name'],
    ];
    for (const [fields, code, message, field] of cases) {
      const res = await call('POST', '/personas', m.headers, { ...input('Mod'), ...fields });
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code, message, details: { field } });
    }
    expect(await list(m.headers)).toEqual([]);

    // Everyday words are not refused: a child or an age alone.
    const parent = await create(m.headers, 'Parent', { highlights: 'Father of two kids and a 5-year-old daughter, 42 years old.' });
    const renamed = await call('PATCH', `/personas/${parent.id}`, m.headers, { name: 'Shota' });
    expect(renamed.status).toBe(422);
    expect(renamed.body.error).toMatchObject({ code: '4207', message: UNDERAGE_CONTENT_MESSAGE, details: { field: 'name' } });
    const explicit = await call('PATCH', `/personas/${parent.id}`, m.headers, { highlights: 'Into BDSM.' });
    expect(explicit.body.error).toMatchObject({ code: '4208', message: EXPLICIT_CONTENT_MESSAGE, details: { field: 'highlights' } });
    // What is not sent is not read again: the default can still be set.
    expect((await call('PATCH', `/personas/${parent.id}`, m.headers, { is_default: true })).status).toBe(200);
    expect((await list(m.headers)).map((p) => [p.name, p.highlights])).toEqual([['Parent', 'Father of two kids and a 5-year-old daughter, 42 years old.']]);
  });

  describe('with an OpenAI-compatible moderation endpoint instead of the rules', () => {
    let server: Server;
    let other: TestApp;
    const seen: string[] = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        let text = '';
        req.on('data', (chunk) => (text += String(chunk)));
        req.on('end', () => {
          const { input: texts } = JSON.parse(text) as { input: string[] };
          seen.push(...texts);
          const results = texts.map((s) => ({ flagged: /minors|sexual/.test(s), categories: { sexual: s.includes('sexual'), 'sexual/minors': s.includes('minors') } }));
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results }));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      other = await startTestApp(backend, { config: { moderationEndpoint: { url, model: 'omni-moderation-latest' } } });
    }, DB_SETUP_TIMEOUT_MS);
    afterAll(async () => {
      await other?.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('answers what the endpoint flags with 4207 or 4208, and lets through what only the rules would refuse', async () => {
      const signedIn = await signUp(other.app, `persona_remote_${Math.random().toString(36).slice(2, 8)}@example.com`, `persona_r_${Math.random().toString(36).slice(2, 6)}`);
      const headers = bearer(signedIn.token);
      const post = async (payload: object) => {
        const res = await other.app.inject({ method: 'POST', url: '/api/personas', headers, payload: { ...input('Remote'), ...payload } });
        return { status: res.statusCode, body: res.json() };
      };
      expect((await post({ highlights: 'flagged for minors' })).body.error).toMatchObject({ code: '4207', details: { field: 'highlights', rule: 'sexual/minors' } });
      expect((await post({ highlights: 'flagged as sexual' })).body.error).toMatchObject({ code: '4208', details: { field: 'highlights', rule: 'sexual' } });
      expect((await post({ name: 'Lolicon' })).status).toBe(200);
      expect(seen).toEqual(expect.arrayContaining(['Remote', 'flagged for minors', 'Lolicon']));
    });
  });

  it('gives the chat the chosen persona when owned, else the default, else null', async () => {
    const m = await member();
    const other = await member();
    expect(await loadPromptPersona(t.db, m.id, null)).toBeNull();
    await create(m.headers, 'Dflt');
    const chosen = await create(m.headers, 'Chosen');
    const foreign = await create(other.headers, 'Foreign');
    const dflt = { id: expect.any(String), name: 'Dflt', highlights: 'About Dflt' };
    expect(await loadPromptPersona(t.db, m.id, null)).toEqual(dflt);
    expect(await loadPromptPersona(t.db, m.id, chosen.id)).toEqual({ id: chosen.id, name: 'Chosen', highlights: 'About Chosen' });
    expect(await loadPromptPersona(t.db, m.id, foreign.id)).toEqual(dflt);
    expect(await loadPromptPersona(t.db, m.id, 'missing')).toEqual(dflt);
    expect((await loadPromptPersona(t.db, m.id, null))!.id).not.toBe(foreign.id);
  });
});
