import { Redis } from 'ioredis';

/** The URL for messages: the password never leaves the process. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable REDIS_URL)';
  }
}

/**
 * The rate limits' connection to REDIS_URL (@fastify/rate-limit's Redis store runs its scripts on it). Connects
 * before resolving, so an unreachable server fails the start; afterwards ioredis reconnects, backing off up to 2 s.
 */
export async function openRateLimitRedis(url: string, onError?: (err: Error) => void): Promise<Redis> {
  let connected = false;
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 3,
    connectTimeout: 10_000,
    disconnectTimeout: 500,
    retryStrategy: (attempt) => (connected ? Math.min(attempt * 200, 2000) : null),
  });
  let lastError: Error | undefined;
  client.on('error', (err: Error) => {
    lastError = err;
    if (connected) onError?.(err);
  });
  try {
    await client.connect();
    connected = true;
  } catch (err) {
    client.disconnect();
    throw new Error(`Cannot connect to Redis at ${withoutPassword(url)}: ${(lastError ?? (err as Error)).message}`, { cause: err });
  }
  return client;
}

/** Closes the connection (after the server has stopped). */
export async function closeRateLimitRedis(client: Redis): Promise<void> {
  await client.quit().catch(() => client.disconnect());
}
