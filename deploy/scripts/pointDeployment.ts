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

/** One remote of a deployment file as the scripts edit it (the served files also hold its inlined manifests). */
export interface RemotePointer {
  entry: string;
  enabled?: boolean;
  manifest?: unknown;
  canary?: { entry: string; share: number; manifest?: unknown };
}

/**
 * Reads a deployment file, lets `edit` change one remote (given as listed, or undefined), and writes the file whole
 * (temp + rename), keeping its layout (sources pretty, served files compact). Returns what `edit` returned.
 */
export async function editRemote<T>(dir: string, deploymentId: string, app: string, edit: (remote: RemotePointer | undefined, name: string) => { remote: RemotePointer; result: T }): Promise<T> {
  const file = path.join(dir, `${deploymentId}.json`);
  const text = await readFile(file, 'utf8');
  const deployment = JSON.parse(text) as { remotes?: Record<string, RemotePointer> };
  const name = federationName(app);
  const remotes = (deployment.remotes ??= {});
  const { remote, result } = edit(remotes[name], name);
  remotes[name] = remote;
  await writeJsonAtomically(file, deployment, text.includes('\n  '));
  return result;
}

/** A version's published manifest, or an error when the version is not published there. */
export function publishedManifest(publishedDir: string | undefined, app: string, name: string, version: string): unknown {
  if (!publishedDir) return null;
  const manifest = readPublishedManifest(publishedDir, name, version);
  if (!manifest) throw new Error(`${app} ${version} is not published in ${publishedDir}`);
  return manifest;
}

export async function pointDeployment(dir: string, deploymentId: string, app: string, version: string, options: PointOptions = {}): Promise<string> {
  return editRemote(dir, deploymentId, app, (listed, name) => {
    const current = listed ?? (options.newEntry ? { entry: options.newEntry, enabled: true } : null);
    if (!current) throw new Error(`${deploymentId} has no remote ${name}`);
    const entry = pointEntry(current.entry, version);
    const manifest = publishedManifest(options.publishedDir, app, name, version);
    const { manifest: _previous, ...pointer } = current;
    return { remote: manifest ? { ...pointer, entry, manifest } : { ...pointer, entry }, result: entry };
  });
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
