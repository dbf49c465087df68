import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '../../testing/eventually';
import { fakeTokens, startFakeOpenAiEngine, type FakeOpenAiEngine } from '../../testing/fakeOpenAiEngine';
import { createDemoEngine, demoReply } from './demoEngine';
import { InferenceError, type InferenceRequest } from './engine';
import { DEMO_MODEL_ID, OPENAI_MODEL_ID, createModelRegistry, type ModelFileEntry } from './models';
import { createOpenAiEngine } from './openAiEngine';

const request: InferenceRequest = {
  messages: [
    { role: 'system', content: 'You are Aria.' },
    { role: 'user', content: 'Hello from the adapter test' },
  ],
  maxTokens: 50,
  temperature: 0.7,
  topP: 0.7,
  topK: 90,
};

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const t of iterable) out.push(t);
  return out;
}

describe('OpenAI-compatible adapter against the fake engine', () => {
  let engine: FakeOpenAiEngine;
  beforeAll(async () => {
    engine = await startFakeOpenAiEngine();
  });
  afterAll(() => engine.close());
  beforeEach(() => {
    engine.behaviour = { ...engine.behaviour, failWithStatus: undefined, cutAfterTokens: undefined, firstTokenDelayMs: 0, tokenIntervalMs: 0 };
  });

  const adapter = () => createOpenAiEngine({ baseUrl: engine.baseUrl, apiKey: 'sk-test', model: 'fake-model' });

  it('streams the deltas, passes the settings and the key, and reads finish_reason', async () => {
    const stream = await adapter().stream(request, new AbortController().signal);
    const tokens = await collect(stream);
    expect(tokens.join('')).toBe('*smiles* You said "Hello from the adapter test". Tell me more, I am listening.');
    expect(tokens.length).toBeGreaterThan(5);
    expect(stream.finishReason).toBe('stop');
    const sent = engine.requests.at(-1)!;
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({ model: 'fake-model', stream: true, max_tokens: 50, temperature: 0.7, top_p: 0.7, top_k: 90 });
  });

  it('says length when max_tokens cut the reply', async () => {
    const stream = await adapter().stream({ ...request, maxTokens: 3 }, new AbortController().signal);
    expect(await collect(stream)).toHaveLength(3);
    expect(stream.finishReason).toBe('length');
  });

  it.each([
    [429, 'rate_limited'],
    [503, 'busy'],
    [504, 'busy'],
    [500, 'failed'],
  ])('refuses with status %i as %s', async (status, kind) => {
    engine.behaviour = { ...engine.behaviour, failWithStatus: status };
    await expect(adapter().stream(request, new AbortController().signal)).rejects.toMatchObject({ name: 'InferenceError', kind, status });
  });

  it('fails when the connection is cut mid-stream', async () => {
    engine.behaviour = { ...engine.behaviour, cutAfterTokens: 2 };
    const stream = await adapter().stream(request, new AbortController().signal);
    const got: string[] = [];
    await expect(
      (async () => {
        for await (const t of stream) got.push(t);
      })(),
    ).rejects.toBeInstanceOf(InferenceError);
    expect(got).toHaveLength(2);
  });

  it('aborts the engine request with the signal', async () => {
    engine.behaviour = { ...engine.behaviour, tokenIntervalMs: 30 };
    const controller = new AbortController();
    const stream = await adapter().stream(request, controller.signal);
    const got: string[] = [];
    await expect(
      (async () => {
        for await (const t of stream) {
          got.push(t);
          if (got.length === 2) controller.abort();
        }
      })(),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(got).toHaveLength(2);
    // The engine sees its response closed once the abort has reached it.
    await eventually(() => engine.openStreams() === 0);
  });

  it('fails when the engine is unreachable', async () => {
    const dead = createOpenAiEngine({ baseUrl: 'http://127.0.0.1:1/v1', model: 'x' });
    await expect(dead.stream(request, new AbortController().signal)).rejects.toMatchObject({ kind: 'failed' });
  });
});

/** An engine of this test's own that answers each stream by `answer` (raw SSE), counting its connections and open responses. */
async function startRawEngine(answer: (res: ServerResponse) => void): Promise<{ baseUrl: string; connections: () => number; open: () => number; server: Server }> {
  let connections = 0;
  let open = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      open += 1;
      res.on('close', () => (open -= 1));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      answer(res);
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, connections: () => connections, open: () => open, server };
}

