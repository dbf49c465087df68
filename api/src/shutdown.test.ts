import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { startFakeOpenAiEngine, type FakeOpenAiEngine } from './testing/fakeOpenAiEngine';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from './testing/testDatabases';
import { startTestApp, type TestApp } from './testing/testApp';
import { eventOf, postSse, tokensOf } from './testing/sseClient';
import { insertCharacter } from './modules/discovery/testing/catalogFixture';
import { signUpMember, type TestMember } from './modules/discovery/testing/discoveryTestKit';
import { gracefulStop } from './shutdown';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Pick<Logger, 'info' | 'warn' | 'error'>;
const REPLY = 'Steady now, the tide turns slowly and the lanterns hold.';

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.each(BACKENDS)('stopping an API process on %s', (backend) => {
  let engine: FakeOpenAiEngine;
  beforeAll(async () => {
    engine = await startFakeOpenAiEngine({ reply: () => REPLY });
  });
  afterAll(() => engine?.close());

  /** An app on a real socket, a member and a chatbot; `stop` as main.ts wires it, `closed` once the app has closed. */
  async function running(graceMs: number) {
    const t: TestApp = await startTestApp(backend, {
      config: { inferenceModels: [{ id: 'fake', name: 'Fake', tokens: '8K', base_url: engine.baseUrl, model: 'fake', hide_unauthorized: false }] },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
    const member: TestMember = await signUpMember(t, 'streamer');
    const bot = await insertCharacter(t.db, member, { name: 'Mira', greeting: 'Ahoy.', persona: 'A calm sailor.' });
    let closing: Promise<unknown> | undefined;
    const exits: number[] = [];
    const stop = gracefulStop({ close: () => (closing = t.app.close()) }, { graceMs, logger: quiet, exit: (code) => exits.push(code) });
    return { t, base, member, bot, stop, exits, cleanup: async () => (await closing, await t.scratch.drop()) };
  }

  /**
   * A chat stream whose engine holds before the reply's third token until `release`; resolves once two tokens have
   * reached the member.
   */
  async function heldStream({ base, member, bot }: Awaited<ReturnType<typeof running>>) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    engine.behaviour = { ...engine.behaviour, beforeToken: async (index) => (index === 2 ? held : undefined) };
    let tokens = 0;
    const stream = postSse(`${base}/chat`, member.headers, { character_id: bot.id, conversation_id: 'new', message: 'Hold fast' }, {
      onEvent: (e) => void (e.event === 'token' && (tokens += 1)),
    });
    await until(() => tokens >= 2);
    return { stream, release };
  }

  it(
    'lets an open chat stream finish, takes no new request meanwhile, then exits 0',
    async () => {
      const app = await running(30_000);
      const { base, stop, exits, cleanup } = app;
      const { stream, release } = await heldStream(app);
      stop('SIGTERM');
      // A new request is refused (the listener is closed; a request on an open connection would get 503).
      const refused = await fetch(`${base}/health/ready`).then((r) => r.status, () => 'refused');
      expect([503, 'refused']).toContain(refused);
      expect(exits).toEqual([]);
      release();
      const result = await stream;
      expect(eventOf(result, 'done')).toBeDefined();
      expect(tokensOf(result).join('')).toBe(REPLY);
      await until(() => exits.length > 0);
      expect(exits).toEqual([0]);
      await cleanup();
    },
    DB_SETUP_TIMEOUT_MS,
  );

  it(
    'ends the streams still open once the grace is over (exit 1), and a second signal at once is the same one',
    async () => {
      const app = await running(300);
      const { stop, exits, cleanup } = app;
      const { stream, release } = await heldStream(app);
      stop('SIGTERM');
      stop('SIGINT');
      await until(() => exits.length > 0);
      expect(exits).toEqual([1]);
      release();
      await stream;
      await cleanup();
    },
    DB_SETUP_TIMEOUT_MS,
  );
});
