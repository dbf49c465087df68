import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoFacts } from '../infra/inference/demoMemories';
import { fakeSpeech, fakeTranscription, type FakeAudioRequests } from './fakeAudioEndpoints';
import { json, readBody } from './fakeProviderHttp';
import { MEMORY_DISTILL_MARKER, transcriptOf } from '../modules/memories/distill/distillPrompt';
import { demoTranslation } from '../infra/inference/demoTranslations';
import { languageOfPrompt, TRANSLATION_MARKER } from '../modules/translations/translationPrompt';

/**
 * A fake OpenAI-compatible inference engine for tests, e2e and benchmarks: real HTTP, real Server-Sent Events,
 * the `/v1/chat/completions` and `/v1/models` shapes of OpenAI, vLLM, llama.cpp server and Ollama. Its behaviour
 * is set per engine (and may be changed between requests): the delay before the first token, the pace of the
 * following ones, an error status instead of a stream, a connection cut after some tokens, or an echo of the prompt.
 */
export interface FakeEngineBehaviour {
  /** Milliseconds between the request and the first token. */
  firstTokenDelayMs: number;
  /** Milliseconds between tokens after the first. */
  tokenIntervalMs: number;
  /** Answer this HTTP status (with an OpenAI error body) instead of a completion. */
  failWithStatus?: number;
  /** Cut the connection after this many tokens, without finish_reason or [DONE]. */
  cutAfterTokens?: number;
  /** The reply's text for a request; split into tokens at word boundaries (each token keeps its leading space). */
  reply: (request: FakeChatRequest) => string;
  /**
   * Reply with the prompt itself ({@link echoReply}) instead of `reply`, so a test can read what the engine received.
   * Truthy (true, or 1 from the e2e control server's ?echo=1) turns it on.
   */
  echo?: boolean | number;
  /** Awaited before each content token (index from 0): tests hold a stream in flight without waiting on the clock. */
  beforeToken?: (index: number, request: FakeChatRequest) => Promise<void>;
}

export interface FakeChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface FakeChatRequest {
  model: string;
  messages: FakeChatMessage[];
  stream?: boolean;
  max_tokens?: number;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop?: string[];
}

export interface FakeEngineRequest {
  body: FakeChatRequest;
  authorization: string | undefined;
  /** The W3C trace context the caller sent (the API's traces). */
  traceparent: string | undefined;
  /** performance.now() when the request arrived (before its body was read). */
  receivedAt: number;
  /** performance.now() when each content token was handed to the socket. */
  tokenSentAt: number[];
}

export interface FakeOpenAiEngine {
  /** http://127.0.0.1:<port>/v1 — what an OpenAI client takes as its base URL. */
  baseUrl: string;
  behaviour: FakeEngineBehaviour;
  /**
   * Behaviour for some prompts only: a request whose last user message contains a key gets `behaviour` with that key's
   * changes over it (the longest key that matches wins). Tests that share one engine at once (the e2e workers) each
   * change the replies to their own messages and no one else's.
   */
  scopes: Map<string, Partial<FakeEngineBehaviour>>;
  /** Every chat request received, in order, with the Authorization header and its timings. */
  requests: FakeEngineRequest[];
  /** What the audio endpoints received (fakeAudioEndpoints.ts). */
  audio: FakeAudioRequests;
  /** Streams currently open. */
  openStreams(): number;
  close(): Promise<void>;
}

/** The default reply: a short in-character line that names what the user said last, so tests can tell replies apart. */
const isDistillation = (request: FakeChatRequest) => (request.messages.find((m) => m.role === 'system')?.content ?? '').startsWith(MEMORY_DISTILL_MARKER);

const systemOf = (request: FakeChatRequest) => request.messages.find((m) => m.role === 'system')?.content ?? '';

export function defaultReply(request: FakeChatRequest): string {
  // A chatbot's field to translate (modules/translations): translated as the demo model does.
  if (systemOf(request).startsWith(TRANSLATION_MARKER)) {
    return demoTranslation(request.messages.at(-1)?.content ?? '', languageOfPrompt(systemOf(request)) ?? 'es');
  }
  // A memory distillation (modules/memories/distill): the facts of the transcript, as a model answers them.
  if (isDistillation(request)) {
    const { lines, userName } = transcriptOf(request.messages.at(-1)?.content ?? '');
    return JSON.stringify(demoFacts(lines, userName).map((fact) => ({ fact, replaces: null })));
  }
  const lastUser = [...request.messages].reverse().find((m) => m.role === 'user')?.content.trim() ?? '';
  const topic = lastUser.split(/\s+/).slice(0, 6).join(' ');
  return topic ? `*smiles* You said "${topic}". Tell me more, I am listening.` : '*smiles* Hello there. What brings you here?';
}

/** The echo reply: every message of the prompt (the system prompt first), one `role: content` block each. */
export function echoReply(request: FakeChatRequest): string {
  return request.messages.map((m) => `${m.role}: ${m.content}`).join('\n');
}

