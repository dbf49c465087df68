import type { BuildAppOptions } from '../app';
import type { AppConfig } from '../config';
import { createMemoryCache } from '../infra/cache/memoryCache';
import { BACKENDS, type Backend } from './testDatabases';
import { TEST_REDIS_URL, deleteKeys, uniqueKeyPrefix } from './testRedis';

/** The rate limits' two stores: @fastify/rate-limit's in-memory one, and its Redis one (REDIS_URL). */
export type RateLimitStore = 'memory' | 'redis';

/** Where rate-limit tests run: every database backend of the run on the in-memory store, and the first on Redis. */
export const RATE_LIMIT_CASES: Array<[Backend, RateLimitStore]> = [...BACKENDS.map((b): [Backend, RateLimitStore] => [b, 'memory']), [BACKENDS[0] ?? 'postgres', 'redis']];

export interface RateLimitStoreSetup {
  /** Merged into the app's config: REDIS_URL for the Redis store. */
  config: Partial<AppConfig>;
  /** Merged into buildApp's options: the Redis keys under a prefix of this run, the cache in memory (not under test). */
  options: Pick<BuildAppOptions, 'cache' | 'rateLimitKeyPrefix'>;
  /** The Redis key prefix ('' for the memory store). */
  keyPrefix: string;
  /** Closes the cache and deletes the run's Redis keys. */
  cleanup(): Promise<void>;
}

export function rateLimitStore(store: RateLimitStore, keyPrefix = uniqueKeyPrefix()): RateLimitStoreSetup {
  if (store === 'memory') return { config: {}, options: {}, keyPrefix: '', cleanup: async () => undefined };
  const cache = createMemoryCache();
  return {
    config: { redisUrl: TEST_REDIS_URL },
    options: { cache, rateLimitKeyPrefix: keyPrefix },
    keyPrefix,
    async cleanup() {
      await cache.close();
      await deleteKeys(keyPrefix);
    },
  };
}
