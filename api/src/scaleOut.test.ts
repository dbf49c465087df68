import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { API_HEADERS, readSseEvents, type SignInResult } from '@fable/contracts';
import type { Database } from './infra/db/database';
import { seedCatalog } from './modules/characters/seed/seedCatalog';
import { chargesOf, subscribeForTest } from './modules/billing/lifecycle/lifecycleTestKit';
import { loadSubscription } from './modules/billing/lifecycle/subscriptionStore';
import { monthOf, previousMonth } from './modules/leaderboard/leaderboardMonth';
import { CARDS, startTestPaymentsSandbox, TEST_PAYMENTS_PUBLISHABLE_KEY, TEST_PAYMENTS_SECRET_KEY, TEST_WEBHOOK_SECRETS, type TestPaymentsSandbox } from './testing/paymentsSandbox';
import { startProcess, until, type RunningProcess } from './testing/apiProcesses';
import { startFakeOpenAiEngine, type FakeOpenAiEngine } from './testing/fakeOpenAiEngine';
import { startFakeOidcProvider, type FakeOidcProvider } from './testing/fakeOidcProvider';
import { freePort } from './testing/freePort';
import { privateRedis, type PrivateRedis } from './testing/privateRedis';
import { TEST_JWT_SECRET, testGuestId } from './testing/testApp';
import { createScratchDatabase, type ScratchDatabase } from './testing/testDatabases';

// Two API processes on one PostgreSQL database and one Redis (a server of this test's own, to stop), behind the site
// server balancing between them: one process killed while 50 chat answers stream, and Redis stopped while 50 stream
// and started again (README "More than one API process", "When Redis is down"); both running the scheduled jobs, which do
// their work once; a sign-in with an identity provider whose callback lands on the other process.
const KEY_ENV = 'FABLE_SCALE_OUT_ENGINE_KEY';
const STREAMS = 50;
/** Each reply: 30 tokens, 100 ms apart, so that every stream is still open when a process is killed. */
const REPLY = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');

interface Member {
  email: string;
  headers: Record<string, string>;
  refreshToken: string;
}

interface Streamed {
  status: number;
  conversationId: string | null;
  tokens: number;
  done: boolean;
  /** The stream ended without `done` or `error`: its connection was cut. */
  cut: boolean;
  error?: { code: string; message: string };
}

