import { registerRemotes } from '@module-federation/enhanced/runtime';
import { enabledRemotes, type Deployment, type RemoteName } from '@fable/contracts';

const entries = new Map<RemoteName, string>();

/** Registers only the remotes this deployment enables; a disabled remote is never fetched. */
export function registerDeploymentRemotes(deployment: Deployment): void {
  for (const name of enabledRemotes(deployment)) entries.set(name, absolute(deployment.remotes[name]!.entry));
  registerRemotes([...entries].map(([name, entry]) => ({ name, entry })), { force: true });
}

/**
 * Registers one remote again so that the federation runtime forgets a failed manifest or entry and
 * fetches it anew (Retry after the remote's server came back).
 */
export function reregisterRemote(name: RemoteName): void {
  const entry = entries.get(name);
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

function absolute(entry: string): string {
  return entry.startsWith('/') ? new URL(entry, window.location.origin).href : entry;
}