/** Splits text into streaming tokens: words with their leading whitespace. */
export function fakeTokens(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

export async function startFakeOpenAiEngine(behaviour: Partial<FakeEngineBehaviour> = {}): Promise<FakeOpenAiEngine> {
  const state: FakeEngineBehaviour = { firstTokenDelayMs: 0, tokenIntervalMs: 0, reply: defaultReply, ...behaviour };
  const requests: FakeOpenAiEngine['requests'] = [];
  const scopes: FakeOpenAiEngine['scopes'] = new Map();
  const audio: FakeAudioRequests = { speech: [], transcriptions: [] };
  let open = 0;

  function behaviourFor(body: FakeChatRequest): FakeEngineBehaviour {
    const lastUser = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const key = [...scopes.keys()].filter((k) => lastUser.includes(k)).sort((a, b) => b.length - a.length)[0];
    return key === undefined ? state : { ...state, ...scopes.get(key) };
  }

  async function completions(req: IncomingMessage, res: ServerResponse) {
    const receivedAt = performance.now();
    let body: FakeChatRequest;
    try {
      body = JSON.parse(await readBody(req)) as FakeChatRequest;
    } catch {
      json(res, 400, { error: { message: 'invalid JSON body', type: 'invalid_request_error' } });
      return;
    }
    if (!Array.isArray(body.messages) || typeof body.model !== 'string') {
      json(res, 400, { error: { message: 'model and messages are required', type: 'invalid_request_error' } });
      return;
    }
    const record: FakeEngineRequest = { body, authorization: req.headers.authorization, traceparent: req.headers.traceparent as string | undefined, receivedAt, tokenSentAt: [] };
    requests.push(record);
    const b = behaviourFor(body);
    if (b.failWithStatus !== undefined) {
      await sleep(b.firstTokenDelayMs);
      json(res, b.failWithStatus, { error: { message: `fake engine failure ${b.failWithStatus}`, type: 'server_error' } });
      return;
    }
    // Echo shows chat prompts; a memory distillation is answered as a model would, so memories are made meanwhile.
    const echo = b.echo && !isDistillation(body);
    let tokens = fakeTokens(echo ? echoReply(body) : b.reply(body));
    // An echo is whole whatever max_tokens says: the test reads the entire prompt.
    if (body.max_tokens !== undefined && !echo) tokens = tokens.slice(0, Math.max(0, body.max_tokens));
    const id = `chatcmpl-${randomBytes(6).toString('hex')}`;
    const created = Math.floor(Date.now() / 1000);
    if (!body.stream) {
      await sleep(b.firstTokenDelayMs + b.tokenIntervalMs * Math.max(0, tokens.length - 1));
      json(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: tokens.join('') }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 0, completion_tokens: tokens.length, total_tokens: tokens.length },
      });
      return;
    }
    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    open += 1;
    try {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const chunk = (delta: Record<string, string>, finish: string | null) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      // Each write is handed to the socket before the next step, so a cut comes after what was sent.
      const send = (data: string) => new Promise<void>((resolve) => res.write(data, () => resolve()));
      res.flushHeaders();
      await send(chunk({ role: 'assistant' }, null));
      await sleep(b.firstTokenDelayMs);
      for (let i = 0; i < tokens.length; i += 1) {
        if (closed) return;
        if (b.cutAfterTokens !== undefined && i >= b.cutAfterTokens) {
          res.socket?.destroy();
          return;
        }
        if (i > 0) await sleep(b.tokenIntervalMs);
        if (b.beforeToken) await b.beforeToken(i, body);
        if (closed) return;
        record.tokenSentAt.push(performance.now());
        await send(chunk({ content: tokens[i]! }, null));
      }
      if (b.cutAfterTokens !== undefined) {
        // Every token went out, the end never does.
        res.socket?.destroy();
        return;
      }
      res.write(chunk({}, body.max_tokens !== undefined && !echo && tokens.length >= body.max_tokens ? 'length' : 'stop'));
      res.end('data: [DONE]\n\n');
    } finally {
      open -= 1;
    }
  }

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      completions(req, res).catch((err: Error) => {
        if (!res.headersSent) json(res, 500, { error: { message: err.message, type: 'server_error' } });
        else res.destroy();
      });
      return;
    }
    if (req.method === 'POST' && (path === '/v1/audio/speech' || path === '/v1/audio/transcriptions')) {
      const handler = path === '/v1/audio/speech' ? fakeSpeech : fakeTranscription;
      handler(req, res, audio).catch((err: Error) => {
        if (!res.headersSent) json(res, 500, { error: { message: err.message, type: 'server_error' } });
        else res.destroy();
      });
      return;
    }
    if (req.method === 'GET' && path === '/v1/models') {
      json(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'fable-tests' }] });
      return;
    }
    json(res, 404, { error: { message: `no route ${req.method} ${path}`, type: 'invalid_request_error' } });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get behaviour() {
      return state;
    },
    set behaviour(next: FakeEngineBehaviour) {
      Object.assign(state, next);
    },
    scopes,
    requests,
    audio,
    openStreams: () => open,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
