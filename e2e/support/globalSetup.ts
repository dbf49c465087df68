import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startComposedSite } from '../../deploy/server/composedSite';
import type { RemoteApp } from '../../deploy/server/localSites';
import { writeLocalDeployments } from '../../deploy/scripts/localDeployments';
import { buildApps, publishRemotes } from '../../scripts/build/buildApps';
import { ROOT } from '../../scripts/lib/apps';
import { API_PORT, CONTROL_PORT, SITE_PORT_BASE } from './ports';

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

/**
 * Builds what is stale, copies the published remotes and the deployments to a scratch folder (specs
 * redeploy a remote and repoint a deployment there), starts the API and the composed site, and a small
 * control server through which specs stop and start a remote's server.
 */
export default async function globalSetup() {
  await buildApps();
  await publishRemotes();
  const scratch = mkdtempSync(path.join(tmpdir(), 'fable-e2e-'));
  const publishedDir = path.join(scratch, 'published');
  const deploymentsDir = path.join(scratch, 'deployments');
  await cp(path.join(ROOT, 'deploy/.published'), publishedDir, { recursive: true });
  await writeLocalDeployments(path.join(ROOT, 'deploy/deployments'), deploymentsDir, SITE_PORT_BASE);

  let api: ChildProcess | null = null;
  const apiUrl = `http://127.0.0.1:${API_PORT}`;
  if (existsSync(path.join(ROOT, 'api/src/main.ts'))) {
    api = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'api/src/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      // Short-lived access tokens so that the refresh spec sees one expire.
      env: { ...process.env, PORT: String(API_PORT), DATA_DIR: path.join(scratch, 'data'), NODE_ENV: 'test', ACCESS_TOKEN_TTL_SECONDS: '4', LOG_LEVEL: 'warn' },
    });
    await waitFor(`${apiUrl}/api/health`, 60_000);
  }

  const site = await startComposedSite({ portBase: SITE_PORT_BASE, publishedDir, deploymentsDir, apiUrl });
  const control = http.createServer((req, res) => {
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
  process.env.E2E_API_URL = apiUrl;

  return async () => {
    control.close();
    await site.close();
    api?.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  };
}
