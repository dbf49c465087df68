// The publish step's second half: a deployment as the host reads it, with each remote's published fable-remote.json
// inlined beside its entry, so the host learns the remotes' routes, navigation and versions with the deployment it
// already fetches (no request of its own, no byte of remote code). Source deployments (deploy/deployments) hold only
// the pointers; the served ones are written under deploy/.published/deployments.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_MANIFEST_FILE, RemoteManifestSchema, versionOfEntry, type RemoteManifest } from '@fable/contracts';
import { remoteFolder } from '../../scripts/lib/workspaces.cjs';

interface PointerJson {
  entry: string;
  manifest?: unknown;
}

interface RemoteJson extends PointerJson {
  enabled?: boolean;
  /** A version being rolled out (rolloutRemote.ts). */
  canary?: PointerJson & { share: number };
}

interface DeploymentJson {
  remotes?: Record<string, RemoteJson>;
  [key: string]: unknown;
}

/**
 * A remote's published manifest (`<publishedDir>/<folder>/<version>/fable-remote.json`, the folder whose remote.json
 * has that name), validated; null when absent.
 */
export function readPublishedManifest(publishedDir: string, name: string, version: string): RemoteManifest | null {
  const folder = remoteFolder(name);
  const file = folder && path.join(publishedDir, folder, version, REMOTE_MANIFEST_FILE);
  if (!file || !existsSync(file)) return null;
  const parsed = RemoteManifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  if (parsed.data.name !== name) throw new Error(`${file} is the manifest of ${parsed.data.name}, not ${name}`);
  return parsed.data;
}

/**
 * Inlines into a deployment the published manifest of each remote version it points at (the entry's, and a
 * rollout's). A version not published here keeps no manifest (the host then reads it beside the entry), and the
 * warning says so.
 */
export function withManifests(deployment: DeploymentJson, publishedDir: string, warn: (message: string) => void = console.warn): DeploymentJson {
  const inline = <P extends PointerJson>(name: string, pointer: P): P => {
    const { manifest: _stale, ...rest } = pointer;
    // An unversioned entry is a dev server's (the dev deployment): the host reads its manifest beside it.
    const version = versionOfEntry(pointer.entry);
    if (version === null) return rest as P;
    const manifest = readPublishedManifest(publishedDir, name, version);
    if (!manifest) warn(`${name} ${version} is not published in ${publishedDir}: no manifest inlined`);
    return (manifest ? { ...rest, manifest } : rest) as P;
  };
  const remotes = Object.fromEntries(
    Object.entries(deployment.remotes ?? {}).map(([name, remote]) => {
      const inlined = inline(name, remote);
      return [name, remote.canary ? { ...inlined, canary: inline(name, remote.canary) } : inlined];
    }),
  );
  return { ...deployment, remotes };
}

/** Writes a file whole (temp + rename): a reader never sees half of it. Served files are compact; sources pretty. */
export async function writeJsonAtomically(file: string, value: unknown, pretty = false): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(value, null, pretty ? 2 : undefined)}\n`);
  await rename(temp, file);
}

/** Writes every deployment of `fromDir` to `toDir` with its remotes' published manifests inlined. */
export async function publishDeployments(fromDir: string, toDir: string, publishedDir: string, transform: (json: string) => string = (json) => json): Promise<void> {
  await mkdir(toDir, { recursive: true });
  for (const file of (await readdir(fromDir)).filter((f) => f.endsWith('.json'))) {
    const deployment = JSON.parse(transform(await readFile(path.join(fromDir, file), 'utf8'))) as DeploymentJson;
    await writeJsonAtomically(path.join(toDir, file), withManifests(deployment, publishedDir, () => undefined));
  }
}
