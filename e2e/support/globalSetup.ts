import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startComposedSite } from '../../deploy/server/composedSite';
import type { RemoteApp } from '../../deploy/server/localSites';
import { writeLocalDeployments } from '../../deploy/scripts/localDeployments';
import { buildApps, publishRemotes } from '../../scripts/build/buildApps';
import { ROOT } from '../../scripts/lib/apps';
import { remotes } from '../../scripts/lib/workspaces.cjs';
import { startFakeOpenAiEngine, type FakeEngineBehaviour } from '../../api/src/testing/fakeOpenAiEngine';
import { startFakePushService } from '../../api/src/testing/fakePushService';
import { sandboxSources } from '../../deploy/server/paymentSources';
import { startSiteSandbox } from '../../payments-sandbox/src/siteSandbox';
import { E2E_ADMINS, E2E_CATALOG_SIZE, E2E_FAVORITE_LIMIT } from './catalog';
import { QUEUE_MODEL_ID } from './chat';
import { API_PORTS, sharedState, startApiProcesses } from './apiProcesses';
import { CONTROL_PORT, PAYMENTS_SANDBOX_PORT, SITE_METRICS_PORT, SITE_PORT_BASE } from './ports';
import { E2E_PARTNER_SECRET } from './partner';

/** Runs a command to completion, failing on a non-zero exit. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Whether something answers on 127.0.0.1:`port` (a server of an earlier run still up, or another program). */
const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Refuses to start on ports that are taken: the specs would talk to whatever holds them (an earlier run's API answers
 * the health check as well as ours would).
 */
async function expectFreePorts() {
  const ports = [...Array.from({ length: remotes().length + 1 }, (_, i) => SITE_PORT_BASE + i), PAYMENTS_SANDBOX_PORT, CONTROL_PORT, ...API_PORTS];
  const taken: number[] = [];
  for (const port of ports) if (await answers(port)) taken.push(port);
  if (taken.length > 0) {
    throw new Error(`e2e: port ${taken.join(', ')} already answers on 127.0.0.1: stop what holds it (an earlier run's servers: ps aux | grep -E "api/src/main.ts|playwright"), or set E2E_PORT_BASE`);
  }
}

/**
 * Builds what is stale, copies the published remotes and the deployments to a scratch folder (specs
 * redeploy a remote and repoint a deployment there), starts the API and the composed site, and a small
 * control server through which specs stop and start a remote's server.
 */