describe('two API processes behind the site server', () => {
  let redis: PrivateRedis;
  let engine: FakeOpenAiEngine;
  let scratch: ScratchDatabase;
  let db: Database;
  let dir: string;
  let apis: { url: string; process: RunningProcess }[];
  let site: RunningProcess;
  let siteUrl: string;
  let characterId: string;
  const members: Member[] = [];
  const guest = { [API_HEADERS.guestUserId]: testGuestId() };
  let startApi: (port: number) => RunningProcess;
  let payments: TestPaymentsSandbox;
  let oidc: FakeOidcProvider;
  /** The site's origin as the API processes are told it (the OIDC redirect URI's). */
  const PUBLIC_URL = 'http://fable.test';

  /** Starts an API process again on its port if a test before this one (in jest's random order) killed it. */
  async function bothRunning(): Promise<void> {
    for (const api of apis) {
      const { child } = api.process;
      if (child.exitCode === null && child.signalCode === null) continue;
      api.process = startApi(Number(new URL(api.url).port));
      await until(`API ${api.url} again`, async () => (await fetch(`${api.url}/api/health/ready`)).ok, 90_000);
    }
  }

  const json = async <T>(response: Response) => ({ status: response.status, body: (await response.json()) as T });
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-application-id': 'fable', ...headers }, body: JSON.stringify(body) });

  /** A member signed up through the first API (its dev mailbox holds the code). */
  async function signUp(n: number): Promise<Member> {
    const api = apis[0]!.url;
    const email = `scale-${n}-${Date.now()}@example.com`;
    expect((await post(`${api}/api/v2/auth/email-code`, { email })).status).toBe(200);
    const mailbox = await json<{ messages: { text: string }[] }>(await fetch(`${api}/api/dev/mailbox?email=${encodeURIComponent(email)}`));
    const code = /\b(\d{6})\b/.exec(mailbox.body.messages[0]!.text)![1];
    const signedIn = await json<SignInResult>(await post(`${api}/api/v2/auth/email-code/verify`, { email, code }));
    const headers = { authorization: `Bearer ${signedIn.body.token}` };
    expect((await post(`${api}/api/v2/users`, { username: `scale_${n}_${Date.now() % 100000}`, name: `Scale ${n}`, age: true, toc: true }, headers)).status).toBe(200);
    return { email, headers, refreshToken: signedIn.body.refresh_token };
  }

  /** A chat turn through `base`, read to its end; `onToken` hears each token. A cut connection is an answer too. */
  async function chat(base: string, member: Member, body: Record<string, unknown>, onToken: () => void = () => undefined): Promise<Streamed> {
    const result: Streamed = { status: 0, conversationId: null, tokens: 0, done: false, cut: false };
    try {
      const response = await post(`${base}/api/chat`, { character_id: characterId, ...body }, member.headers);
      result.status = response.status;
      if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
        result.error = ((await response.json()) as { error?: Streamed['error'] }).error ?? { code: String(response.status), message: '' };
        return result;
      }
      for await (const { event, data } of readSseEvents(response.body ?? [])) {
        const parsed = JSON.parse(data) as { conversation_id?: string; code?: string; message?: string };
        if (event === 'start') result.conversationId = parsed.conversation_id ?? null;
        if (event === 'token') {
          result.tokens += 1;
          if (result.tokens === 1) onToken();
        }
        if (event === 'done') result.done = true;
        if (event === 'error') result.error = { code: parsed.code ?? '', message: parsed.message ?? '' };
      }
      result.cut = !result.done && !result.error;
    } catch {
      result.cut = true;
    }
    return result;
  }

  /** The conversation's main line, asserted to be a chain whose summary matches it. */
  async function mainLine(conversationId: string): Promise<{ role: string; content: string }[]> {
    const { rows } = await db.query<{ id: string; prev_id: string | null; role: string; content: string }>(
      'select id, prev_id, role, content from messages where conversation_id = $1 and not is_alternative order by seq',
      [conversationId],
    );
    expect(rows.map((m) => m.prev_id)).toEqual(rows.map((_, i) => (i === 0 ? null : rows[i - 1]!.id)));
    const summary = await db.query<{ message_count: number }>('select message_count from conversations where id = $1', [conversationId]);
    expect(summary.rows[0]?.message_count ?? 0).toBe(rows.length);
    return rows.map(({ role, content }) => ({ role, content }));
  }

  beforeAll(async () => {
    process.env[KEY_ENV] = 'sk-scale-out';
    redis = await privateRedis();
    engine = await startFakeOpenAiEngine({ tokenIntervalMs: 100, firstTokenDelayMs: 0, reply: () => REPLY });
    payments = await startTestPaymentsSandbox();
    oidc = await startFakeOidcProvider();
    scratch = await createScratchDatabase('postgres', { migrated: true });
    db = await scratch.open();
    await seedCatalog(db, { characters: 12 });
    dir = mkdtempSync(path.join(os.tmpdir(), 'fable-scale-out-'));
    const models = path.join(dir, 'models.json');
    writeFileSync(models, JSON.stringify([{ id: 'fake', name: 'Fake', tokens: '8K', base_url: engine.baseUrl, api_key_env: KEY_ENV, model: 'fake-model', hide_unauthorized: false }]));
    const common = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      DATABASE_URL: scratch.url!,
      REDIS_URL: redis.url,
      DATA_DIR: dir,
      JWT_SECRET: TEST_JWT_SECRET,
      INFERENCE_MODELS_FILE: models,
      AUTH_RATE_LIMIT_PER_IP: '100000',
      // Every stream at once: the generation slots (shared in Redis) are not what is under test.
      INFERENCE_CAPACITY: '1000',
      [KEY_ENV]: 'sk-scale-out',
      // Both processes run the billing jobs and the leaderboard's check, often.
      SCHEDULED_JOBS_INTERVAL_MS: '250',
      PAYMENTS_PROVIDER: 'sandbox',
      PAYMENTS_SANDBOX_URL: payments.sandbox.url,
      PAYMENTS_SANDBOX_SECRET_KEY: TEST_PAYMENTS_SECRET_KEY,
      PAYMENTS_SANDBOX_PUBLISHABLE_KEY: TEST_PAYMENTS_PUBLISHABLE_KEY,
      PAYMENTS_WEBHOOK_SECRETS: TEST_WEBHOOK_SECRETS.join(','),
      // Sign-in with an identity provider of the test kit (OpenID Connect over real sockets).
      PUBLIC_URL,
      OIDC_GOOGLE_ISSUER: oidc.issuer,
      OIDC_GOOGLE_CLIENT_ID: oidc.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    };
    const ports = [await freePort(), await freePort()];
    startApi = (port) => startProcess('api/src/main.ts', [], { ...common, PORT: String(port) });
    apis = ports.map((port) => ({ url: `http://127.0.0.1:${port}`, process: startApi(port) }));
    const sitePort = await freePort();
    site = startProcess('deploy/server/main.ts', ['--site', 'host', '--port', String(sitePort), '--root', dir], { API_URL: apis.map((api) => api.url).join(',') });
    siteUrl = `http://127.0.0.1:${sitePort}`;
    for (const api of apis) await until(`API ${api.url}`, async () => (await fetch(`${api.url}/api/health/ready`)).ok, 90_000);
    await until('the site', async () => (await fetch(`${siteUrl}/api/health/live`)).ok, 30_000);
    const found = await json<{ hits?: { id: string }[] }>(await fetch(`${siteUrl}/api/characters/search`, { headers: guest }));
    expect(found.body.hits?.length).toBeGreaterThan(0);
    characterId = found.body.hits![0]!.id;
    for (let n = 0; n < STREAMS; n += 10) members.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => signUp(n + i)))));
  }, 180_000);

  afterAll(async () => {
    await Promise.all([site, ...(apis ?? []).map((api) => api.process)].filter(Boolean).map((running) => running!.stop()));
    await db?.close();
    await scratch?.drop();
    await engine?.close();
    await payments?.close();
    await oidc?.close();
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('one process killed mid-stream: the other’s streams finish, nothing is half-written, and the cut turns’ retries work', async () => {
    let streaming = 0;
    let allStreaming!: () => void;
    const started = new Promise<void>((resolve) => (allStreaming = resolve));
    const turns = members.map((member, i) =>
      chat(siteUrl, member, { conversation_id: 'new', message: `Hello number ${i}` }, () => {
        streaming += 1;
        if (streaming === STREAMS) allStreaming();
      }),
    );
    await started;
    await apis[0]!.process.kill();
    const results = await Promise.all(turns);

    const finished = results.filter((r) => r.done);
    const cut = results.filter((r) => r.cut);
    // The survivor's streams ran to their last token; the killed process's were cut, none with an error of ours.
    expect(finished.length).toBeGreaterThan(0);
    expect(cut.length).toBeGreaterThan(0);
    expect(finished.length + cut.length).toBe(STREAMS);
    for (const r of finished) expect(r.tokens).toBe(30);

    for (const [i, r] of results.entries()) {
      const line = r.conversationId ? await mainLine(r.conversationId) : [];
      const mine = line.filter((m) => m.role === 'user');
      if (r.done) {
        // Saved once: the user's message, then the whole reply.
        expect(mine.map((m) => m.content)).toEqual([`Hello number ${i}`]);
        expect(line.at(-1)).toEqual({ role: 'assistant', content: REPLY });
      } else {
        // Cut after its start (every stream had its first token): the new conversation and the user's message were
        // saved before the client heard of them, once; no reply.
        expect(r.conversationId).not.toBeNull();
        expect(mine.map((m) => m.content)).toEqual([`Hello number ${i}`]);
        expect(line.at(-1)!.role).toBe('user');
      }
    }

    // Each cut turn's member tries again (the screen's retry): refused while the dead process's lease stands (409
    // conversation_busy, at most until its heartbeat is known silent), then answered by the living process.
    const retries = await Promise.all(
      results.map(async (r, i) => {
        if (!r.cut) return null;
        const again = { conversation_id: r.conversationId!, message: `Hello again ${i}` };
        const seen: string[] = [];
        const answered = await until(
          `the retry of turn ${i}`,
          async () => {
            const attempt = await chat(siteUrl, members[i]!, again);
            seen.push(attempt.done ? 'done' : (attempt.error?.code ?? (attempt.cut ? 'cut' : String(attempt.status))));
            if (attempt.done) return attempt;
            // A person's pace between retries: every member here shares one address, and its per-IP limit (1,200 a
            // minute) would refuse them all if ~25 members retried five times a second while the lease stands.
            await new Promise((resolve) => setTimeout(resolve, 800));
            return null;
          },
          45_000,
        ).catch((error: Error) => {
          throw new Error(`${error.message}; its attempts answered: ${seen.join(', ')}`);
        });
        return { answered, seen, conversationId: answered.conversationId! };
      }),
    );
    for (const retry of retries) {
      if (!retry) continue;
      // Nothing but the lease's refusal or a cut by the dying process came before the answer (never a 404: the
      // conversation the cut turn named is there).
      expect(retry.seen.slice(0, -1).every((s) => ['conversation_busy', 'cut', '502'].includes(s))).toBe(true);
      const line = await mainLine(retry.conversationId);
      expect(line.at(-1)).toEqual({ role: 'assistant', content: REPLY });
      expect(line.filter((m) => m.role === 'assistant' && m.content === REPLY)).toHaveLength(1);
    }
  }, 120_000);

  it('refresh tokens rotate across processes as in one: a tab refreshes on one, the next on the other; a replay on either revokes the sign-in everywhere', async () => {
    await bothRunning();
    const [a, b] = apis.map((api) => api.url);
    const refresh = async (base: string, refresh_token: string, attempt_id?: string) =>
      json<{ token: string; refresh_token: string }>(await post(`${base}/api/v2/auth/refresh`, { refresh_token, attempt_id }));
    const me = async (base: string, token: string) => (await fetch(`${base}/api/v2/users`, { headers: { authorization: `Bearer ${token}`, 'x-application-id': 'fable' } })).status;

    // Tab one refreshes through process a; tab two, reading the newest tokens the first tab stored, through process b.
    const member = await signUp(900);
    const first = await refresh(a!, member.refreshToken);
    expect(first.status).toBe(200);
    const second = await refresh(b!, first.body.refresh_token);
    expect(second.status).toBe(200);
    expect([await me(a!, second.body.token), await me(b!, second.body.token)]).toEqual([200, 200]);
    // The spent token replayed on process b: the whole sign-in ends, on process a too, access token included.
    expect((await refresh(b!, member.refreshToken)).status).toBe(401);
    expect((await refresh(a!, second.body.refresh_token)).status).toBe(401);
    expect([await me(a!, second.body.token), await me(b!, second.body.token)]).toEqual([401, 401]);

    // A refresh whose answer was lost, retried under its attempt id on both processes at once: one working successor.
    const other = await signUp(901);
    const attempt = `attempt-${Date.now().toString(16).padStart(16, '0')}`;
    expect((await refresh(a!, other.refreshToken, attempt)).status).toBe(200);
    const retries = await Promise.all([refresh(a!, other.refreshToken, attempt), refresh(b!, other.refreshToken, attempt)]);
    expect(retries.map((r) => r.status)).toEqual([200, 200]);
    const statuses = [];
    for (const [i, retry] of retries.entries()) statuses.push((await refresh(i === 0 ? b! : a!, retry.body.refresh_token)).status);
    expect(statuses.sort()).toEqual([200, 401]);
  }, 60_000);

  it('a sign-in with an identity provider started on one process finishes on the other (its pending state is in Redis)', async () => {
    await bothRunning();
    const [a, b] = apis.map((api) => api.url) as [string, string];
    oidc.user = { sub: 'g-scale-out', email: 'scale-oidc@example.com', email_verified: true, name: 'Across Processes' };
    const start = await fetch(`${a}/api/v2/auth/oidc/google/start?return_to=/chats`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const atProvider = await fetch(new URL(String(start.headers.get('location'))), { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const back = new URL(String(atProvider.headers.get('location')));
    expect(back.origin).toBe(PUBLIC_URL);
    // The provider sends the browser back to the site; the balancer hands the callback to the other process.
    const callback = await fetch(`${b}${back.pathname}${back.search}`, { redirect: 'manual' });
    expect(callback.status).toBe(302);
    const landed = new URL(String(callback.headers.get('location')), PUBLIC_URL);
    expect(landed.pathname).toBe('/chats');
    const loginCode = landed.searchParams.get('login_code');
    expect(loginCode).toEqual(expect.any(String));
    const completed = await json<SignInResult>(await post(`${a}/api/v2/auth/oidc/complete`, { login_code: loginCode }));
    expect(completed.status).toBe(200);
    expect(completed.body.user).toMatchObject({ email: 'scale-oidc@example.com', name: 'Across Processes' });
    // Its login code is spent on both.
    expect((await post(`${b}/api/v2/auth/oidc/complete`, { login_code: loginCode })).status).toBe(401);
  }, 60_000);

  it('scheduled jobs run in both processes and do their work once: a due renewal is charged once, the last month’s leaderboard computed', async () => {
    await bothRunning();
    const member = members[1]!;
    const { rows } = await db.query<{ id: string }>('select id from users where email = $1', [member.email]);
    const userId = rows[0]!.id;
    // Subscribed a month and a minute ago: its renewal is due now, for both processes' billing workers at once.
    const now = Date.now();
    const started = new Date(now - 31 * 24 * 3600_000);
    const { subscription } = await subscribeForTest(db, payments, userId, 'basic_1m', CARDS.approves, started);
    expect(subscription.current_period_end.getTime()).toBeLessThan(now);
    await until('the renewal', async () => ((await loadSubscription(db, subscription.id))?.current_period_end.getTime() ?? 0) > now, 30_000);
    // Several more runs of both workers: nothing more is charged or written.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(chargesOf(payments, subscription.id)).toHaveLength(1);
    const renewals = await db.query<{ n: number }>(`select count(*)::int as n from billing_ledger where subscription_id = $1 and action = 'subscription.renewed'`, [subscription.id]);
    expect(renewals.rows[0]?.n).toBe(1);
    const orders = await db.query<{ n: number }>(`select count(*)::int as n from billing_orders where subscription_id = $1 and kind = 'renewal'`, [subscription.id]);
    expect(orders.rows[0]?.n).toBe(1);

    const month = previousMonth(monthOf(new Date()));
    await until('the leaderboard of the month that ended', async () => (await db.query('select 1 from leaderboard_months where month = $1', [month])).rows.length === 1, 30_000);
    const computed = await db.query<{ computed_by: string }>('select computed_by from leaderboard_months where month = $1', [month]);
    expect(computed.rows).toEqual([{ computed_by: 'scheduler' }]);
  }, 90_000);

  it('Redis stopped while 50 streams are open: they finish and are saved once, the API keeps answering without a 5xx; started again: it uses Redis again without a restart', async () => {
    await bothRunning();
    // 50 turns through the site server (both processes), each holding a generation slot and a lease; Redis goes away
    // once every one streams, so their slots are given back, and their counters kept, while it is down.
    let streaming = 0;
    let allStreaming!: () => void;
    const started = new Promise<void>((resolve) => (allStreaming = resolve));
    const open = members.map((m, i) =>
      chat(siteUrl, m, { conversation_id: 'new', message: `Redis goes away ${i}` }, () => {
        streaming += 1;
        if (streaming === STREAMS) allStreaming();
      }),
    );
    await started;
    await redis.stop();

    // Meanwhile, on each process: public reads, a member's reads and writes, a new turn.
    const member = members[0]!;
    const answers: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const api = apis[i % 2]!.url;
      answers.push(`search ${(await fetch(`${api}/api/characters/search?q=word${i}`, { headers: guest })).status}`);
      answers.push(`me ${(await fetch(`${api}/api/v2/users`, { headers: member.headers })).status}`);
      answers.push(`username ${(await post(`${api}/api/v2/users/check-username`, { username: `free_${i}_${Date.now() % 1000}` }, member.headers)).status}`);
      const turn = await chat(api, member, { conversation_id: 'new', message: `While Redis is down ${i}` });
      answers.push(`chat ${turn.done ? 200 : `${turn.status} ${turn.error?.code ?? ''}`}`);
    }
    expect(answers.filter((answer) => !answer.endsWith(' 200'))).toEqual([]);

    // Every open stream ran to its last token and was saved once: the user's message, then the whole reply.
    const results = await Promise.all(open);
    expect(results.map((r) => (r.done ? 'done' : (r.error?.code ?? (r.cut ? 'cut' : String(r.status)))))).toEqual(results.map(() => 'done'));
    for (const [i, r] of results.entries()) {
      expect(r.tokens).toBe(30);
      const line = await mainLine(r.conversationId!);
      expect(line.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([`Redis goes away ${i}`]);
      expect(line.at(-1)).toEqual({ role: 'assistant', content: REPLY });
    }

    const api = apis[1]!.url;
    await redis.start();
    const client = new Redis(redis.url);
    try {
      // Back: the API reconnects by itself and writes to Redis again (a search's cached answer, a rate-limit counter).
      await until(
        'the API writing to Redis again',
        async () => {
          await fetch(`${api}/api/characters/search?q=back${Date.now()}`, { headers: guest });
          return (await client.dbsize()) > 0;
        },
        20_000,
      );
      // Both processes take turns again, through the site server too.
      for (const base of [...apis.map((a) => a.url), siteUrl]) {
        const turn = await chat(base, member, { conversation_id: 'new', message: 'Redis is back' });
        expect(turn.done).toBe(true);
      }
    } finally {
      client.disconnect();
    }
  }, 120_000);
});
