import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis server for tests; every run writes under its own key prefix and removes its keys after. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export const uniqueKeyPrefix = () => `fable-test:${process.pid}:${randomBytes(4).toString('hex')}:`;

/** Deletes every key under `prefix`. */
export async function deleteKeys(prefix: string): Promise<void> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true });
  await client.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await client.quit();
  }
}
