import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@fable/contracts';
import type { RemoteRoutesModule } from '@fable/shared';
import { unavailableRoutes } from './runtimePlugins/fallbackPlugin';
import { reregisterRemote } from './remoteRegistry';

const cache = new Map<RemoteName, Promise<RemoteRoutesModule>>();

/**
 * A remote's `./routes`, loaded once per page. It does not reject: the fallback runtime plugin turns a remote that is
 * down, broken or refused into an "unavailable" module (and so does this function where no plugin runs, in tests).
 * An unavailable module is not kept, so the next caller (Retry) loads again.
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
    void settled.then((module) => {
      if (module.unavailable && cache.get(name) === settled) cache.delete(name);
    });
    cache.set(name, pending);
  }
  return pending;
}

/** Forgets a remote's routes and its failed manifest or entry, so that the next load fetches it anew. */
export function retryRemote(name: RemoteName): void {
  cache.delete(name);
  reregisterRemote(name);
}
