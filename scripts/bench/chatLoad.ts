// The load side of the chat benchmark, in its own process (forked by chatBench.ts): the fake OpenAI-compatible
// engine and the clients that stream through the platform. Both share this process's clock, so each stream's
// platform time is exact: the engine records when a request arrived and when it sent each token, the client when
// it sent the request and when each token arrived.
//   first token added = (client's first token − client sent) − (engine's first token sent − engine received)
//   per token added    = client's token k arrived − engine's token k sent (k ≥ 1)
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loopDelayPercentiles } from './loopDelay';
import { postSse } from '../../api/src/testing/sseClient';
import { startFakeOpenAiEngine, type FakeEngineRequest } from '../../api/src/testing/fakeOpenAiEngine';

export interface LoadUser {
  headers: Record<string, string>;
  conversationId: string;
}

export interface EngineShape {
  firstTokenDelayMs: number;
  tokenIntervalMs: number;
  /** Words in each reply (one token each). */
  replyTokens: number;
}

export type LoadCommand =
  | { type: 'engine'; shape: EngineShape }
  | {
      type: 'run';
      url: string;
      characterId: string;
      users: LoadUser[];
      /**
       * steady: every user streams back to back, the starts spread over one stream's length, measured after that
       * ramp for `measureMs` (or `streams` streams for one user); burst: every user sends in the same instant, once.
       */
      mode: 'steady' | 'burst';
      measureMs?: number;
      streams?: number;
    };

export interface LoadResult {
  firstTokenAdded: number[];
  tokenAdded: number[];
  /** The client's first-token time (what a user waits), engine delay included. */
  firstToken: number[];
  streams: number;
  /** Every stream this run sent, the warm-up's and the failed ones included (what the API's CPU and queries were spent on). */
  sent: number;
  failures: string[];
  /** This process's own event-loop delay while measuring (ms, p50/p95/p99): time the clients and the engine were late by themselves. */
  loadLoopDelay?: [number, number, number];
}

export type LoadMessage = { type: 'ready'; engineUrl: string } | { type: 'done'; result: LoadResult } | { type: 'failed'; error: string };

const WORDS = 'the old bard tunes her lute and smiles while rain taps the tavern windows and travellers lean closer to hear'.split(' ');

const send = (message: LoadMessage) => process.send!(message);

async function main() {
  // The bench process went away (finished or crashed): so does this one.
  process.on('disconnect', () => process.exit(0));
  const engine = await startFakeOpenAiEngine({ firstTokenDelayMs: 0, tokenIntervalMs: 0 });
  // Each request's record, by the tag its last user message carries.
  const byTag = new Map<string, FakeEngineRequest>();
  const tagOf = (r: FakeEngineRequest) => {
    const last = [...r.body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    return /\[(s\d+)\]/.exec(last)?.[1];
  };
  let indexed = 0;
  const engineRecord = (tag: string) => {
    for (; indexed < engine.requests.length; indexed += 1) {
      const r = engine.requests[indexed]!;
      const t = tagOf(r);
      if (t) byTag.set(t, r);
    }
    return byTag.get(tag);
  };
  let nextTag = 0;

  async function stream(url: string, characterId: string, user: LoadUser, into: LoadResult): Promise<void> {
    const tag = `s${(nextTag += 1)}`;
    into.sent += 1;
    const r = await postSse(url, user.headers, { character_id: characterId, conversation_id: user.conversationId, message: `What happens next? [${tag}]` });
    const tokens = r.events.filter((e) => e.event === 'token');
    const record = engineRecord(tag);
    if (!record || tokens.length === 0 || !r.events.some((e) => e.event === 'done')) {
      into.failures.push(JSON.stringify(r.json ?? r.events.at(-1)?.data ?? r.status).slice(0, 200));
      return;
    }
    into.streams += 1;
    into.firstToken.push(tokens[0]!.at - r.sentAt);
    into.firstTokenAdded.push(tokens[0]!.at - r.sentAt - (record.tokenSentAt[0]! - record.receivedAt));
    for (let k = 1; k < Math.min(tokens.length, record.tokenSentAt.length); k += 1) into.tokenAdded.push(tokens[k]!.at - record.tokenSentAt[k]!);
  }

  let shape: EngineShape = { firstTokenDelayMs: 0, tokenIntervalMs: 0, replyTokens: 12 };

  process.on('message', (command: LoadCommand) => {
    void (async () => {
      if (command.type === 'engine') {
        shape = command.shape;
        const reply = Array.from({ length: shape.replyTokens }, (_, i) => WORDS[i % WORDS.length]).join(' ');
        engine.behaviour = { ...engine.behaviour, firstTokenDelayMs: shape.firstTokenDelayMs, tokenIntervalMs: shape.tokenIntervalMs, reply: () => reply };
        send({ type: 'done', result: { firstTokenAdded: [], tokenAdded: [], firstToken: [], streams: 0, sent: 0, failures: [] } });
        return;
      }
      const result: LoadResult = { firstTokenAdded: [], tokenAdded: [], firstToken: [], streams: 0, sent: 0, failures: [] };
      const { characterId, users } = command;
      const urls = command.url.split(',');
      const urlOf = (i: number) => urls[i % urls.length]!;
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      if (command.mode === 'burst') {
        await Promise.all(users.map((u, i) => stream(urlOf(i), characterId, u, result)));
      } else if (users.length === 1) {
        for (let i = 0; i < (command.streams ?? 20); i += 1) await stream(urlOf(i), characterId, users[0]!, result);
      } else {
        const streamMs = shape.firstTokenDelayMs + shape.tokenIntervalMs * shape.replyTokens;
        const start = performance.now();
        const measureFrom = start + streamMs;
        const end = measureFrom + (command.measureMs ?? 15_000);
        const warmup: LoadResult = { firstTokenAdded: [], tokenAdded: [], firstToken: [], streams: 0, sent: 0, failures: [] };
        await Promise.all(
          users.map(async (u, i) => {
            await new Promise((r) => setTimeout(r, (i * streamMs) / users.length));
            while (performance.now() < end) await stream(urlOf(i), characterId, u, performance.now() >= measureFrom ? result : warmup);
          }),
        );
        result.failures.push(...warmup.failures);
        result.sent += warmup.sent;
      }
      delay.disable();
      result.loadLoopDelay = loopDelayPercentiles(delay);
      send({ type: 'done', result });
    })().catch((error: Error) => send({ type: 'failed', error: error.stack ?? error.message }));
  });
  send({ type: 'ready', engineUrl: engine.baseUrl });
}

void main();
