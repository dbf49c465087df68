import { connectRedis } from '../redis/connectRedis';
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

/** The shared cache on a Redis server. Connects before resolving, so a bad REDIS_URL fails the start. */
export async function openRedisCache(options: RedisCacheOptions): Promise<Cache> {
  const client = await connectRedis(options.url, { keyPrefix: options.keyPrefix, onError: options.onError });

  let closed = false;
  return {
    kind: 'redis',
    async get(key) {
      return client.get(key);
    },
    async set(key, value, ttlSeconds) {
      if (ttlSeconds === undefined) await client.set(key, value);
      else await client.set(key, value, 'PX', Math.max(1, Math.round(ttlSeconds * 1000)));
    },
    async delete(key) {
      await client.del(key);
    },
    async hit(key, windowSeconds) {
      const windowMs = Math.max(1, Math.round(windowSeconds * 1000));
      const [count, ttl] = (await client.eval(HIT_SCRIPT, 1, key, windowMs)) as [number, number];
      return { count, resetInMs: ttl };
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.quit().catch(() => client.disconnect());
    },
  };
}
