// The waiting room and the priority generation queue under load (issue 25): 1,000 guests and 100 members (25 each of
// free, Get a Taste, True Supporter, I'm All In) arrive over 30 s and each chats two turns, against the fake engine at
// a capacity of 20 streams, through two API processes on one PostgreSQL database and one Redis. Guests and free
// members ask GET /queue as its answers say (retry_after) until they have access; then every user sends its turns,
// alternating between the two processes. Printed: the wait by class (to access, and to the first token of the first
// turn), the share of admissions per class, whether each class was let in first come first served (read from the
// line's own record in Redis), and that no request was lost or answered 5xx.
// Run alone: npx tsx scripts/bench/queueBench.ts (BENCH_DATABASE_URL, BENCH_REDIS_URL as npm run bench).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { API_HEADERS, type WaitingQueue } from '@fable/contracts';
import { buildApp } from '../../api/src/app';
import { testConfig } from '../../api/src/config';
import { DEFAULT_RATE_LIMITS } from '../../api/src/http/rateLimits';
import { openDatabase } from '../../api/src/infra/db/openDatabase';
import { postSse } from '../../api/src/testing/sseClient';
import { insertCharacter, insertCreator } from '../../api/src/modules/discovery/testing/catalogFixture';
import { startFakeOpenAiEngine } from '../../api/src/testing/fakeOpenAiEngine';
import { LOOSE_LIMITS, TEST_JWT_SECRET, bearer, signUp, testGuestId } from '../../api/src/testing/testApp';
import { percentile } from './httpLoad';

const CAPACITY = 20;
const GUESTS = Number(process.env.QUEUE_BENCH_GUESTS ?? 1000);
const MEMBERS_PER_TIER = Number(process.env.QUEUE_BENCH_MEMBERS_PER_TIER ?? 25);
const ARRIVALS_MS = 30_000;
const TURNS = 2;
const CLASSES = ['guest', 'free', 'minimal', 'basic', 'premium'] as const;
type BenchClass = (typeof CLASSES)[number];
const LABEL: Record<BenchClass, string> = { guest: 'guest', free: 'free member', minimal: 'Get a Taste', basic: 'True Supporter', premium: "I'm All In" };

interface SimUser {
  key: string;
  klass: BenchClass;
  headers: Record<string, string>;
  arriveAt: number;
  accessAt?: number;
  firstTokenAt?: number;
  statuses: number[];
  finished: boolean;
}

/** An API process of its own (api/src/main.ts under tsx) on `port`, once it answers /api/health. */
export async function startApiProcess(env: Record<string, string>, port: number): Promise<ChildProcess> {
  // Node itself with tsx's loader, not the tsx command (which runs the script in a child of its own: a kill would leave
  // that running, and its CPU time would not be this process's).
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: path.join(__dirname, '../..'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port) },
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  child.kill();
  throw new Error(`API on ${port} did not start`);
}

/**
 * The environment of a bench's API processes: the bench's database and Redis, its models file, the tests' JWT secret
 * (so that the setup app's tokens are taken), quiet logs.
 */
export function benchApiEnv(databaseUrl: string, redisUrl: string, modelsFile: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    JWT_SECRET: TEST_JWT_SECRET,
    INFERENCE_MODELS_FILE: modelsFile,
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    // Each simulated user comes from its own address (X-Forwarded-For), as behind the production proxy.
    TRUST_PROXY: '127.0.0.1',
  };
}

/**
 * The API in the bench's own process on the same database, for making its members and characters before the API
 * processes start: the same JWT secret as theirs (benchApiEnv), rate limits loose so that the setup is not limited.
 */
export async function openSetupApp(databaseUrl: string) {
  const config = testConfig({ databaseUrl, jwtSecret: TEST_JWT_SECRET });
  const db = await openDatabase(config);
  const setup = await buildApp(config, { db, limits: { ...DEFAULT_RATE_LIMITS, ...LOOSE_LIMITS } });
  return { db, setup };
}

