// Chat and search through one API process and through two (issue 30 §4: "chat and search figures with one and with
// two processes"): each API a process of its own (api/src/main.ts) on the PostgreSQL server and Redis, the load
// alternating between them as the site server's balancer does. The load runs outside the API processes (the chat's
// fake engine and streaming clients in chatLoad.ts's process, the searches in this one), so each API's CPU is its own:
// read from /proc, it gives the API CPU per chat turn and per search, which do not swing with the machine's load as
// wall-clock times do. On this 2-core machine two processes share the cores with the load: the figures say what a
// second process costs and buys here, not what a second machine would.
// Run alone: npx tsx scripts/bench/scaleOutBench.ts (BENCH_DATABASE_URL, BENCH_SCALE_REDIS_URL)
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { insertCharacter, insertCreator } from '../../api/src/modules/discovery/testing/catalogFixture';
import { postSse } from '../../api/src/testing/sseClient';
import { bearer, signUp } from '../../api/src/testing/testApp';
import { ENGINE, LoadProcess, report } from './chatBench';
import type { LoadUser } from './chatLoad';
import { timedLoad } from './httpLoad';
import { benchApiEnv, openSetupApp, startApiProcess } from './queueBench';
import { prepareCatalog } from './searchBench';

const STREAMS = Number(process.env.SCALE_BENCH_STREAMS ?? 200);
const MEASURE_MS = Number(process.env.CHAT_BENCH_MEASURE_MS ?? 15_000);
const SEARCHES = Number(process.env.SCALE_BENCH_SEARCHES ?? 600);
const SEARCH_CONCURRENCY = 8;
/** Guests the searches come from (a guest may search 300 times a minute). */
const SEARCH_GUESTS = 20;
/** A Redis database of the bench's own: it is emptied before each run (BENCH_SCALE_REDIS_URL). */
export const SCALE_BENCH_REDIS_URL = process.env.BENCH_SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379/8';
/** The API processes' ports (one run uses the first, the other both). */
const PORTS = [3192, 3193];

/** CPU time (user + system, ms) a process has spent, from /proc (Linux). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are the 14th and 15th fields of the whole line: the 12th and 13th after the command's name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
const cpuMs = (children: ChildProcess[]) => children.reduce((sum, child) => sum + cpuMsOf(child.pid!), 0);

/**
 * Search requests no cache has answered: text words and tags by sort and page, each asked once a run (the API caches a
 * search's answer in Redis; the bench's Redis database is emptied before each run).
 */
function searchQueries(): string[] {
  const words = ['elena', 'rafael', 'luna', 'hugo', 'demon', 'vampire', 'knight', 'dragon', 'detective', 'witch', 'pirate', 'secret', 'queen', 'boss', 'the', 'who'];
  const tags = ['Fantasy', 'Romance', 'Female', 'Magic', 'Vampire', 'College', 'Sci-Fi', 'Anime', 'Horror', 'Drama'];
  const sorts = ['popular', 'trending', 'top_rated', 'latest', 'name'];
  const queries: string[] = [];
  for (let page = 1; queries.length < SEARCHES; page += 1) {
    for (const word of words) queries.push(`q=${word}&page=${page}`);
    for (const tag of tags) for (const sort of sorts) queries.push(`include_tags=${tag}&sort=${sort}&page=${page}`);
  }
  return queries.slice(0, SEARCHES);
}

