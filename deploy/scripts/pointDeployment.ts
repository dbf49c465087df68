// Points one deployment at a published remote version: the only change a remote redeploy needs.
//   npx tsx deploy/scripts/pointDeployment.ts main mf-chat 0.1.1 [--dir deploy/deployments]
// The entry's origin is kept; its version segment is replaced. The file is written whole (temp + rename).
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

export function pointEntry(entry: string, version: string): string {
  const url = new URL(entry, 'http://relative.invalid');
  const parts = url.pathname.split('/');
  if (parts.at(-1) !== 'mf-manifest.json' || parts.length < 3) throw new Error(`entry ${entry} is not <origin>/<version>/mf-manifest.json`);
  parts[parts.length - 2] = version;
  url.pathname = parts.join('/');
  return url.origin === 'http://relative.invalid' ? url.pathname : url.href;
}

export async function pointDeployment(dir: string, deploymentId: string, app: string, version: string): Promise<string> {
  const file = path.join(dir, `${deploymentId}.json`);
  const deployment = JSON.parse(await readFile(file, 'utf8')) as { remotes?: Record<string, { entry: string }> };
  const name = app.replace('-', '_');
  const remote = deployment.remotes?.[name];
  if (!remote) throw new Error(`${deploymentId} has no remote ${name}`);
  remote.entry = pointEntry(remote.entry, version);
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(deployment, null, 2)}\n`);
  await rename(temp, file);
  return remote.entry;
}

if (require.main === module) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { dir: { type: 'string' } } });
  const [deploymentId, app, version] = positionals;
  if (!deploymentId || !app || !version) {
    console.error('usage: npx tsx deploy/scripts/pointDeployment.ts <deployment> <remote> <version> [--dir DIR]');
    process.exit(2);
  }
  const dir = values.dir ?? path.resolve(__dirname, '../deployments');
  pointDeployment(dir, deploymentId, app, version).then(
    (entry) => console.log(`${deploymentId}: ${app} → ${entry}`),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
