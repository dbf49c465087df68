import { loadRemote } from '@module-federation/enhanced/runtime';
import { contractMismatch, type RemoteName } from '@fable/contracts';
import type { RemoteRoutesModule } from '@fable/shared';

export class RemoteContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteContractError';
  }
}

const cache = new Map<RemoteName, Promise<RemoteRoutesModule>>();

/**
 * Loads a remote's `./routes` once. A failed load is forgotten so that Retry loads again; a remote
 * built against another contract major version is refused and the console says why.
 */
export function loadRemoteRoutes(name: RemoteName): Promise<RemoteRoutesModule> {
  let pending = cache.get(name);
  if (!pending) {
    pending = loadRemote<RemoteRoutesModule | { default: RemoteRoutesModule }>(`${name}/routes`).then((loaded) => {
      if (!loaded) throw new Error(`${name} did not return its routes`);
      const mod = 'default' in loaded ? loaded.default : loaded;
      const mismatch = contractMismatch(name, mod.contractVersion);
      if (mismatch) {
        console.error(`[fable] ${mismatch}`);
        throw new RemoteContractError(mismatch);
      }
      return mod;
    });
    pending.catch(() => cache.delete(name));
    cache.set(name, pending);
  }
  return pending;
}

export function forgetRemote(name: RemoteName): void {
  cache.delete(name);
}
