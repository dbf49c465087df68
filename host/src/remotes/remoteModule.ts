import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@fable/contracts';
import type { RemoteRoutesModule } from '@fable/shared';
import { fetchDeployment, fetchJson } from '../boot/resolveDeployment';
import { reportRemote } from './remoteBeacon';
import { unavailableRoutes } from './runtimePlugins/fallbackPlugin';
import { reregisterRemote, versionOf } from './remoteRegistry';
import { rolloutKey } from './rolloutKey';

const cache = new Map<RemoteName, Promise<RemoteRoutesModule>>();

/**
 * A remote's `./routes`, loaded once per page. It does not reject: the fallback runtime plugin turns a remote that is
 * down, broken or refused into an "unavailable" module (and so does this function where no plugin runs, in tests).
 * An unavailable module is not kept, so the next caller (Retry) loads again. Each load's outcome is reported for its
 * version (remoteBeacon.ts).
 */
export function loadRemoteRoutes(name: RemoteName): Promise<RemoteRoutesModule> {
  let pending = cache.get(name);
  if (!pending) {
    pending = loadRemote<RemoteRoutesModule | { default: RemoteRoutesModule }>(`${name}/routes`).then(
      (loaded) => {
        if (!loaded) return unavailableRoutes(name, new Error(`${name} did not return its routes`));
        return 'default' in loaded ? loaded.default : loaded;
      },
      (error: unknown) => unavailableRoutes(name, error instanceof Error ? error : new Error(String(error))),
    );
    const settled = pending;
    const version = versionOf(name);
    void settled.then((module) => {
      reportRemote(name, module.unavailable ? 'load_failed' : 'loaded', version);
      if (module.unavailable && cache.get(name) === settled) cache.delete(name);
    });
    cache.set(name, pending);
  }
  return pending;
}

/**
 * Forgets a remote's routes and its failed manifest or entry, so that the next load fetches it anew; and chooses its
 * version again from the deployment as the server has it now (a page on a version rolled back since moves off it).
 * Without the deployment (the server cannot be reached) the version stays.
 */
export async function retryRemote(name: RemoteName): Promise<void> {
  const deployment = await fetchDeployment(window.location.hostname, fetchJson).catch(() => null);
  await reregisterRemote(name, deployment ? { deployment, fetchJson, rolloutKey: rolloutKey() } : undefined);
  // after the registration changed: a load begun meanwhile used the old one (a failed load leaves the cache by itself)
  cache.delete(name);
}
