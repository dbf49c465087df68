import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteRoutesModule } from '@fable/shared';

/** The routes module a remote that could not be loaded stands in with: no pages, and why. */
export function unavailableRoutes(remote: string, reason: Error): RemoteRoutesModule {
  return { remote, buildVersion: 'unavailable', pages: {}, unavailable: reason };
}

const ROUTES_EXPOSE = /^([^/]+)\/routes$/;

/**
 * Turns a remote's `./routes` that cannot be loaded (its server is down, its entry fails, the host refused it) into
 * an "unavailable" routes module instead of a rejection, so every loadRemote caller gets the same fallback: a page
 * shows the remote's fallback with Retry, an overlay shows nothing. `refusal` says why a remote was never registered.
 */
export function fallbackPlugin(refusal: (remote: string) => string | null): ModuleFederationRuntimePlugin {
  return {
    name: 'fable-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      const match = ROUTES_EXPOSE.exec(id);
      if (!match || (lifecycle !== 'onLoad' && lifecycle !== 'beforeRequest')) return undefined;
      const remote = match[1]!;
      const reason = refusal(remote);
      const cause = reason ? new Error(reason) : error instanceof Error ? error : new Error(String(error));
      console.error(`[fable] ${remote} could not be loaded: ${cause.message}`);
      return unavailableRoutes(remote, cause);
    },
  };
}
