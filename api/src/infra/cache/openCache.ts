import type { AppConfig } from '../../config';
import type { Cache } from './cache';
import { createMemoryCache } from './memoryCache';
import { outageWarning } from '../redis/outageLog';
import { openRedisCache } from './redisCache';

interface Logger {
  warn(obj: object, msg: string): void;
}

/** REDIS_URL set: Redis, shared by every API process. Otherwise in this process. */
export async function openCache(config: Pick<AppConfig, 'redisUrl'>, log?: Logger): Promise<Cache> {
  if (config.redisUrl) {
    return openRedisCache({ url: config.redisUrl, onError: outageWarning((err, unsaid) => log?.warn({ err, unsaid }, 'cache redis unavailable: reads miss, writes are dropped')) });
  }
  return createMemoryCache();
}
