import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from '../../app';
import { testConfig, type AppConfig } from '../../config';
import type { Database } from '../../infra/db/database';
import { startFakeOpenAiEngine, type FakeOpenAiEngine } from '../../testing/fakeOpenAiEngine';
import { bearer, signUp, TEST_JWT_SECRET } from '../../testing/testApp';
import { BACKENDS, DB_SETUP_TIMEOUT_MS, createScratchDatabase, type ScratchDatabase } from '../../testing/testDatabases';
import { insertCharacter, insertCreator } from '../discovery/testing/catalogFixture';
import { maskApiKey } from './openAiKeyStore';

const OWN_KEY = 'sk-proj-ownkey0123456789abcdefWXYZ';
const key = (kid: string) => ({ kid, key: randomBytes(32) });

describe('maskApiKey', () => {
  it('shows at most the first 3 and last 4 characters, less of a short key', () => {
    expect(maskApiKey(OWN_KEY)).toBe('sk-…WXYZ');
    expect(maskApiKey('sk-0123456789')).toBe('…6789');
    expect(maskApiKey('sk-bob')).toBe('…ob');
    expect(maskApiKey('abc')).toBe('…');
  });
});

describe.each(BACKENDS)("members' own OpenAI keys on %s", (backend) => {
  let scratch: ScratchDatabase | undefined;
  let db: Database;
  let engine: FakeOpenAiEngine;
  let apps: App[] = [];
  const k1 = key('k1');
  const k2 = key('k2');

  beforeAll(async () => {
    engine = await startFakeOpenAiEngine();
  });
  afterAll(async () => {
    await engine?.close();
  });
  // Each test on its own database: what one stores never meets another's key ring.
  beforeEach(async () => {
    scratch = await createScratchDatabase(backend, { migrated: true });
    db = await scratch.open();
  }, DB_SETUP_TIMEOUT_MS);
  afterEach(async () => {
    for (const app of apps) await app.close();
    apps = [];
    await scratch?.drop();
  });

  const start = async (config: Partial<AppConfig>) => {
    const app = await buildApp(testConfig({ jwtSecret: TEST_JWT_SECRET, openAiBaseUrl: engine.baseUrl, ...config }), { db });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };
  const stored = async (userId: string) =>
    (await db.query<{ openai_api_key: string | null; openai_api_key_kid: string | null; openai_api_key_hint: string | null }>(
      'select openai_api_key, openai_api_key_kid, openai_api_key_hint from users where id = $1',
      [userId],
    )).rows[0]!;
  /** One chat turn in openai_mode enabled: the engine sees the key the API opened. */
  const keySentByTurn = async (app: App, token: string, characterId: string) => {
    const port = (app.server.address() as AddressInfo).port;
    const res = await fetch(`http://127.0.0.1:${port}/api/chat`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ character_id: characterId, conversation_id: 'new', message: 'Hello' }),
    });
    expect(await res.text()).toContain('event: done');
    return engine.requests.at(-1)?.authorization;
  };

  it('stores the key sealed with a key id, shows only its mask, uses it in clear for chat, and rotates keys', async () => {
    const app = await start({ secretsKeys: [k1] });
    const member = await signUp(app, `own-key-${backend}@example.com`, 'own_key');
    const creator = await insertCreator(db, { user_id: member.user.id, username: 'own_key' });
    const bot = await insertCharacter(db, creator, { name: 'Aria', greeting: 'Hi', persona: 'A bard.' });

    const saved = await app.inject({ method: 'PATCH', url: '/api/v2/users', headers: bearer(member.token), payload: { openai_api_key: OWN_KEY, openai_mode: 'enabled' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().openai_api_key).toBe('sk-…WXYZ');
    expect(saved.body).not.toContain(OWN_KEY);
    const me = await app.inject({ method: 'GET', url: '/api/v2/users', headers: bearer(member.token) });
    expect(me.json().openai_api_key).toBe('sk-…WXYZ');
    expect(me.body).not.toContain('ownkey');

    const row = await stored(member.user.id);
    expect(row).toMatchObject({ openai_api_key_kid: 'k1', openai_api_key_hint: 'sk-…WXYZ' });
    expect(row.openai_api_key).not.toContain('ownkey');
    expect(await keySentByTurn(app, member.token, bot.id)).toBe(`Bearer ${OWN_KEY}`);

    // Rotation: k2 first, k1 still listed. The start re-seals the stored key with k2; it still works.
    const rotated = await start({ secretsKeys: [k2, k1] });
    expect(await stored(member.user.id)).toMatchObject({ openai_api_key_kid: 'k2', openai_api_key_hint: 'sk-…WXYZ' });
    expect(await keySentByTurn(rotated, member.token, bot.id)).toBe(`Bearer ${OWN_KEY}`);
    // k1 may now leave; a ring without k2 cannot open what is stored: the API refuses to start.
    const k2Only = await start({ secretsKeys: [k2] });
    expect(await keySentByTurn(k2Only, member.token, bot.id)).toBe(`Bearer ${OWN_KEY}`);
    await expect(buildApp(testConfig({ jwtSecret: TEST_JWT_SECRET, secretsKeys: [key('k3')] }), { db })).rejects.toThrow(/lacks the key ids k2/);

    // Removing the key clears all three columns.
    const removed = await k2Only.inject({ method: 'PATCH', url: '/api/v2/users', headers: bearer(member.token), payload: { openai_api_key: '' } });
    expect(removed.json().openai_api_key).toBeNull();
    expect(await stored(member.user.id)).toEqual({ openai_api_key: null, openai_api_key_kid: null, openai_api_key_hint: null });
  }, DB_SETUP_TIMEOUT_MS);

  it('seals keys stored in plain text before encryption when the API starts', async () => {
    const app = await start({ secretsKeys: [k2] });
    const member = await signUp(app, `legacy-${backend}@example.com`, 'legacy_key');
    await db.query('update users set openai_api_key = $2, openai_api_key_kid = null, openai_api_key_hint = null where id = $1', [member.user.id, OWN_KEY]);

    await start({ secretsKeys: [k2] });
    const row = await stored(member.user.id);
    expect(row).toMatchObject({ openai_api_key_kid: 'k2', openai_api_key_hint: 'sk-…WXYZ' });
    expect(row.openai_api_key).not.toContain('ownkey');
  }, DB_SETUP_TIMEOUT_MS);

  it('keeps a dev key in the database without SECRETS_KEYS (outside production), and still opens it once keys are set', async () => {
    const app = await start({});
    const member = await signUp(app, `dev-${backend}@example.com`, 'dev_key');
    const creator = await insertCreator(db, { user_id: member.user.id, username: 'dev_key' });
    const bot = await insertCharacter(db, creator, { name: 'Aria', greeting: 'Hi', persona: 'A bard.' });
    await app.inject({ method: 'PATCH', url: '/api/v2/users', headers: bearer(member.token), payload: { openai_api_key: OWN_KEY, openai_mode: 'enabled' } });
    expect(await stored(member.user.id)).toMatchObject({ openai_api_key_kid: 'dev' });
    // Another start (another process) on the same database uses the same dev key.
    expect(await keySentByTurn(await start({}), member.token, bot.id)).toBe(`Bearer ${OWN_KEY}`);
    // Setting SECRETS_KEYS later: the dev-sealed key is re-sealed with the configured key.
    const configured = await start({ secretsKeys: [k1] });
    expect(await stored(member.user.id)).toMatchObject({ openai_api_key_kid: 'k1' });
    expect(await keySentByTurn(configured, member.token, bot.id)).toBe(`Bearer ${OWN_KEY}`);
  }, DB_SETUP_TIMEOUT_MS);

  it('refuses to start in production without SECRETS_KEYS when keys are stored', async () => {
    const app = await start({ secretsKeys: [k1] });
    const member = await signUp(app, `prod-${backend}@example.com`, 'prod_key');
    await app.inject({ method: 'PATCH', url: '/api/v2/users', headers: bearer(member.token), payload: { openai_api_key: OWN_KEY } });
    await expect(buildApp(testConfig({ nodeEnv: 'production', jwtSecret: TEST_JWT_SECRET }), { db })).rejects.toThrow(/SECRETS_KEYS is required/);
  }, DB_SETUP_TIMEOUT_MS);
});
