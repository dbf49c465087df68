// Publishes a remote's build under a versioned path: deploy/.published/<app>/<version>/.
//   tsx deploy/scripts/publishRemote.ts mf-chat [--version 0.1.1]
// Pointing a deployment at it is a separate, one-line change (deploy/scripts/pointDeployment.ts).
import { readFileSync } from 'node:fs';
import { cp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PUBLISHED_DIR, REMOTE_APPS, REPO_ROOT } from '../server/localSites';

export async function publishRemote(app: string, version: string, publishedDir = PUBLISHED_DIR): Promise<string> {
  if (!(app in REMOTE_APPS)) throw new Error(`unknown remote ${app}`);
  if (!/^[0-9A-Za-z.+-]+$/.test(version)) throw new Error(`bad version ${version}`);
  const dist = path.join(REPO_ROOT, app, 'dist');
  await stat(path.join(dist, 'mf-manifest.json')).catch(() => {
    throw new Error(`${app} is not built: run npm run build -w ${app}`);
  });
  const target = path.join(publishedDir, app, version);
  await rm(target, { recursive: true, force: true });
  await cp(dist, target, { recursive: true });
  return target;
}

if (require.main === module) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { version: { type: 'string' } } });
  const app = positionals[0];
  if (!app) throw new Error('usage: publishRemote <app> [--version V]');
  const version = values.version ?? (JSON.parse(readFileSync(path.join(REPO_ROOT, app, 'package.json'), 'utf8')) as { version: string }).version;
  publishRemote(app, version).then((target) => console.log(`published ${app} ${version} → ${target}`));
}
