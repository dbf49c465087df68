// npm run bench: benchmarks that print figures (never asserted: speed depends on the machine).
// API: GET /api/health and /api/app-settings over real HTTP, on PGlite and, when reachable, on the
// PostgreSQL server (BENCH_DATABASE_URL, default the local fable_bench database) with Redis.
// Search: GET /api/characters/search per query shape on a 300,000-character catalog (seeded on first run, then
// reused: .data/bench for PGlite, the fable_bench database), uncached, with the EXPLAIN of each shape.
// Chat: prompt building, the lore engine (100 entries × 12 keys over 2,000 messages, median ms), chat streams.
// Cards: card import of the Seraphina fixture, and character create → visible in search, on PGlite and PostgreSQL.
// Billing: checkout price calculation, card subscribe until the order is paid, signed webhooks with duplicates and
// out-of-order deliveries (with the counts that show each applied once), against the payments sandbox, on both.
// Memory: what 1,000 memories in a conversation add to a turn (budget p95 ≤ 5 ms), and recall@5 on the labelled set.
// Scale-out: chat at 200 streams and uncached search through one API process and through two (scaleOutBench.ts).
// `npm run bench -- --only api`, `--only search`, `--only chat`, `--only memory`, `--only cards`, `--only billing`,
// `--only queue`, `--only scale` or `--only first-screen` runs one part. First screen: the composed build in Chromium (firstScreenBench.ts).
import { Client } from 'pg';
import { buildApp } from '../api/src/app';
import { testConfig } from '../api/src/config';
import { httpLoad, type LoadResult } from './bench/httpLoad';
import { benchBilling } from './bench/billingBench';
import { benchCardImportFixture, benchCreateVisibleInSearch } from './bench/cardsBench';
import { benchChatStreams, benchPromptBuilding } from './bench/chatBench';
import { benchQueue } from './bench/queueBench';
import { benchScaleOut, SCALE_BENCH_REDIS_URL } from './bench/scaleOutBench';
import { benchFirstScreen } from './bench/firstScreenBench';
import { benchMemory } from './bench/memoryBench';
import { benchVoice } from './bench/voiceBench';
import { benchLoreEngine } from '../api/src/modules/chat/prompt/loreEngineBench';
import { benchGroupTurn } from '../api/src/modules/chat/group/groupTurnBench';
import { benchSearch, pgliteBenchConfig } from './bench/searchBench';

const row = (name: string, r: LoadResult) =>
  `  ${name.padEnd(44)} p50 ${r.p50.toFixed(2).padStart(7)} ms   p95 ${r.p95.toFixed(2).padStart(7)} ms   p99 ${r.p99.toFixed(2).padStart(7)} ms   ${r.perSecond.toFixed(0).padStart(6)} req/s`;

/** Creates the bench database on the server when it is missing (never the test or main database). */
async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
}

async function benchApi(label: string, overrides: Parameters<typeof testConfig>[0]) {
  const app = await buildApp(testConfig(overrides));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    await httpLoad(`${base}/api/health`, { requests: 200 }); // warm-up
    console.log(row(`${label}: GET /api/health`, await httpLoad(`${base}/api/health`)));
    console.log(row(`${label}: GET /api/app-settings (cached)`, await httpLoad(`${base}/api/app-settings`, { headers: { 'X-Application-Id': 'fable' } })));
  } finally {
    await app.close();
  }
}

async function main() {
  const only = /^--only[= ](api|search|chat|memory|voice|cards|billing|queue|scale|first-screen)$/.exec(process.argv.slice(2).join(' '))?.[1];
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fable_bench';
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let serverReachable = true;
  try {
    await ensureDatabase(url);
  } catch (error) {
    serverReachable = false;
    console.log(`PostgreSQL + Redis: skipped (${(error as Error).message})`);
  }
  if (only === undefined || only === 'api') {
    console.log('API over HTTP (2000 requests, 16 in flight):');
    await benchApi('PGlite', {});
    if (serverReachable) await benchApi('PostgreSQL + Redis', { databaseUrl: url, redisUrl });
  }
  if (only === undefined || only === 'search') {
    const requests = Number(process.env.SEARCH_BENCH_REQUESTS ?? 200);
    if (serverReachable) {
      await benchSearch({ label: 'PostgreSQL + Redis', config: { databaseUrl: url, redisUrl }, requests, concurrency: 4 });
    }
    await benchSearch({ label: 'PGlite', config: pgliteBenchConfig(), requests: Math.ceil(requests / 2), concurrency: 4 });
  }
  if (only === undefined || only === 'chat') {
    benchPromptBuilding();
    benchLoreEngine();
    benchGroupTurn();
    await benchChatStreams('PGlite');
    if (serverReachable) await benchChatStreams('PostgreSQL', { databaseUrl: url });
  }
  if (only === undefined || only === 'memory') await benchMemory();
  if (only === undefined || only === 'voice') await benchVoice();
  if (only === undefined || only === 'cards') {
    console.log('Character cards (issue 13):');
    await benchCardImportFixture();
    await benchCreateVisibleInSearch('PGlite');
    if (serverReachable) await benchCreateVisibleInSearch('PostgreSQL + Redis', { databaseUrl: url, redisUrl });
  }
  if (only === undefined || only === 'billing') {
    console.log('Billing against the payments sandbox (issue 15):');
    await benchBilling('PGlite');
    if (serverReachable) await benchBilling('PostgreSQL + Redis', { databaseUrl: url, redisUrl });
  }
  if (only === undefined || only === 'queue') {
    if (serverReachable) await benchQueue(url, redisUrl);
    else console.log('Waiting room and priority queue: skipped (it runs on PostgreSQL with Redis)');
  }
  if (only === undefined || only === 'scale') {
    if (serverReachable) await benchScaleOut(url, SCALE_BENCH_REDIS_URL);
    else console.log('Scale-out: skipped (it runs on PostgreSQL with Redis)');
  }
  if (only === undefined || only === 'first-screen') await benchFirstScreen();
  console.log('Front-end budgets: npm run build prints them.');
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
