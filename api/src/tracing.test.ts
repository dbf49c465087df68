import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API_HEADERS } from '@fable/contracts';
import { startProcess, until, type RunningProcess } from './testing/apiProcesses';
import { startFakeOpenAiEngine, type FakeOpenAiEngine } from './testing/fakeOpenAiEngine';
import { freePort } from './testing/freePort';
import { TEST_JWT_SECRET, testGuestId } from './testing/testApp';
import { createScratchDatabase, TEST_DATABASE_URL, type ScratchDatabase } from './testing/testDatabases';

// One trace from the site server through the API to PostgreSQL and the model, exported over OTLP to a receiver of
// ours: the real processes (main.ts of each), since the instrumentations patch modules as Node loads them.
const KEY_ENV = 'FABLE_TRACE_ENGINE_KEY';

interface ReceivedSpan {
  service: string;
  traceId: string;
  name: string;
  attributes: Record<string, unknown>;
}

/** An OTLP/HTTP receiver (JSON, what the exporters send): keeps every span with its service's name. */
async function startReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; close(): Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
  type Attribute = { key: string; value: AnyValue };
  const valueOf = (v: AnyValue) => v.stringValue ?? v.intValue ?? v.boolValue;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as {
        resourceSpans?: { resource: { attributes: Attribute[] }; scopeSpans: { spans: { traceId: string; name: string; attributes?: Attribute[] }[] }[] }[];
      };
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = String(valueOf(resourceSpans.resource.attributes.find((a) => a.key === 'service.name')?.value ?? {}));
        for (const scope of resourceSpans.scopeSpans) {
          for (const span of scope.spans) {
            spans.push({ service, traceId: span.traceId, name: span.name, attributes: Object.fromEntries((span.attributes ?? []).map((a) => [a.key, valueOf(a.value)])) });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const postgresReachable = async () => {
  const { hostname, port } = new URL(TEST_DATABASE_URL);
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(port || 5432), hostname, () => (socket.end(), resolve(true)));
    socket.on('error', () => resolve(false));
  });
};

describe('traces', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let engine: FakeOpenAiEngine;
  let scratch: ScratchDatabase;
  let dir: string;
  const children: RunningProcess[] = [];
  let site: string;

  beforeAll(async () => {
    if (!(await postgresReachable())) throw new Error(`the traces test needs the PostgreSQL server at ${TEST_DATABASE_URL}`);
    receiver = await startReceiver();
    engine = await startFakeOpenAiEngine();
    scratch = await createScratchDatabase('postgres');
    dir = mkdtempSync(path.join(os.tmpdir(), 'fable-traces-'));
    const models = path.join(dir, 'models.json');
    writeFileSync(models, JSON.stringify([{ id: 'fake', name: 'Fake', tokens: '8K', base_url: engine.baseUrl, api_key_env: KEY_ENV, model: 'fake-model', hide_unauthorized: false }]));
    const [apiPort, sitePort] = [await freePort(), await freePort()];
    const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100' };
    const start = (script: string, args: string[], env: Record<string, string>) => children.push(startProcess(script, args, { ...otel, ...env }));
    start('api/src/main.ts', [], {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATABASE_URL: scratch.url!,
      DATA_DIR: dir,
      JWT_SECRET: TEST_JWT_SECRET,
      INFERENCE_MODELS_FILE: models,
      [KEY_ENV]: 'sk-trace',
    });
    start('deploy/server/main.ts', ['--site', 'host', '--port', String(sitePort), '--root', dir], { API_URL: `http://127.0.0.1:${apiPort}` });
    site = `http://127.0.0.1:${sitePort}`;
    await until('the API through the site', async () => (await fetch(`${site}/api/health/ready`)).ok || null, 90_000);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(children.map((child) => child.stop()));
    await scratch?.drop();
    await engine?.close();
    await receiver?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('follow a chat turn from the site server through the API to PostgreSQL and the model, in one trace', async () => {
    const headers = { [API_HEADERS.guestUserId]: testGuestId(), 'content-type': 'application/json' };
    // The API seeds its catalog on its first start: a character a guest may chat with.
    const character = await until(
      'a seeded character',
      async () => {
        const found = (await (await fetch(`${site}/api/characters/search`, { headers })).json()) as { hits?: { id: string }[] };
        return found.hits?.[0] ?? null;
      },
      30_000,
    );
    const traceId = randomBytes(16).toString('hex');
    const turn = await fetch(`${site}/api/chat`, {
      method: 'POST',
      headers: { ...headers, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
      body: JSON.stringify({ character_id: character.id, message: 'Hello there' }),
    });
    expect(turn.status).toBe(200);
    expect(await turn.text()).toContain('event: done');

    const spans = await until(
      'the turn’s spans from both services',
      () => {
        const ours = receiver.spans.filter((s) => s.traceId === traceId);
        const services = new Set(ours.map((s) => s.service));
        const database = ours.some((s) => s.service === 'fable-api' && (s.attributes['db.system'] ?? s.attributes['db.system.name']) === 'postgresql');
        const model = ours.some((s) => s.service === 'fable-api' && String(s.attributes['url.full'] ?? '').startsWith(engine.baseUrl));
        // The site's own spans end with the streamed answer and may come in a later export than its hooks' spans.
        const siteRequest = ours.some((s) => s.service === 'fable-site' && s.name === 'POST');
        return services.has('fable-api') && siteRequest && database && model ? ours : null;
      },
      20_000,
    );
    // The site's request and its call of the API; the API's request (Fastify's span of the route among them).
    expect(spans.filter((s) => s.service === 'fable-site').map((s) => s.name)).toEqual(expect.arrayContaining(['POST']));
    expect(spans.some((s) => s.service === 'fable-api' && s.attributes['http.route'] === '/api/chat')).toBe(true);
    // The model got the trace too.
    expect(engine.requests.at(-1)?.traceparent).toMatch(new RegExp(`^00-${traceId}-`));
  }, 60_000);
});