const summary = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const f = (n: number) => `${(n / 1000).toFixed(1).padStart(6)} s`;
  return s.length ? `p50 ${f(percentile(s, 50))}  p95 ${f(percentile(s, 95))}  max ${f(s.at(-1)!)}` : 'none';
};

export async function benchQueue(databaseUrl: string, redisUrl: string): Promise<void> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'fable-queue-bench-'));
  const engine = await startFakeOpenAiEngine({ firstTokenDelayMs: 200, tokenIntervalMs: 25, reply: () => Array.from({ length: 20 }, (_, i) => `word${i}`).join(' ') });
  // A model of its own each run: its line's keys in Redis are this run's (deleted at the end).
  const MODEL_ID = `bench-queue-${randomUUID().slice(0, 8)}`;
  const modelsFile = path.join(scratch, 'models.json');
  writeFileSync(modelsFile, JSON.stringify([{ id: MODEL_ID, name: 'Bench', tokens: '8K', base_url: engine.baseUrl, model: 'fake', capacity: CAPACITY }]));
  const env = benchApiEnv(databaseUrl, redisUrl, modelsFile);

  // Members and the character, made through the API in this process on the same database.
  const { db, setup } = await openSetupApp(databaseUrl);
  await setup.ready();
  const run = randomUUID().slice(0, 6);
  const creatorUser = await signUp(setup, `queue-creator-${run}@example.com`, `qc_${run}`);
  const creator = await insertCreator(db, { user_id: creatorUser.user.id, username: `qc_${run}` });
  const character = await insertCharacter(db, creator, { name: 'Aria', greeting: 'Welcome!' });
  const users: SimUser[] = [];
  const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  for (const tier of ['free', 'minimal', 'basic', 'premium'] as const) {
    for (let i = 0; i < MEMBERS_PER_TIER; i++) {
      const name = `q${tier.slice(0, 2)}${i}_${run}`;
      const signed = await signUp(setup, `${name}@example.com`, name);
      await db.query('update users set tier = $2 where id = $1', [signed.user.id, tier]);
      users.push({ key: `m:${signed.user.id}`, klass: tier, headers: { ...bearer(signed.token) }, arriveAt: 0, statuses: [], finished: false });
    }
  }
  await setup.close();
  await db.close();
  for (let i = 0; i < GUESTS; i++) {
    const id = randomUUID();
    users.push({ key: `g:${id}`, klass: 'guest', headers: { [API_HEADERS.guestUserId]: testGuestId('fable', id) }, arriveAt: 0, statuses: [], finished: false });
  }
  users.forEach((u, i) => {
    u.headers = { ...u.headers, 'x-forwarded-for': ip(i + 1), [API_HEADERS.applicationId]: 'fable' };
  });
  // Arrivals in a random order, spread evenly over ARRIVALS_MS.
  users.sort(() => Math.random() - 0.5).forEach((u, i) => (u.arriveAt = (i * ARRIVALS_MS) / users.length));

  const ports = [3190, 3191];
  const apis = await Promise.all(ports.map((port) => startApiProcess(env, port)));
  let calls = 0;
  const base = () => `http://127.0.0.1:${ports[calls++ % 2]}/api`;
  const started = performance.now();
  const at = () => performance.now() - started;

  async function simulate(u: SimUser) {
    await sleep(u.arriveAt);
    const arrived = at();
    if (u.klass === 'guest' || u.klass === 'free') {
      for (;;) {
        const res = await fetch(`${base()}/queue?character_id=${character.id}`, { headers: u.headers });
        u.statuses.push(res.status);
        if (!res.ok) return;
        const answer = (await res.json()) as WaitingQueue;
        if (answer.status === 'access') break;
        await sleep((answer.retry_after ?? 30) * 1000);
      }
    }
    u.accessAt = at() - arrived;
    for (let turn = 0; turn < TURNS; turn++) {
      const r = await postSse(`${base()}/chat`, u.headers, {
        character_id: character.id,
        message: `Hello ${turn}`,
        inference_model: MODEL_ID,
        ...(u.klass === 'guest' ? {} : { conversation_id: 'new' }),
      }, {
        onEvent: (e) => {
          if (e.event === 'token' && turn === 0 && u.firstTokenAt === undefined) u.firstTokenAt = at() - arrived;
        },
      });
      u.statuses.push(r.status);
      if (r.status !== 200 || !r.events.some((e) => e.event === 'done')) return;
      await sleep(1000);
    }
    u.finished = true;
  }

  try {
    await Promise.all(users.map((u) => simulate(u)));
    const seconds = at() / 1000;
    // The line's own record: when each waiting-room user was let in (access until − 20 min), exact to the millisecond.
    const redis = new Redis(redisUrl);
    const admitted = new Map<string, number>();
    const keyOf = (name: string) => `admission:{${MODEL_ID}}:${name}`;
    const record = await redis.zrange(keyOf('access'), '0', '-1', 'WITHSCORES');
    await redis.del(...['waiting', 'seen', 'running', 'access', 'releases'].map(keyOf));
    await redis.quit();
    for (let i = 0; i < record.length; i += 2) admitted.set(record[i]!, Number(record[i + 1]));

    console.log(`Waiting room and priority queue (issue 25): ${users.length} users, capacity ${CAPACITY} streams, ${TURNS} turns each, two API processes, PostgreSQL + Redis, ${seconds.toFixed(0)} s`);
    console.log(`  ${'class'.padEnd(16)} ${'users'.padStart(5)}   ${'wait for access'.padEnd(42)} ${'wait for the first token'.padEnd(42)} in order`);
    for (const klass of CLASSES) {
      const of = users.filter((u) => u.klass === klass);
      // First come, first served: of two users of the class who arrived at least a second apart (closer ones race on
      // the wire, so the server may see them the other way round), the earlier was let in no later (room classes).
      const room = of.filter((u) => admitted.has(u.key));
      let inversions = 0;
      for (const a of room) for (const b of room) if (b.arriveAt - a.arriveAt >= 1000 && admitted.get(b.key)! < admitted.get(a.key)!) inversions += 1;
      const order = klass === 'guest' || klass === 'free' ? (inversions === 0 ? 'yes' : `${inversions} out of order`) : 'never queued';
      console.log(
        `  ${LABEL[klass].padEnd(16)} ${String(of.length).padStart(5)}   ${summary(of.flatMap((u) => (u.accessAt === undefined ? [] : [u.accessAt]))).padEnd(42)} ${summary(of.flatMap((u) => (u.firstTokenAt === undefined ? [] : [u.firstTokenAt]))).padEnd(42)} ${order}`,
      );
    }
    const roomUsers = users.filter((u) => admitted.has(u.key));
    const share = CLASSES.map((k) => `${LABEL[k]} ${((roomUsers.filter((u) => u.klass === k).length / Math.max(1, roomUsers.length)) * 100).toFixed(0)} %`).join(', ');
    console.log(`  admissions from the waiting room: ${roomUsers.length} (${share})`);
    const turnsByClass = CLASSES.map((k) => `${LABEL[k]} ${users.filter((u) => u.klass === k).reduce((n, u) => n + u.statuses.filter((s) => s === 200).length, 0)}`).join(', ');
    console.log(`  answered 200 by class (queue calls and turns): ${turnsByClass}`);
    const all = users.flatMap((u) => u.statuses);
    const fivexx = all.filter((s) => s >= 500).length;
    const unfinished = users.filter((u) => !u.finished).length;
    console.log(`  requests ${all.length}, 5xx ${fivexx}, other non-200 ${all.filter((s) => s !== 200 && s < 500).length}, users who did not finish ${unfinished}`);
  } finally {
    for (const api of apis) api.kill('SIGTERM');
    await engine.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchQueue(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fable_bench', process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379').catch((error: Error) => {
    console.error(error);
    process.exit(1);
  });
}
