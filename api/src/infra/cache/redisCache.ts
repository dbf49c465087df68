import { Redis } from 'ioredis';
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

/** The URL for messages and logs: the password never leaves the process. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable REDIS_URL)';
  }
}

export interface RedisCacheOptions {
  url: string;
  /** Prepended to every key (namespaces tests and tenants sharing one Redis). */
  keyPrefix?: string;
  /** Connection errors after start-up; ioredis keeps reconnecting meanwhile. */
  onError?: (err: Error) => void;
}

/** The shared cache on a Redis server. Connects before resolving, so a bad REDIS_URL fails the start. */
export async function openRedisCache(options: RedisCacheOptions): Promise<Cache> {
  let connected = false;
  const client = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    lazyConnect: true,
    maxRetriesPerRequest: 3,
    connectTimeout: 10_000,
    // How long disconnect() waits for the socket to end (default 2 s would hold a failed start open).
    disconnectTimeout: 500,
    // No retries before the first connection (the start fails fast); afterwards back off up to 2 s.
    retryStrategy: (attempt) => (connected ? Math.min(attempt * 200, 2000) : null),
  });
  let lastError: Error | undefined;
  client.on('error', (err: Error) => {
    lastError = err;
    if (connected) options.onError?.(err);
  });
  try {
    await client.connect();
    connected = true;
  } catch (err) {
    client.disconnect();
    const reason = (lastError ?? (err as Error)).message;
    throw new Error(`Cannot connect to Redis at ${withoutPassword(options.url)}: ${reason}`, { cause: err });
  }

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
