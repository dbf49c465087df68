// The chat turn over real sockets against the fake OpenAI-compatible engine: how much time the platform adds to
// the engine's first token and to each following token, with 1, 50, 200 and 500 streams open at once (members in
// saved conversations); and the prompt building time for a 16K context with a 100-entry lorebook and 500 messages.
// The engine and the clients run in a second process (chatLoad.ts) so that they do not share the API's event loop,
// and each stream's added time is measured exactly (engine and client share that process's clock).
// Run alone: npx tsx scripts/bench/chatBench.ts [--database-url postgres://…]
import { fork, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../api/src/app';
import { testConfig, type AppConfig } from '../../api/src/config';
import { DEFAULT_RATE_LIMITS } from '../../api/src/http/rateLimits';
import { openDatabase } from '../../api/src/infra/db/openDatabase';
import { buildPrompt, type PromptHistoryMessage } from '../../api/src/modules/chat/prompt/buildPrompt';
import type { PromptLoreEntry } from '@fable/rules/lore';
import { bpeTokenizer } from '@fable/rules/tokens';
import { postSse } from '../../api/src/testing/sseClient';
import { insertCharacter, insertCreator } from '../../api/src/modules/discovery/testing/catalogFixture';
import { LOOSE_LIMITS, bearer, signUp } from '../../api/src/testing/testApp';
import { countingDatabase } from './countingDatabase';
import type { EngineShape, LoadCommand, LoadMessage, LoadResult, LoadUser } from './chatLoad';
import { percentile } from './httpLoad';
import { loopDelayPercentiles } from './loopDelay';

/** A served model at a plausible pace: first token after 200 ms, then 40 tokens a second, 80-token replies. */
export const ENGINE: EngineShape = { firstTokenDelayMs: 200, tokenIntervalMs: 25, replyTokens: 80 };
const LEVELS: number[] = process.env.CHAT_BENCH_LEVELS ? process.env.CHAT_BENCH_LEVELS.split(',').map(Number) : [1, 50, 200, 500];
const MEASURE_MS = Number(process.env.CHAT_BENCH_MEASURE_MS ?? 15_000);

const fmt = (n: number) => n.toFixed(2).padStart(7);
const pct = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return `p50 ${fmt(percentile(s, 50))} ms   p95 ${fmt(percentile(s, 95))} ms   p99 ${fmt(percentile(s, 99))} ms`;
};

