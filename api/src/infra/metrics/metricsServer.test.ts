import type { AddressInfo } from 'node:net';
import { usersCalls } from '@fable/contracts';
import { startFakeOpenAiEngine, type FakeOpenAiEngine } from '../../testing/fakeOpenAiEngine';
import { eventOf, postSse } from '../../testing/sseClient';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { insertCharacter } from '../../modules/discovery/testing/catalogFixture';
import { call, signUpMember, type TestMember } from '../../modules/discovery/testing/discoveryTestKit';
import { serveMetrics, type MetricsServer } from './metricsServer';

const FAKE_KEY_ENV = 'FABLE_TEST_METRICS_ENGINE_KEY';

/** One sample's value from Prometheus' text format (null when the series is not there). */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

describe('the metrics endpoint', () => {
  let t: TestApp;
  let engine: FakeOpenAiEngine;
  let metrics: MetricsServer;
  let base: string;
  let member: TestMember;

  beforeAll(async () => {
    process.env[FAKE_KEY_ENV] = 'sk-fake-engine';
    engine = await startFakeOpenAiEngine();
    t = await startTestApp('pglite', {
      config: { inferenceModels: [{ id: 'fake', name: 'Fake', tokens: '8K', base_url: engine.baseUrl, api_key_env: FAKE_KEY_ENV, model: 'fake-model', hide_unauthorized: false }] },
      limits: { usernameCheck: { max: 1, windowSeconds: 60 } },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
    metrics = await serveMetrics(t.app.metrics.registry, { port: 0, host: '127.0.0.1' });
    member = await signUpMember(t, 'metered');
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await metrics?.close();
    await t?.close();
    await engine?.close();
  });

  const scrape = async () => {
    const response = await fetch(metrics.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  it('counts a chat turn: the stream opened and closed, its first token, its speed and its outcome', async () => {
    const before = await scrape();
    expect(sample(before, 'fable_chat_turns_total{outcome="done"}') ?? 0).toBe(0);
    const bot = await insertCharacter(t.db, member, { name: 'Meter', greeting: 'Hi!', persona: 'Counts things.' });
    engine.behaviour = { ...engine.behaviour, tokenIntervalMs: 5 };
    const turn = await postSse(`${base}/chat`, member.headers, { character_id: bot.id, conversation_id: 'new', message: 'Hello' });
    expect(eventOf(turn, 'done')).toBeDefined();

    const after = await scrape();
    expect(sample(after, 'fable_chat_turns_total{outcome="done"}')).toBe(1);
    expect(sample(after, 'fable_chat_streams_open')).toBe(0);
    expect(sample(after, 'fable_chat_first_token_seconds_count')).toBe(1);
    expect(sample(after, 'fable_chat_first_token_seconds_sum')).toBeGreaterThan(0);
    expect(sample(after, 'fable_chat_tokens_per_second_count')).toBe(1);
    // Answered requests by route pattern, never by URL.
    expect(after).toMatch(/fable_http_request_duration_seconds_count\{method="POST",route="\/api\/v2\/users",status_code="200"\} \d+/);
  });

  it('counts rate-limit refusals by limit, cache hits and misses, and billing jobs by state (given up included)', async () => {
    for (let i = 0; i < 2; i += 1) await call(t, 'POST', usersCalls.checkUsername.path, member.headers, { username: 'someone_new' });
    for (let i = 0; i < 2; i += 1) expect((await call(t, 'GET', '/characters/search?q=meter', member.headers)).status).toBe(200);
    const now = new Date().toISOString();
    await t.db.query(
      `insert into billing_jobs (kind, run_at, created_at, attempts, failed_at, last_error)
       values ('renewal', $1, $1, 8, $1, 'card declined'), ('renewal', $1, $1, 0, null, null)`,
      [now],
    );

    const text = await scrape();
    expect(sample(text, 'fable_rate_limit_refusals_total{limit="usernameCheck"}')).toBe(1);
    expect(sample(text, 'fable_cache_reads_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'fable_cache_reads_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'fable_billing_jobs{state="given_up",kind="renewal"}')).toBe(1);
    expect(sample(text, 'fable_billing_jobs{state="pending",kind="renewal"}')).toBe(1);
  });

  it('answers nothing but GET /metrics', async () => {
    const other = await fetch(metrics.url.replace('/metrics', '/api/health'));
    expect(other.status).toBe(404);
    expect((await fetch(metrics.url, { method: 'POST' })).status).toBe(404);
  });
});
