import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface RetryOptions {
  /** Attempts after the first. */
  retries: number;
  /** Wait before retry n (0-based): delayMs * 2^n. */
  delayMs: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A response worth asking again for: the server or a proxy in front of it failed, not the request. */
const transient = (response: Response) => response.status >= 500 || response.status === 408 || response.status === 429;

/**
 * Retries what the federation runtime fetches (a remote's mf-manifest.json) and the remote entry script it loads,
 * with exponential backoff, so that a blip in a remote's server costs a moment, not its routes. Every loadRemote
 * caller gets it: it is a runtime plugin, registered once by the host.
 */
export function retryPlugin({ retries, delayMs, sleep = wait }: RetryOptions): ModuleFederationRuntimePlugin {
  return {
    name: 'fable-retry',
    async fetch(url, init) {
      for (let attempt = 0; ; attempt++) {
        try {
          const response = await globalThis.fetch(url, init);
          if (!transient(response) || attempt >= retries) return response;
        } catch (error) {
          if (attempt >= retries) throw error;
        }
        await sleep(delayMs * 2 ** attempt);
      }
    },
    loadEntryError({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, uniqueKey, globalLoading }) {
      const again = async () => {
        for (let attempt = 0; attempt < retries; attempt++) {
          await sleep(delayMs * 2 ** attempt);
          // The failed script's loading promise is still cached under its key: forget it so the entry is fetched anew.
          delete globalLoading[uniqueKey];
          try {
            const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
            if (entry) return entry;
          } catch {
            // next attempt
          }
        }
        return undefined;
      };
      // The hook's declared type nests a promise in a promise; the runtime awaits what it gets.
      return again() as unknown as Promise<Promise<Awaited<ReturnType<typeof again>>> | undefined>;
    },
  };
}
