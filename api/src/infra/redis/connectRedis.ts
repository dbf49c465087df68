import { Redis } from 'ioredis';

/** The URL for messages and logs: the password never leaves the process. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable REDIS_URL)';
  }
}

export interface ConnectRedisOptions {
  /** Prepended to every key (namespaces tests and tenants sharing one Redis). */
  keyPrefix?: string;
  /** Connection errors after start-up; ioredis keeps reconnecting meanwhile. */
  onError?: (err: Error) => void;
}

/**
 * A connection to REDIS_URL, connected before it resolves, so an unreachable server fails the start (no retries
 * before the first connection); afterwards ioredis reconnects, backing off up to 2 s. The one way the API connects
 * to Redis (the cache, the rate limits).
 */
export async function connectRedis(url: string, options: ConnectRedisOptions = {}): Promise<Redis> {
  let connected = false;
  const client = new Redis(url, {
    keyPrefix: options.keyPrefix,
    lazyConnect: true,
    maxRetriesPerRequest: 3,
    // While the connection is down, a command fails at once instead of waiting for it to come back: the callers fail
    // open (README "When Redis is down"), and a request is not held for seconds by each command it makes.
    enableOfflineQueue: false,
    connectTimeout: 10_000,
    // How long disconnect() waits for the socket to end (default 2 s would hold a failed start open).
    disconnectTimeout: 500,
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
    // A refused connection has already ended the client (no retries before the first connection); disconnect() then
    // would leave ioredis's disconnectTimeout timer on a socket that never closes again, holding the process open.
    if (client.status !== 'end') client.disconnect();
    throw new Error(`Cannot connect to Redis at ${withoutPassword(url)}: ${(lastError ?? (err as Error)).message}`, { cause: err });
  }
  return client;
}

/** Closes a connection (after the server has stopped). */
export async function closeRedis(client: Redis): Promise<void> {
  await client.quit().catch(() => client.disconnect());
}
