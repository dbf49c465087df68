// Publishes a remote's build under a versioned path: deploy/.published/<app>/<version>/.
//   npx tsx deploy/scripts/publishRemote.ts mf-chat [--version 0.1.1]
// Nothing else is rebuilt; pointing a deployment at it is a separate step (pointDeployment.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { remotes } from '../../scripts/lib/workspaces.cjs';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const REMOTES: readonly string[] = remotes();
const PUBLISHED_DIR = process.env.PUBLISHED_DIR ?? path.join(REPO_ROOT, 'deploy/.published');

export function packageVersion(app: string): string {
  return JSON.parse(readFileSync(path.join(REPO_ROOT, app, 'package.json'), 'utf8')).version;
}

export async function publishRemote(app: string, version = packageVersion(app), publishedDir = PUBLISHED_DIR): Promise<string> {
  if (!REMOTES.includes(app)) throw new Error(`unknown remote ${app} (one of ${REMOTES.join(', ')})`);
  if (!/^[0-9A-Za-z.+-]+$/.test(version)) throw new Error(`bad version ${version}`);
  const dist = path.join(REPO_ROOT, app, 'dist');
  if (!existsSync(path.join(dist, 'mf-manifest.json'))) throw new Error(`${app} is not built: run npm run build -w ${app}`);
  const target = path.join(publishedDir, app, version);
  await rm(target, { recursive: true, force: true });
  await cp(dist, target, { recursive: true });
  return target;
}

if (require.main === module) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { version: { type: 'string' } } });
  const app = positionals[0];
  if (!app) {
    console.error('usage: npx tsx deploy/scripts/publishRemote.ts <remote> [--version V]');
    process.exit(2);
  }
  publishRemote(app, values.version).then(
    (target) => console.log(`published ${app} → ${target}`),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
