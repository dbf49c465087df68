import { registerRemotes } from '@module-federation/enhanced/runtime';
import {
  RemoteManifestSchema,
  chooseRemote,
  enabledRemotes,
  remoteManifestUrl,
  versionMismatch,
  type BuiltAgainst,
  type Deployment,
  type RemoteManifest,
  type RemoteName,
  versionOfEntry,
} from '@fable/contracts';

/** The versions this host was built against, stamped by its build. */
export const HOST_BUILT_AGAINST: BuiltAgainst = { contractsVersion: __CONTRACTS_VERSION__, sharedVersion: __SHARED_VERSION__ };

/** An enabled remote as the host knows it at boot: its published manifest, and why it is refused, if it is. */
export interface ShellRemote {
  name: RemoteName;
  entry: string;
  manifest: RemoteManifest;
  /** Why the remote is not mounted (a major version it was built against differs); null when it is. */
  refusal: string | null;
}

type FetchJson = (url: string) => Promise<{ status: number; body: unknown }>;

const refusals = new Map<RemoteName, string>();
const entries = new Map<RemoteName, string>();

/**
 * The enabled remotes of a deployment with their published manifests (inlined by the publish step; read beside
 * the entry only for a source deployment in development), each checked against this host's versions before any
 * of its code is fetched. A remote whose manifest cannot be read or does not validate is left out, and the
 * console says why: its routes are unknown to this page. Where the deployment rolls out a new version of a remote,
 * `rolloutKey` (rolloutKey.ts) says whether this page gets it.
 */
export async function resolveRemotes(
  deployment: Deployment,
  fetchJson: FetchJson,
  host: BuiltAgainst = HOST_BUILT_AGAINST,
  rolloutKey: string | null = null,
): Promise<ShellRemote[]> {
  const resolved = await Promise.all(enabledRemotes(deployment).map((name) => resolveRemote(deployment, name, fetchJson, host, rolloutKey)));
  return resolved.filter((remote): remote is ShellRemote => remote !== null);
}

async function resolveRemote(deployment: Deployment, name: RemoteName, fetchJson: FetchJson, host: BuiltAgainst, rolloutKey: string | null): Promise<ShellRemote | null> {
  const chosen = chooseRemote(name, deployment.remotes[name]!, rolloutKey);
  const entry = absolute(chosen.entry);
  const manifest = chosen.manifest ?? (await readManifest(name, entry, fetchJson));
  if (!manifest) return null;
  const refusal = manifest.name !== name ? `${name} publishes the manifest of ${manifest.name}: not mounted` : versionMismatch(name, manifest, host);
  if (refusal) console.error(`[fable] ${refusal}`);
  return { name, entry, manifest, refusal };
}

async function readManifest(name: RemoteName, entry: string, fetchJson: FetchJson): Promise<RemoteManifest | null> {
  const url = remoteManifestUrl(entry);
  try {
    const { status, body } = await fetchJson(url);
    if (status !== 200) throw new Error(`${url} answered ${status}`);
    const parsed = RemoteManifestSchema.safeParse(body);
    if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    return parsed.data;
  } catch (error) {
    console.error(`[fable] ${name}: its manifest could not be read, its routes are left out`, error);
    return null;
  }
}

/** Registers the remotes the host accepted; a refused or disabled remote is never fetched. */
export function registerShellRemotes(remotes: readonly ShellRemote[]): void {
  for (const remote of remotes) remember(remote);
  registerRemotes([...entries].map(([name, entry]) => ({ name, entry })), { force: true });
}

function remember(remote: ShellRemote): void {
  refusals.delete(remote.name);
  entries.delete(remote.name);
  if (remote.refusal) refusals.set(remote.name, remote.refusal);
  else entries.set(remote.name, remote.entry);
}

/** Why a remote was refused, or null. */
export function refusalOf(name: string): string | null {
  return refusals.get(name) ?? null;
}

/** The version of a remote this page loads (its entry's version segment), or null (a dev server's, or not registered). */
export function versionOf(name: RemoteName): string | null {
  const entry = entries.get(name);
  return entry ? versionOfEntry(entry) : null;
}

/**
 * Registers one remote again so that the federation runtime forgets a failed manifest or entry and fetches it
 * anew (Retry after the remote's server came back). With `current`, the deployment as the server has it now, the
 * remote's version is chosen again first: a page left on a version that was rolled back moves off it.
 */
export async function reregisterRemote(
  name: RemoteName,
  current?: { deployment: Deployment; fetchJson: FetchJson; rolloutKey: string | null; host?: BuiltAgainst },
): Promise<void> {
  if (current?.deployment.remotes[name]?.enabled) {
    const remote = await resolveRemote(current.deployment, name, current.fetchJson, current.host ?? HOST_BUILT_AGAINST, current.rolloutKey);
    if (remote) remember(remote);
  }
  const entry = entries.get(name);
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

function absolute(entry: string): string {
  return entry.startsWith('/') ? new URL(entry, window.location.origin).href : entry;
}