const delta = (content: string, finish: string | null = null) => `data: ${JSON.stringify({ choices: [{ delta: { content }, finish_reason: finish }] })}\n\n`;

describe('OpenAI-compatible adapter: what an engine may send', () => {
  let engine: Awaited<ReturnType<typeof startRawEngine>>;
  let answer: (res: ServerResponse) => void = () => undefined;
  beforeAll(async () => {
    engine = await startRawEngine((res) => answer(res));
  });
  afterAll(async () => {
    engine.server.closeAllConnections();
    await new Promise((resolve) => engine.server.close(resolve));
  });
  const adapter = () => createOpenAiEngine({ baseUrl: engine.baseUrl, model: 'raw' });

  it('reads each stream to its end after [DONE], so that the next turn reuses the connection', async () => {
    // [DONE], and the body's end a moment later (its own packet).
    answer = (res) => {
      res.write(delta('Hello') + delta(' there', 'stop') + 'data: [DONE]\n\n');
      setTimeout(() => res.end(), 20);
    };
    const before = engine.connections();
    for (let i = 0; i < 4; i += 1) {
      expect((await collect(await adapter().stream(request, new AbortController().signal))).join('')).toBe('Hello there');
      // Turns come seconds apart: the connection is back in undici's pool before the next one.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // A body closed at [DONE] would cost each turn a connection (4); read to its end, they share one (at most one
    // more when a connection of an earlier test was closed meanwhile).
    expect(engine.connections() - before).toBeLessThanOrEqual(2);
  });

  it('ends a stream whose body stays open after [DONE], with every delta, and closes that body', async () => {
    answer = (res) => res.write(delta('Still') + delta(' open', 'stop') + 'data: [DONE]\n\n');
    expect((await collect(await adapter().stream(request, new AbortController().signal))).join('')).toBe('Still open');
    await eventually(() => engine.open() === 0);
  });

  it('fails with the engine’s message on an error chunk, after the deltas before it', async () => {
    answer = (res) => res.end(delta('Half') + `data: ${JSON.stringify({ error: { message: 'model overloaded' } })}\n\n`);
    const got: string[] = [];
    await expect(
      (async () => {
        for await (const t of await adapter().stream(request, new AbortController().signal)) got.push(t);
      })(),
    ).rejects.toMatchObject({ name: 'InferenceError', kind: 'failed', message: 'model overloaded' });
    expect(got).toEqual(['Half']);
  });

  it('fails on a chunk that is not JSON', async () => {
    answer = (res) => res.end(delta('One') + 'data: {not json\n\n');
    await expect(collect(await adapter().stream(request, new AbortController().signal))).rejects.toMatchObject({ message: 'inference stream sent invalid JSON' });
  });

  it('fails when the body ends without finish_reason or [DONE]', async () => {
    answer = (res) => res.end(delta('Cut'));
    await expect(collect(await adapter().stream(request, new AbortController().signal))).rejects.toMatchObject({ message: 'inference stream ended before its end' });
  });

  it('closes the body when its reader stops early', async () => {
    answer = (res) => res.write(delta('One') + delta(' two'));
    for await (const t of await adapter().stream(request, new AbortController().signal)) {
      expect(t).toBe('One');
      break;
    }
    await eventually(() => engine.open() === 0);
  });
});

describe('demo model', () => {
  const hints = {
    characterName: 'Aria',
    greeting: 'Welcome to the tavern, traveller!',
    personality: 'Aria is a cheerful bard who loves old songs. She travels alone.',
    userName: 'Sam',
    lastUserMessage: 'Sing me a song about dragons',
    autopilot: false,
    continuing: false,
  };

  it('answers in character, deterministically, from the definition and the last message', () => {
    const reply = demoReply(hints);
    expect(reply).toContain('Aria');
    expect(reply).toContain('Sing me a song about dragons');
    expect(reply).toContain('cheerful bard');
    expect(demoReply(hints)).toBe(reply);
    expect(demoReply({ ...hints, autopilot: true })).not.toBe(reply);
  });

  it('streams word by word at its pace and honours max tokens', async () => {
    const engine = createDemoEngine({ tokenIntervalMs: 5 });
    const started = performance.now();
    const stream = await engine.stream({ ...request, hints }, new AbortController().signal);
    const tokens = await collect(stream);
    expect(tokens.join('')).toBe(demoReply(hints));
    expect(performance.now() - started).toBeGreaterThanOrEqual(tokens.length * 4);
    const capped = await engine.stream({ ...request, hints, maxTokens: 2 }, new AbortController().signal);
    expect(await collect(capped)).toEqual(fakeTokens(demoReply(hints)).slice(0, 2));
    expect(capped.finishReason).toBe('length');
  });
});

describe('model registry', () => {
  const base = { tokens: '8K', base_url: 'http://127.0.0.1:9/v1', hide_unauthorized: false } as const;
  const models: ModelFileEntry[] = [
    { ...base, id: 'open', name: 'Open' },
    { ...base, id: 'plus', name: 'Plus', permission: '8k_context' },
    { ...base, id: 'secret', name: 'Secret', permission: '8k_context', hide_unauthorized: true },
  ];

  it('offers the demo model alone when nothing is configured', () => {
    const registry = createModelRegistry({ demoTokenIntervalMs: 0 });
    expect(registry.list({ permissions: [] })).toEqual({
      models: [expect.objectContaining({ id: DEMO_MODEL_ID, tag: 'Demo', demo: true, available: true })],
      default_model: DEMO_MODEL_ID,
    });
  });

  it('marks models the caller lacks the permission for, and hides hide_unauthorized ones', () => {
    const registry = createModelRegistry({ models, demoTokenIntervalMs: 0 });
    const free = registry.list({ permissions: ['4k_context'] });
    expect(free.models.map((m) => [m.id, m.available])).toEqual([
      ['open', true],
      ['plus', false],
    ]);
    const paid = registry.list({ permissions: ['8k_context'] });
    expect(paid.models.map((m) => [m.id, m.available])).toEqual([
      ['open', true],
      ['plus', true],
      ['secret', true],
    ]);
    expect(registry.choose({ permissions: [] }, 'plus')).toEqual({ ok: false, reason: 'not_allowed' });
    expect(registry.choose({ permissions: [] }, 'nope')).toEqual({ ok: false, reason: 'unknown' });
  });

  it('uses the member’s own OpenAI key by openai_mode', () => {
    const registry = createModelRegistry({ models, demoTokenIntervalMs: 0 });
    const pick = (mode: 'disabled' | 'enabled' | 'hybrid', model?: string, key: string | null = 'sk-own') => {
      const c = registry.choose({ permissions: [], openAiMode: mode, openAiKey: key }, model);
      return c.ok ? c.offered.model.id : c.reason;
    };
    expect(pick('disabled', 'open')).toBe('open');
    expect(pick('disabled', OPENAI_MODEL_ID)).toBe('unknown');
    expect(pick('enabled', 'open')).toBe(OPENAI_MODEL_ID);
    expect(pick('hybrid', 'open')).toBe('open');
    expect(pick('hybrid', OPENAI_MODEL_ID)).toBe(OPENAI_MODEL_ID);
    expect(pick('enabled', 'open', null)).toBe('open');
    expect(registry.list({ permissions: [], openAiMode: 'hybrid', openAiKey: 'k' }).models[0]!.id).toBe(OPENAI_MODEL_ID);
    expect(registry.list({ permissions: [], openAiMode: 'enabled', openAiKey: 'k' }).default_model).toBe(OPENAI_MODEL_ID);
  });

  it('sends the own key to the OpenAI base URL', async () => {
    const engine = await startFakeOpenAiEngine();
    try {
      const registry = createModelRegistry({ models, demoTokenIntervalMs: 0, openAiBaseUrl: engine.baseUrl, openAiUserModel: 'gpt-test' });
      const choice = registry.choose({ permissions: [], openAiMode: 'enabled', openAiKey: 'sk-own' }, undefined);
      if (!choice.ok) throw new Error('expected a model');
      await collect(await choice.offered.engine.stream(request, new AbortController().signal));
      expect(engine.requests.at(-1)).toMatchObject({ authorization: 'Bearer sk-own', body: { model: 'gpt-test' } });
      expect(engine.requests.at(-1)!.body.top_k).toBeUndefined();
    } finally {
      await engine.close();
    }
  });
});