/** The load process: the fake engine and the streaming clients. */
export class LoadProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly engineUrl: string,
  ) {}

  static async start(): Promise<LoadProcess> {
    const child = fork(path.join(__dirname, 'chatLoad.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const first = await LoadProcess.next(child);
    if (first.type !== 'ready') throw new Error(`load process: ${JSON.stringify(first)}`);
    return new LoadProcess(child, first.engineUrl);
  }

  private static next(child: ChildProcess): Promise<LoadMessage> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`load process exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (m: LoadMessage) => {
        child.off('exit', onExit);
        resolve(m);
      });
    });
  }

  async run(command: LoadCommand): Promise<LoadResult> {
    this.child.send(command);
    const answer = await LoadProcess.next(this.child);
    if (answer.type === 'failed') throw new Error(answer.error);
    if (answer.type !== 'done') throw new Error(`load process: ${JSON.stringify(answer)}`);
    return answer.result;
  }

  stop(): void {
    this.child.kill();
  }
}

/** CHAT_BENCH_PROFILE=file.cpuprofile: the API process's CPU profile of the highest level (open it in Chrome's DevTools). */
async function startCpuProfile(): Promise<(file: string) => Promise<void>> {
  const { Session } = await import('node:inspector/promises');
  const { writeFile } = await import('node:fs/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async (file) => {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
  };
}

/** What the API process spent on a run, by turn: measures that do not swing with the machine's load as wall-clock times do. */
interface TurnCost {
  cpuMs: number;
  /** Of which in the kernel (socket writes and reads). */
  systemMs: number;
  roundTrips: number;
  /** The share of the run's wall time the API's event loop was not waiting for I/O: its CPU, and the time it lost the core inside a call. */
  loopBusy: number;
  /** The run's wall time. */
  wallMs: number;
  /** The database runs in a thread of the API process (PGlite): its CPU is counted with the API's. */
  embedded: boolean;
}

export function report(label: string, r: LoadResult & { apiLoopDelay?: [number, number, number]; cost?: TurnCost }): void {
  console.log(`  ${label} (${r.streams} streams${r.failures.length ? `, ${r.failures.length} failed: ${r.failures[0]}` : ''})`);
  console.log(`    first token as the user waits (engine's ${ENGINE.firstTokenDelayMs} ms included)   ${pct(r.firstToken)}`);
  console.log(`    added to the first token                                   ${pct(r.firstTokenAdded)}`);
  console.log(`    added per token                                            ${pct(r.tokenAdded)}`);
  if (r.loadLoopDelay) {
    const [p50, p95, p99] = r.loadLoopDelay;
    console.log(`    (load process's own event-loop delay, counted above         p50 ${fmt(p50)} ms   p95 ${fmt(p95)} ms   p99 ${fmt(p99)} ms)`);
  }
  if (r.apiLoopDelay) {
    const [p50, p95, p99] = r.apiLoopDelay;
    console.log(`    (API process's event-loop delay                             p50 ${fmt(p50)} ms   p95 ${fmt(p95)} ms   p99 ${fmt(p99)} ms)`);
  }
  if (r.cost && r.sent > 0) {
    const perTurn = r.cost.cpuMs / r.sent;
    console.log(
      `    API CPU per turn ${perTurn.toFixed(2)} ms (kernel ${(r.cost.systemMs / r.sent).toFixed(2)}), per token ${(perTurn / ENGINE.replyTokens).toFixed(3)} ms; ` +
        `database round trips per turn ${(r.cost.roundTrips / r.sent).toFixed(1)} (${r.sent} turns)`,
    );
    console.log(
      `    API event loop busy ${(100 * r.cost.loopBusy).toFixed(0)} % of the run, on the CPU ${((100 * r.cost.cpuMs) / r.cost.wallMs).toFixed(0)} % ` +
        (r.cost.embedded
          ? `(the CPU of every thread of the process: PGlite's worker too)`
          : `(busy past the CPU: time the process waited for a core inside a call)`),
    );
  }
}

/** Runs `fn` and adds the API process's CPU time and the database round trips it took. */
async function costed<T extends object>(db: { roundTrips: number; kind: 'pglite' | 'postgres' }, fn: () => Promise<T>): Promise<T & { cost: TurnCost }> {
  const cpu = process.cpuUsage();
  const loop = performance.eventLoopUtilization();
  const trips = db.roundTrips;
  const t0 = performance.now();
  const result = await fn();
  const wallMs = performance.now() - t0;
  const spent = process.cpuUsage(cpu);
  const busy = performance.eventLoopUtilization(loop);
  return {
    ...result,
    cost: {
      cpuMs: (spent.user + spent.system) / 1000,
      systemMs: spent.system / 1000,
      roundTrips: db.roundTrips - trips,
      loopBusy: busy.utilization,
      wallMs,
      embedded: db.kind === 'pglite',
    },
  };
}

export async function benchChatStreams(label: string, overrides: Partial<AppConfig> = {}): Promise<void> {
  const load = await LoadProcess.start();
  const config = testConfig({
    messageCountFlushMs: 250,
    ...overrides,
    // Capacity above the highest level: this measures what the platform adds to a turn, not the waiting room's line
    // (with the default 32 concurrent generations, 50 and 200 streams measured the queue: `--only queue` does).
    inferenceModels: [{ id: 'fake', name: 'Fake', tokens: '16K', base_url: load.engineUrl, model: 'fake', hide_unauthorized: false, capacity: 10_000 }],
  });
  const appDb = countingDatabase(await openDatabase(config));
  const app = await buildApp(config, {
    db: appDb,
    limits: {
      ...DEFAULT_RATE_LIMITS,
      ...LOOSE_LIMITS,
      perMember: { max: 1_000_000, windowSeconds: 60 },
      perGuest: { max: 1_000_000, windowSeconds: 60 },
      perIp: { max: 1_000_000, windowSeconds: 60 },
    },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    // Members (one per stream at the highest level) and a character with a lorebook-free definition.
    const stamp = Date.now().toString(36);
    const creator = await insertCreator(appDb, { username: `benchcreator${stamp}`.slice(0, 20) });
    const character = await insertCharacter(appDb, creator, {
      name: 'Aria',
      greeting: 'Welcome to the tavern, {{user}}!',
      persona: 'Aria is a cheerful bard who loves old songs and tall tales. '.repeat(10),
      scenario: 'A busy tavern at night.',
      dialogue: '{{user}}: Hi\n{{char}}: Hello, traveller!',
    });
    // One saved conversation per member, with some history (written while the engine answers at once).
    const users: LoadUser[] = [];
    for (let i = 0; i < Math.max(...LEVELS); i += 1) {
      const headers = bearer((await signUp(app, `bench_${stamp}_${i}@example.com`, `b${stamp}${i}`.slice(0, 20))).token);
      const first = await postSse(`${base}/chat`, headers, { character_id: character.id, conversation_id: 'new', message: 'Hello Aria, sing me a song' });
      const conversationId = first.events.find((e) => e.event === 'start')!.data.conversation_id as string;
      for (let k = 0; k < 3; k += 1) await postSse(`${base}/chat`, headers, { character_id: character.id, conversation_id: conversationId, message: `Tell me more, part ${k}` });
      users.push({ headers, conversationId });
    }
    await load.run({ type: 'engine', shape: ENGINE });

    const streamMs = ENGINE.firstTokenDelayMs + ENGINE.tokenIntervalMs * ENGINE.replyTokens;
    console.log(
      `Chat streams, ${label} (fake engine in another process: first token after ${ENGINE.firstTokenDelayMs} ms, then a token every ${ENGINE.tokenIntervalMs} ms, ` +
        `${ENGINE.replyTokens}-token replies, ~${(streamMs / 1000).toFixed(1)} s a stream; members in saved conversations):`,
    );
    const run = (c: Omit<Extract<LoadCommand, { type: 'run' }>, 'type' | 'url' | 'characterId'>) =>
      load.run({ type: 'run', url: `${base}/chat`, characterId: character.id, ...c });
    for (const level of LEVELS) {
      const stopProfile = process.env.CHAT_BENCH_PROFILE && level === Math.max(...LEVELS) ? await startCpuProfile() : null;
      const apiDelay = monitorEventLoopDelay({ resolution: 1 });
      apiDelay.enable();
      const result: Parameters<typeof report>[1] = await costed(appDb, () => run({ users: users.slice(0, level), mode: 'steady', measureMs: MEASURE_MS, streams: 20 }));
      apiDelay.disable();
      result.apiLoopDelay = loopDelayPercentiles(apiDelay);
      if (stopProfile) await stopProfile(process.env.CHAT_BENCH_PROFILE!);
      report(`${String(level).padStart(3)} streams open at once, steady (each user streams back to back, starts spread over one stream)`, result);
    }
    const top = Math.max(...LEVELS);
    if (top > 1) report(`${top} streams sent in the same instant (a burst, the worst case)`, await costed(appDb, () => run({ users: users.slice(0, top), mode: 'burst' })));
  } finally {
    load.stop();
    await app.close();
    await appDb.close();
  }
}

export function benchPromptBuilding(): void {
  const words = 'the quick brown fox jumps over a lazy dog while the bard sings of dragons castles and long forgotten kings'.split(' ');
  const sentence = (seed: number, n: number) => Array.from({ length: n }, (_, i) => words[(seed * 7 + i * 3) % words.length]).join(' ');
  const lorebook: PromptLoreEntry[] = Array.from({ length: 100 }, (_, i) => ({
    id: `e${i}`,
    keywords: [`keyword${i}`, words[i % words.length]!],
    content: `Entry ${i}: ${sentence(i, 40)}.`,
  }));
  const history = (stored: boolean): PromptHistoryMessage[] =>
    Array.from({ length: 500 }, (_, i) => {
      const content = `${sentence(i, 30)} keyword${i % 100}.`;
      return { role: i % 2 === 0 ? 'user' : 'assistant', content, tokens: stored ? bpeTokenizer.count(content) : undefined };
    });
  const input = (h: PromptHistoryMessage[]) => ({
    character: { name: 'Aria', persona: 'Aria is a cheerful bard. '.repeat(40), scenario: 'A tavern. '.repeat(30), dialogue: '{{user}}: Hi\n{{char}}: Hello!' },
    persona: { name: 'Sam', highlights: 'A travelling knight.' },
    userName: 'sam',
    lorebook,
    memories: Array.from({ length: 20 }, (_, i) => ({ content: sentence(i, 12), is_pinned: i < 3 })),
    history: h,
    contextTokens: 16384,
    maxNewTokens: 300,
    tokenizer: bpeTokenizer,
  });
  const stored = history(true);
  for (let i = 0; i < 5; i += 1) buildPrompt(input(stored));
  const measure = (make: () => PromptHistoryMessage[]) => {
    const times: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const h = make();
      const t0 = performance.now();
      buildPrompt(input(h));
      times.push(performance.now() - t0);
    }
    return times;
  };
  const built = buildPrompt(input(stored));
  console.log(`Prompt building (16K context, 100 lorebook entries, 500 messages; ${built.tokens} tokens, ${built.messages.length} messages kept):`);
  console.log(`  stored token counts (as the chat turn)   ${pct(measure(() => stored))}`);
  console.log(`  counting every message                   ${pct(measure(() => history(false)))}`);
}

if (require.main === module) {
  const at = process.argv.indexOf('--database-url');
  const databaseUrl = at > 0 ? process.argv[at + 1] : undefined;
  (async () => {
    benchPromptBuilding();
    await benchChatStreams('PGlite');
    if (databaseUrl) await benchChatStreams('PostgreSQL', { databaseUrl });
  })().catch((error: Error) => {
    console.error(error);
    process.exit(1);
  });
}
