import { RemoteManifestSchema, enabledRemotes, type Deployment } from '@fable/contracts';
import { remoteSource, remotes } from '../../../scripts/lib/workspaces.cjs';
import type { ShellRemote } from '../remotes/remoteRegistry';

/**
 * The remotes a deployment enables, with the manifests their remote.json files publish (versions stamped as this
 * host's): what the host resolves at boot, for tests of the shell's routes, navigation and slots.
 */
export function shellRemotesFixture(deployment: Deployment, overrides: Partial<Record<string, Partial<ShellRemote>>> = {}): ShellRemote[] {
  const folders = new Map(remotes().map((folder) => [remoteSource(folder).name, folder]));
  return enabledRemotes(deployment).flatMap((name) => {
    const folder = folders.get(name);
    if (!folder) return [];
    const manifest = RemoteManifestSchema.parse({ ...remoteSource(folder), buildVersion: '0.1.0', contractsVersion: __CONTRACTS_VERSION__, sharedVersion: __SHARED_VERSION__ });
    return [{ name, entry: deployment.remotes[name]!.entry, manifest, refusal: null, ...overrides[name] }];
  });
}
