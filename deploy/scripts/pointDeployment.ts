// Points one deployment at a published remote version: the only change a remote redeploy needs. A remote the
// deployment does not list yet is added when its entry is given (a new remote: its folder plus this one entry).
//   npx tsx deploy/scripts/pointDeployment.ts main mf-chat 0.1.1 [--entry URL]
// moves the pointer in the source deployment (deploy/deployments/main.json) and writes the served deployments
// again (deploy/.published/deployments, each remote's published manifest inlined). The entry's origin is kept and its
// version segment replaced. Files are written whole (temp + rename).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { federationName } from '../../scripts/lib/workspaces.cjs';
import { publishDeployments, readPublishedManifest, writeJsonAtomically } from './inlineManifests';

export function pointEntry(entry: string, version: string): string {
  const url = new URL(entry, 'http://relative.invalid');
  const parts = url.pathname.split('/');
  if (parts.at(-1) !== 'mf-manifest.json' || parts.length < 3) throw new Error(`entry ${entry} is not <origin>/<version>/mf-manifest.json`);
  parts[parts.length - 2] = version;
  url.pathname = parts.join('/');
  return url.origin === 'http://relative.invalid' ? url.pathname : url.href;
}

export interface PointOptions {
  /** Where the remote versions are published: the version's fable-remote.json is inlined from there. */
  publishedDir?: string;
  /** The entry of a remote the deployment does not list yet (`<origin>/<any version>/mf-manifest.json`). */
  newEntry?: string;
}

export async function pointDeployment(dir: string, deploymentId: string, app: string, version: string, options: PointOptions = {}): Promise<string> {
  const file = path.join(dir, `${deploymentId}.json`);
  const text = await readFile(file, 'utf8');
  const deployment = JSON.parse(text) as { remotes?: Record<string, { entry: string; enabled?: boolean; manifest?: unknown }> };
  const name = federationName(app);
  const remotes = (deployment.remotes ??= {});
  const current = remotes[name] ?? (options.newEntry ? { entry: options.newEntry, enabled: true } : null);
  if (!current) throw new Error(`${deploymentId} has no remote ${name}`);
  const entry = pointEntry(current.entry, version);
  const manifest = options.publishedDir ? readPublishedManifest(options.publishedDir, name, version) : null;
  if (options.publishedDir && !manifest) throw new Error(`${app} ${version} is not published in ${options.publishedDir}`);
  const { manifest: _previous, ...pointer } = current;
  remotes[name] = manifest ? { ...pointer, entry, manifest } : { ...pointer, entry };
  await writeJsonAtomically(file, deployment, text.includes('\n  '));
  return entry;
}

if (require.main === module) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { entry: { type: 'string' } } });
  const [deploymentId, app, version] = positionals;
  if (!deploymentId || !app || !version) {
    console.error('usage: npx tsx deploy/scripts/pointDeployment.ts <deployment> <remote> <version> [--entry URL]');
    process.exit(2);
  }
  const source = path.resolve(__dirname, '../deployments');
  const publishedDir = path.resolve(__dirname, '../.published');
  const pointAndServe = async () => {
    if (!readPublishedManifest(publishedDir, federationName(app), version)) throw new Error(`${app} ${version} is not published: npm run build -- --only ${app}`);
    const entry = await pointDeployment(source, deploymentId, app, version, { newEntry: values.entry });
    await publishDeployments(source, path.join(publishedDir, 'deployments'), publishedDir);
    return entry;
  };
  pointAndServe().then(
    (entry) => console.log(`${deploymentId}: ${app} → ${entry}`),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
