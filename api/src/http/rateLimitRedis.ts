import type { Redis } from 'ioredis';
import { closeRedis, connectRedis } from '../infra/redis/connectRedis';

/**
 * The rate limits' connection to REDIS_URL (@fastify/rate-limit's Redis store runs its scripts on it). Connects
 * before resolving, so an unreachable server fails the start; afterwards ioredis reconnects, backing off up to 2 s.
 */
export function openRateLimitRedis(url: string, onError?: (err: Error) => void): Promise<Redis> {
  return connectRedis(url, { onError });
}

/** Closes the connection (after the server has stopped). */
export const closeRateLimitRedis = closeRedis;
