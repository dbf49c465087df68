import { TEST_REDIS_URL } from '../../testing/testRedis';
import { openCache } from './openCache';

describe('openCache', () => {
  it('keeps the cache in the process without REDIS_URL', async () => {
    const cache = await openCache({});
    expect(cache.kind).toBe('memory');
    await cache.close();
  });

  it('uses Redis when REDIS_URL is set', async () => {
    const cache = await openCache({ redisUrl: TEST_REDIS_URL });
    expect(cache.kind).toBe('redis');
    await cache.close();
  });
});