export default async function globalSetup() {
  await expectFreePorts();
  await buildApps();
  await publishRemotes();
  const scratch = mkdtempSync(path.join(tmpdir(), 'fable-e2e-'));
  const publishedDir = path.join(scratch, 'published');
  const deploymentsDir = path.join(scratch, 'deployments');
  await cp(path.join(ROOT, 'deploy/.published'), publishedDir, { recursive: true });
  await writeLocalDeployments(path.join(ROOT, 'deploy/deployments'), deploymentsDir, SITE_PORT_BASE, publishedDir);

  // The inference engine: our fake OpenAI-compatible server (real HTTP and SSE) behind the e2e API's three models: the
  // default one anyone may use, a premium one that needs a paid permission (listed, locked, for free members), and
  // one whose capacity is a single stream (the waiting room).
  // Replies come at a visible pace; a spec changes the replies to its own messages through the control server (POST /engine).
  const engineDefaults: Partial<FakeEngineBehaviour> = { firstTokenDelayMs: 150, tokenIntervalMs: 60 };
  const engine = await startFakeOpenAiEngine(engineDefaults);
  const modelsFile = path.join(scratch, 'models.json');
  writeFileSync(
    modelsFile,
    JSON.stringify([
      { id: 'fable-e2e', name: 'Fable E2E', tokens: '8K', description: 'The e2e fake engine', base_url: engine.baseUrl, model: 'fake-model' },
      {
        id: 'fable-e2e-premium',
        name: 'Fable E2E Premium',
        tokens: '8K',
        description: 'The e2e fake engine for paying members',
        permission: '8k_context',
        base_url: engine.baseUrl,
        model: 'fake-model',
      },
      // One stream at a time: the waiting room's spec chooses it (no other spec does), so its line is its own.
      { id: QUEUE_MODEL_ID, name: 'Fable E2E Queue', tokens: '8K', description: 'The e2e fake engine, one stream at a time', base_url: engine.baseUrl, model: 'fake-model', capacity: 1 },
    ]),
  );

  // A push service of ours (TLS, Web Push protocol; api/src/testing/fakePushService.ts): the API trusts its certificate
  // (NODE_EXTRA_CA_CERTS); specs make browsers' subscriptions at it and read what arrived through the control server.
  const push = await startFakePushService();
  const pushCa = path.join(scratch, 'push-ca.pem');
  writeFileSync(pushCa, push.ca);

  let api: { urls: string[]; stop(): void } | null = null;
  // The payments sandbox's webhooks and the specs' own calls go to the first process; the pages' calls to either.
  const apiUrl = `http://127.0.0.1:${API_PORTS[0]}`;
  const shared = await sharedState(path.join(scratch, 'data'));
  // The payments sandbox, as npm start runs it: the API charges through it, the checkout frames its card fields.
  // Webhooks are retried fast so that a spec does not wait on the default backoff.
  const payments = await startSiteSandbox({
    siteOrigins: [`http://localhost:${SITE_PORT_BASE}`, `http://127.0.0.1:${SITE_PORT_BASE}`],
    apiUrl,
    env: { PAYMENTS_SANDBOX_PORT: String(PAYMENTS_SANDBOX_PORT), PAYMENTS_SANDBOX_RETRY_BASE_MS: '200' },
  });
  if (existsSync(path.join(ROOT, 'api/src/main.ts'))) {
    // A small catalog of its own (the API does not seed itself under NODE_ENV=test): specs read it through the API.
    await run(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'api/scripts/seed.ts', '--characters', String(E2E_CATALOG_SIZE)], {
      ...shared.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    });
    api = await startApiProcesses(
      // Short-lived access tokens so that the refresh spec sees one expire.
      // A favourites limit small enough for a spec to reach it; the admin accounts (leaderboard, moderation, reports).
      {
        ...shared.env,
        NODE_ENV: 'test',
        ACCESS_TOKEN_TTL_SECONDS: '4',
        // Every page and spec calls from 127.0.0.1: the default 60 auth calls (guest ids, codes) per IP in 10 minutes
        // were spent when specs ran in parallel (the last CI's guest id request was refused with 429).
        AUTH_RATE_LIMIT_PER_IP: '5000',
        LOG_LEVEL: 'warn',
        CHARACTER_FAVORITE_LIMIT: String(E2E_FAVORITE_LIMIT),
        ADMIN_EMAILS: Object.values(E2E_ADMINS).map((admin) => admin.email).join(','),
        // StoryNest signs its users' arrival links (deployments.spec: partner entry).
        PARTNER_SECRETS: `storynest=${E2E_PARTNER_SECRET}`,
        INFERENCE_MODELS_FILE: modelsFile,
        // The site's origin: redirect providers return to it and SubscribeStar's redirect_url must be one of its pages.
        PUBLIC_URL: `http://localhost:${SITE_PORT_BASE}`,
        BILLING_TEST_CONTROL: '1', // the test-only POST /api/_test/billing/advance (billing-lifecycle.spec)
        BACKGROUND_JOBS_INTERVAL_MS: '250', // memory distillation (semantic-memory.spec); NODE_ENV test runs none unless set
        // Speech input transcribed by the fake engine's /v1/audio/transcriptions (voices.spec); speech stays eSpeak NG.
        TRANSCRIPTION_BASE_URL: engine.baseUrl,
        NODE_EXTRA_CA_CERTS: pushCa,
        ...payments?.apiEnv,
      },
      waitFor,
    );
  }

  const site = await startComposedSite({ portBase: SITE_PORT_BASE, publishedDir, deploymentsDir, apiUrl: api?.urls.join(',') ?? apiUrl, payments: payments ? sandboxSources(payments.sandbox.url) : undefined, metricsPort: SITE_METRICS_PORT });
  const control = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/engine')) {
      // ?when=<words of the spec's own message>&cutAfterTokens=3 (failWithStatus, tokenIntervalMs, echo, …): the
      // replies to those messages only, so that specs running at once never change each other's replies; `when` alone
      // ends it. The engine's defaults stay as they are.
      const query = new URL(req.url, 'http://control').searchParams;
      const when = query.get('when');
      if (!when) {
        res.writeHead(400).end('when= is required: an engine change is for the messages that hold it');
        return;
      }
      query.delete('when');
      if ([...query.keys()].length === 0) engine.scopes.delete(when);
      else engine.scopes.set(when, Object.fromEntries([...query].map(([key, value]) => [key, Number(value)])));
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET' && req.url?.startsWith('/embed?')) {
      // A page of another (local) origin that frames ours: ?src=<a page of the site>. The CSP frame-ancestors spec.
      const src = new URL(new URL(req.url, 'http://control').searchParams.get('src') ?? '', 'http://invalid');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>embedder</title><iframe title="fable" src="${src.href.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}"></iframe>`);
      return;
    }
    if (req.method === 'POST' && req.url === '/push/subscriptions') {
      // A browser's subscription at the test push service (what PushSubscription.toJSON() gives).
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(push.subscribe()));
      return;
    }
    if (req.method === 'GET' && req.url?.startsWith('/push/received?')) {
      // The decrypted pushes that reached a subscription (?endpoint=…).
      const endpoint = new URL(req.url, 'http://control').searchParams.get('endpoint') ?? '';
      const id = endpoint.split('/').pop();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received: push.received.filter((r) => r.subscription === id), refused: push.refused }));
      return;
    }
    const match = /^\/remotes\/(mf-[a-z]+)\/(stop|start)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404).end();
      return;
    }
    const app = match[1] as RemoteApp;
    const action = match[2] === 'stop' ? site.stopRemote(app) : site.startRemote(app);
    action.then(
      () => res.writeHead(204).end(),
      (error: Error) => res.writeHead(500).end(error.message),
    );
  });
  await new Promise<void>((resolve) => control.listen(CONTROL_PORT, '127.0.0.1', resolve));

  process.env.E2E_PUBLISHED_DIR = publishedDir;
  process.env.E2E_DEPLOYMENTS_DIR = deploymentsDir;
  // What the host's pages reported of each remote version (remote-rollout.spec).
  process.env.E2E_SITE_METRICS_URL = site.metricsUrl!;
  // The routes the accessibility checks have covered, shared by the workers (support/axe.ts).
  process.env.E2E_CHECKED_ROUTES_FILE = path.join(scratch, 'axe-checked-routes');
  process.env.E2E_API_URL = apiUrl;
  // Every API process (support/mailbox.ts reads each one's dev mailbox).
  process.env.E2E_API_URLS = api?.urls.join(',') ?? apiUrl;
  if (payments) process.env.E2E_PAYMENTS_SANDBOX_URL = payments.sandbox.url;

  return async () => {
    control.close();
    await engine.close();
    await push.close();
    await site.close();
    api?.stop();
    await payments?.sandbox.close();
    await shared.close();
    rmSync(scratch, { recursive: true, force: true });
  };
}
