import { connectRedis } from '../redis/connectRedis';
import { failOpen } from '../redis/failOpen';
import type { Cache } from './cache';

/** INCR plus an expiry on the first hit of a window, atomically; answers [count, pttl]. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export interface RedisCacheOptions {
  url: string;
  /** Prepended to every key (namespaces tests and tenants sharing one Redis). */
  keyPrefix?: string;
  /** Connection errors after start-up; ioredis keeps reconnecting meanwhile. */
  onError?: (err: Error) => void;
}

/**
 * The shared cache on a Redis server. Connects before resolving, so a bad REDIS_URL fails the start; afterwards it
 * fails open while Redis is unreachable (infra/redis/failOpen.ts).
 */
export async function openRedisCache(options: RedisCacheOptions): Promise<Cache> {
  const client = await connectRedis(options.url, { keyPrefix: options.keyPrefix, onError: options.onError });

  let closed = false;
  // A read misses, a write or delete is dropped (entries expire anyway), a counter hit counts as the window's first.
  const orElse = failOpen((err) => options.onError?.(err));
  return {
    kind: 'redis',
    get: (key) => orElse(() => client.get(key), null),
    set: (key, value, ttlSeconds) =>
      orElse(async () => {
        if (ttlSeconds === undefined) await client.set(key, value);
        else await client.set(key, value, 'PX', Math.max(1, Math.round(ttlSeconds * 1000)));
      }, undefined),
    delete: (key) => orElse(async () => void (await client.del(key)), undefined),
    hit(key, windowSeconds) {
      const windowMs = Math.max(1, Math.round(windowSeconds * 1000));
      return orElse(async () => {
        const [count, ttl] = (await client.eval(HIT_SCRIPT, 1, key, windowMs)) as [number, number];
        return { count, resetInMs: ttl };
      }, { count: 1, resetInMs: windowMs });
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.quit().catch(() => client.disconnect());
    },
  };
}
