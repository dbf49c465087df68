// The rest of npm start, once dependencies are there: build what is stale, publish the remotes, start the
// API and the composed site, print the URL, stop everything on Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startComposedSite } from '../deploy/server/composedSite';
import { REMOTE_PORT_BASE } from '../deploy/server/localSites';
import { sandboxSources } from '../deploy/server/paymentSources';
import { startSiteSandbox } from '../payments-sandbox/src/siteSandbox';
import { buildApps, publishRemotes } from './build/buildApps';
import { ROOT } from './lib/apps';

const PORT = Number(process.env.PORT ?? 3000);
const API_PORT = Number(process.env.API_PORT ?? 3100);

function startApi(extraEnv: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'api/src/main.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv, PORT: String(API_PORT) },
  });
}

async function waitForApi(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

async function main() {
  const built = await buildApps();
  console.log(built.length ? `[start] built ${built.join(', ')}` : '[start] every app is up to date');
  await publishRemotes();

  const apiUrl = `http://127.0.0.1:${API_PORT}`;
  // The payments sandbox first (unless PAYMENTS_PROVIDER names another provider): the API reads where it is from its env.
  const payments = await startSiteSandbox({ siteOrigins: [`http://127.0.0.1:${PORT}`, `http://localhost:${PORT}`], apiUrl, env: process.env });
  const api = startApi(payments?.apiEnv ?? {});
  const site = await startComposedSite({
    portBase: REMOTE_PORT_BASE,
    hostPort: PORT,
    apiUrl,
    listenHost: process.env.HOST ?? '127.0.0.1',
    payments: payments ? sandboxSources(payments.sandbox.url) : undefined,
  });
  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    console.log('\n[start] stopping…');
    api.kill('SIGTERM');
    await site.close();
    await payments?.sandbox.close();
    process.exit(code);
  };
  api.on('exit', (code) => {
    if (!stopping) {
      console.error(`[start] the API stopped (exit ${code})`);
      void stop(1);
    }
  });
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  const apiUp = await waitForApi(`${apiUrl}/api/health`, 60_000);
  if (!apiUp) console.warn('[start] the API did not answer /api/health within 60 s; the site runs, its calls will fail');
  console.log(`\n  Fable is running at ${site.url}\n  (API behind ${site.url}/api; remotes on ports ${Object.values(site.ports).join(', ')}; Ctrl-C stops it all)\n`);
  if (payments) console.log(`  Payments sandbox at ${payments.sandbox.url} (test cards: payments-sandbox/README.md)\n`);
}

main().catch((error: Error) => {
  console.error(`[start] ${error.message}`);
  process.exit(1);
});