export async function benchScaleOut(databaseUrl: string, redisUrl: string): Promise<void> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'fable-scale-bench-'));
  const load = await LoadProcess.start();
  const modelsFile = path.join(scratch, 'models.json');
  writeFileSync(modelsFile, JSON.stringify([{ id: 'fake', name: 'Fake', tokens: '16K', base_url: load.engineUrl, model: 'fake', capacity: 10_000 }]));
  const env = benchApiEnv(databaseUrl, redisUrl, modelsFile);
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();

  // The catalog (the search bench's 300,000 characters), the members and their conversations, made in this process.
  const { db, setup } = await openSetupApp(databaseUrl);
  const users: LoadUser[] = [];
  let characterId = '';
  try {
    await prepareCatalog(db, (line) => console.log(line));
    await setup.listen({ port: 0, host: '127.0.0.1' });
    const address = setup.server.address();
    const setupBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
    const stamp = randomUUID().slice(0, 6);
    const creator = await insertCreator(db, { username: `scale${stamp}` });
    const character = await insertCharacter(db, creator, {
      name: 'Aria',
      greeting: 'Welcome to the tavern, {{user}}!',
      persona: 'Aria is a cheerful bard who loves old songs and tall tales. '.repeat(10),
      scenario: 'A busy tavern at night.',
    });
    characterId = character.id;
    await load.run({ type: 'engine', shape: { firstTokenDelayMs: 0, tokenIntervalMs: 0, replyTokens: 12 } });
    for (let i = 0; i < STREAMS; i += 1) {
      const headers = { ...bearer((await signUp(setup, `scale_${stamp}_${i}@example.com`, `s${stamp}${i}`.slice(0, 20))).token), 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` };
      const first = await postSse(`${setupBase}/chat`, headers, { character_id: character.id, conversation_id: 'new', message: 'Hello Aria, sing me a song' });
      users.push({ headers, conversationId: first.events.find((e) => e.event === 'start')!.data.conversation_id as string });
    }
  } finally {
    await setup.close();
    await db.close();
  }
  await load.run({ type: 'engine', shape: ENGINE });

  // Guests, each from an address of its own, so that no one guest's or address's rate limit is what is measured.
  const guestHeaders = async (port: number, n: number) => {
    const from = { 'X-Application-Id': 'fable', 'x-forwarded-for': `10.8.${n >> 8}.${n & 255}` };
    const answer = await fetch(`http://127.0.0.1:${port}/api/v2/auth/guest`, { method: 'POST', headers: from });
    return { ...from, 'X-Guest-User-Id': ((await answer.json()) as { guest_user_id: string }).guest_user_id };
  };

  console.log(
    `Scale-out: one API process and two, on the PostgreSQL server and Redis (the load alternating between them; chat: ${STREAMS} streams open at once, ` +
      `steady, ${ENGINE.replyTokens}-token replies; search: ${SEARCHES} uncached searches of the 300,000-character catalog, ${SEARCH_CONCURRENCY} at once):`,
  );
  for (const processes of [1, 2]) {
    await redis.flushdb();
    const ports = PORTS.slice(0, processes);
    const apis = await Promise.all(ports.map((port) => startApiProcess(env, port)));
    try {
      const chatUrl = ports.map((port) => `http://127.0.0.1:${port}/api/chat`).join(',');
      const cpuBefore = cpuMs(apis);
      const chat = await load.run({ type: 'run', url: chatUrl, characterId, users, mode: 'steady', measureMs: MEASURE_MS });
      const chatCpu = cpuMs(apis) - cpuBefore;
      report(`${processes} API process${processes > 1 ? 'es' : ''}: ${STREAMS} streams open at once, steady`, chat);
      console.log(`    API CPU per turn ${(chatCpu / Math.max(1, chat.sent)).toFixed(2)} ms, all processes together (${chat.sent} turns)`);

      const guests = await Promise.all(Array.from({ length: SEARCH_GUESTS }, (_, n) => guestHeaders(ports[0]!, n + 1)));
      const queries = searchQueries();
      const searchCpuBefore = cpuMs(apis);
      const search = await timedLoad(queries.length, SEARCH_CONCURRENCY, async (i) => {
        const port = i % ports.length;
        const response = await fetch(`http://127.0.0.1:${ports[port]}/api/characters/search?${queries[i]}`, { headers: guests[i % SEARCH_GUESTS] });
        const body = await response.arrayBuffer();
        if (!response.ok) throw new Error(`search ${queries[i]} answered ${response.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
      });
      const searchCpu = cpuMs(apis) - searchCpuBefore;
      console.log(
        `  ${processes} API process${processes > 1 ? 'es' : ''}: search p50 ${search.p50.toFixed(1)} ms, p95 ${search.p95.toFixed(1)} ms, ${search.perSecond.toFixed(0)} req/s; ` +
          `API CPU per search ${(searchCpu / queries.length).toFixed(2)} ms`,
      );
    } finally {
      apis.forEach((api) => api.kill('SIGTERM'));
    }
  }
  await redis.flushdb();
  await redis.quit();
  load.stop();
  rmSync(scratch, { recursive: true, force: true });
}

if (require.main === module) {
  benchScaleOut(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fable_bench', SCALE_BENCH_REDIS_URL).catch((error: Error) => {
    console.error(error);
    process.exit(1);
  });
}
