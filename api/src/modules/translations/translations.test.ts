import type { AddressInfo } from 'node:net';
import { TRANSLATION_ERROR_CODES, type ChatMessage, type Translation } from '@fable/contracts';
import { startFakeOpenAiEngine, type FakeOpenAiEngine } from '../../testing/fakeOpenAiEngine';
import { postSse } from '../../testing/sseClient';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { startTestApp, type TestApp } from '../../testing/testApp';
import type { CharacterRow } from '../characters/characterRow';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { call, newGuest, signUpMember, type TestMember } from '../discovery/testing/discoveryTestKit';
import { TRANSLATION_MARKER } from './translationPrompt';

/**
 * Translating chatbots through the API (issue 27), with the translations asked of an OpenAI-compatible engine over HTTP
 * (the fake engine translates as the demo model does): who may (§6), once per chatbot and language with its progress,
 * never a second job, the translated name and title fed to search, the chat in the member's language, failure and retry.
 */
describe.each(BOTH_BACKENDS)('chatbot translation on %s', (backend) => {
  let t: TestApp;
  let engine: FakeOpenAiEngine;
  let creator: TestMember;
  let base: string;

  beforeAll(async () => {
    engine = await startFakeOpenAiEngine({ firstTokenDelayMs: 0, tokenIntervalMs: 0 });
    t = await startTestApp(backend, {
      config: {
        backgroundJobsIntervalMs: 50,
        inferenceModels: [{ id: 'fake', name: 'Fake', tokens: '8K', base_url: engine.baseUrl, model: 'fake-model', hide_unauthorized: false }],
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
    creator = await signUpMember(t, 'transcreator');
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });

  const member = async (name: string, tier: 'free' | 'minimal' | 'basic' | 'premium', chatLanguage = 'es') => {
    const m = await signUpMember(t, name);
    if (tier !== 'free') await t.db.query('update users set tier = $2 where id = $1', [m.user_id, tier]);
    await call(t, 'PATCH', '/v2/users', m.headers, { settings: { chatLanguage } });
    return m;
  };
  const bot = (fields: Partial<CharacterRow> = {}) =>
    insertCharacter(t.db, creator, {
      name: 'Maren',
      title: 'The old lighthouse keeper',
      greeting: 'Welcome, friend. Come in from the storm.',
      persona: 'A kind old keeper who knows every ship in the harbour.',
      scenario: 'A dark night at the lighthouse.',
      dialogue: '',
      definition_visible: true,
      ...fields,
    });
  const translate = (m: TestMember, characterId: string, language = 'es') =>
    call<Translation & { error?: { code: string; message: string } }>(t, 'POST', `/characters/${characterId}/translations`, m.headers, { language });
  const read = (headers: Record<string, string>, characterId: string, language = 'es') =>
    call<Translation & { error?: { code: string } }>(t, 'GET', `/characters/${characterId}/translations/${language}`, headers);
  const jobsOf = async (characterId: string) =>
    Number((await t.db.query<{ n: string }>(`select count(*)::text as n from background_jobs where kind = 'character_translation' and payload->>'character_id' = $1`, [characterId])).rows[0]!.n);
  async function until(condition: () => Promise<boolean>): Promise<void> {
    const end = Date.now() + 15_000;
    while (Date.now() < end && !(await condition())) await new Promise((r) => setTimeout(r, 25));
    expect(await condition()).toBe(true);
  }
  const translationRequests = () => engine.requests.filter((r) => r.body.messages[0]?.content.startsWith(TRANSLATION_MARKER));

  it('translates a public chatbot for a True Supporter once, with progress, and feeds the name and title to search', async () => {
    const m = await member('transbasic', 'basic');
    const character = await bot();
    const asked = translationRequests().length;
    const first = await translate(m, character.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ character_id: character.id, language: 'es', status: 'translating', progress: 0, fields: null });
    // Asked again while it runs: the same translation, no second job.
    expect((await translate(m, character.id)).body.status).toMatch(/translating|done/);
    await until(async () => (await read(m.headers, character.id)).body.status === 'done');
    const done = await read(newGuest().headers, character.id);
    expect(done.body).toMatchObject({ status: 'done', progress: 100, error: null });
    expect(done.body.fields).toEqual({
      name: 'Maren',
      title: 'El viejo faro guardián',
      greeting: 'Bienvenido, amigo. Ven en de el tormenta.',
      persona: 'Un amable viejo guardián quién knows every barco en el puerto.',
      scenario: 'Un oscuro noche en el faro.',
      dialogue: '',
    });
    // Five fields with text, each asked of the model once, with the language named.
    expect(translationRequests().length - asked).toBe(5);
    expect(translationRequests().at(-1)!.body.messages[0]!.content).toContain('Spanish (language code: es)');
    expect(await jobsOf(character.id)).toBe(1);

    const { rows } = await t.db.query<{ name_i18n: unknown; title_i18n: unknown; translated_languages: string[] }>(
      'select name_i18n, title_i18n, translated_languages from characters where id = $1',
      [character.id],
    );
    expect(rows[0]).toEqual({ name_i18n: { es: 'Maren' }, title_i18n: { es: 'El viejo faro guardián' }, translated_languages: ['es'] });
    const { rows: docs } = await t.db.query<{ translated_languages: string[]; found: boolean }>(
      `select translated_languages, 'es.faro' = any(tsvector_to_array(search_i18n_tsv)) as found from search_documents where id = $1`,
      [character.id],
    );
    expect(docs[0]).toEqual({ translated_languages: ['es'], found: true });

    // Done: asked again, answered as it is, nothing translated again.
    const again = await translate(await member('transother', 'premium'), character.id);
    expect(again.body.status).toBe('done');
    expect(await jobsOf(character.id)).toBe(1);
  });

  it('reports its progress field by field while it runs', async () => {
    const m = await member('transprogress', 'basic');
    const character = await bot({ name: 'Slowpoke' });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The personality (the third field with text) waits: name, title and greeting are done, 3 of 5.
    engine.behaviour.beforeToken = async (_index, request) => {
      if (request.messages.at(-1)?.content === character.persona) await held;
    };
    try {
      await translate(m, character.id);
      await until(async () => (await read(m.headers, character.id)).body.progress === 60);
      expect((await read(m.headers, character.id)).body).toMatchObject({ status: 'translating', progress: 60, fields: null });
    } finally {
      release();
      engine.behaviour.beforeToken = undefined;
    }
    await until(async () => (await read(m.headers, character.id)).body.status === 'done');
  });

  it('starts one job when two members ask at once', async () => {
    const [a, b] = await Promise.all([member('transtwin1', 'basic'), member('transtwin2', 'basic')]);
    const character = await bot({ name: 'Twin' });
    const answers = await Promise.all([translate(a, character.id), translate(b, character.id), translate(a, character.id)]);
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200]);
    expect(await jobsOf(character.id)).toBe(1);
    await until(async () => (await read(a.headers, character.id)).body.status === 'done');
  });

  it('chats with the translated chatbot in the member’s language, and with the original in English', async () => {
    const m = await member('transchat', 'basic');
    const character = await bot({ name: 'Chatty' });
    await translate(m, character.id);
    await until(async () => (await read(m.headers, character.id)).body.status === 'done');
    const created = await call<{ id: string }>(t, 'POST', `/characters/${character.id}/conversations`, m.headers, {});
    const messages = (await call<{ messages: ChatMessage[] }>(t, 'GET', `/conversations/${created.body.id}/messages`, m.headers)).body.messages;
    expect(messages[0]!.content).toBe('Bienvenido, amigo. Ven en de el tormenta.');

    // The turn's prompt carries the translated definition.
    const res = await postSse(`${base}/chat`, m.headers, { character_id: character.id, conversation_id: created.body.id, message: 'Hola' });
    expect(res.status).toBe(200);
    const prompt = engine.requests.at(-1)!.body.messages.map((x) => x.content).join('\n');
    expect(prompt).toContain('Un amable viejo guardián');
    expect(prompt).not.toContain('A kind old keeper');

    const english = await member('transenglish', 'basic', 'en');
    const own = await call<{ id: string }>(t, 'POST', `/characters/${character.id}/conversations`, english.headers, {});
    const theirs = (await call<{ messages: ChatMessage[] }>(t, 'GET', `/conversations/${own.body.id}/messages`, english.headers)).body.messages;
    expect(theirs[0]!.content).toBe('Welcome, friend. Come in from the storm.');
  });

  it('answers who may not translate with the rule of §6, and bad input with a 4xx', async () => {
    const free = await member('transfree', 'free');
    const basic = await member('transbasic2', 'basic');
    const premium = await member('transpremium', 'premium');
    const publicBot = await bot({ name: 'Public' });
    expect((await translate(free, publicBot.id)).body.error!.code).toBe(TRANSLATION_ERROR_CODES.UPGRADE);
    // Private: the creator's own, translated only with the private permission.
    const privateBot = await insertCharacter(t.db, basic, { name: 'Mine', visibility: 'private', greeting: 'Hello.' });
    expect((await translate(basic, privateBot.id)).body.error!.code).toBe(TRANSLATION_ERROR_CODES.UPGRADE_PRIVATE);
    const premiumBot = await insertCharacter(t.db, premium, { name: 'Ours', visibility: 'private', greeting: 'Hello.' });
    expect((await translate(premium, premiumBot.id)).status).toBe(200);
    // Someone else's private chatbot is not there; English is the chatbot's own language; unknown languages are a 400.
    expect((await translate(premium, privateBot.id)).status).toBe(404);
    expect((await translate(basic, publicBot.id, 'en')).body.error!.code).toBe(TRANSLATION_ERROR_CODES.SAME_LANGUAGE);
    expect((await translate(basic, publicBot.id, 'xx')).status).toBe(400);
    expect((await call(t, 'POST', `/characters/${publicBot.id}/translations`, basic.headers, { language: 'es\u0000' })).status).toBe(400);
    expect((await call(t, 'POST', `/characters/${publicBot.id}/translations`, newGuest().headers, { language: 'es' })).status).toBe(401);
    expect((await read(newGuest().headers, publicBot.id, 'fr')).body.error!.code).toBe(TRANSLATION_ERROR_CODES.NOT_TRANSLATED);
    expect((await read(newGuest().headers, publicBot.id, 'zz')).status).toBe(400);
    // Partner sites offer no translation.
    const partnerMember = await signUpMember(t, 'transpartner', 'storynest');
    await t.db.query(`update users set tier = 'premium' where id = $1`, [partnerMember.user_id]);
    expect((await translate(partnerMember, publicBot.id)).body.error!.code).toBe(TRANSLATION_ERROR_CODES.UNAVAILABLE);
    expect(await jobsOf(publicBot.id)).toBe(0);
    await until(async () => (await read(premium.headers, premiumBot.id)).body.status === 'done');
  });

  it('marks a translation the engine fails as failed with a message, and starts it again when asked', async () => {
    const m = await member('transretry', 'basic');
    const character = await bot({ name: 'Fragile' });
    engine.behaviour.failWithStatus = 500;
    try {
      await translate(m, character.id);
      await until(async () => (await read(m.headers, character.id)).body.status === 'failed');
    } finally {
      engine.behaviour.failWithStatus = undefined;
    }
    expect((await read(m.headers, character.id)).body).toMatchObject({ status: 'failed', error: 'The translation did not work. Try again.', fields: null });
    expect((await translate(m, character.id)).body).toMatchObject({ status: 'translating', progress: 0 });
    await until(async () => (await read(m.headers, character.id)).body.status === 'done');
    expect(await jobsOf(character.id)).toBe(2);
  });

  it('starts again a translation that stalled (its process died), and not one still running', async () => {
    const m = await member('transstall', 'basic');
    const character = await bot({ name: 'Stalled' });
    // The row as a process that died mid-translation left it.
    await t.db.query(
      `insert into character_translations (character_id, language, status, progress, source_hash, created_at, updated_at) values ($1, 'es', 'translating', 40, 'x', now() - interval '1 hour', $2)`,
      [character.id, new Date(Date.now() - 60_000)],
    );
    // A minute without progress: still running as far as anyone can tell.
    expect((await translate(m, character.id)).body).toMatchObject({ status: 'translating', progress: 40 });
    expect(await jobsOf(character.id)).toBe(0);
    await t.db.query(`update character_translations set updated_at = now() - interval '20 minutes' where character_id = $1`, [character.id]);
    // Reported failed, so that the modal offers to start it again.
    expect((await read(m.headers, character.id)).body).toMatchObject({ status: 'failed', error: 'The translation did not work. Try again.' });
    expect((await translate(m, character.id)).body).toMatchObject({ status: 'translating', progress: 0 });
    expect(await jobsOf(character.id)).toBe(1);
    await until(async () => (await read(m.headers, character.id)).body.status === 'done');
  });

  it('shows the translated definition only where the definition is shown (the creator, or definition_visible)', async () => {
    const m = await member('transhidden', 'basic');
    const character = await bot({ name: 'Secretive', definition_visible: false });
    await translate(m, character.id);
    await until(async () => (await read(m.headers, character.id)).body.status === 'done');
    expect((await read(m.headers, character.id)).body.fields).toMatchObject({ name: 'Secretive', greeting: 'Bienvenido, amigo. Ven en de el tormenta.', persona: '', scenario: '', dialogue: '' });
    expect((await read(creator.headers, character.id)).body.fields!.persona).toBe('Un amable viejo guardián quién knows every barco en el puerto.');
  });

  it('translates an edited chatbot anew', async () => {
    const m = await member('transedit', 'basic');
    const character = await bot({ name: 'Changing' });
    await translate(m, character.id);
    await until(async () => (await read(m.headers, character.id)).body.status === 'done');
    await t.db.query(`update characters set greeting = 'Hello, friend.' where id = $1`, [character.id]);
    expect((await read(m.headers, character.id)).body.error!.code).toBe(TRANSLATION_ERROR_CODES.NOT_TRANSLATED);
    expect((await translate(m, character.id)).body.status).toBe('translating');
    await until(async () => (await read(m.headers, character.id)).body.status === 'done');
    expect((await read(m.headers, character.id)).body.fields!.greeting).toBe('Hola, amigo.');
  });
});
