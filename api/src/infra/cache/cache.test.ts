import { eventually } from '../../testing/eventually';
import { TEST_REDIS_URL, deleteKeys, uniqueKeyPrefix } from '../../testing/testRedis';
import { cachedJson, type Cache } from './cache';
import { createMemoryCache } from './memoryCache';
import { openRedisCache } from './redisCache';

const prefix = uniqueKeyPrefix();

/**
 * Each cache and how time passes for it: the memory cache runs on a clock the test moves (exactly `ms`); Redis keeps
 * its own time, so the test waits until `gone` holds (a key has expired), no longer than that.
 */
interface Implementation {
  open(): Promise<Cache>;
  pass(ms: number, gone: () => Promise<boolean>): Promise<void>;
}
let memoryNow = 1_000_000;
const implementations: Array<[string, Implementation]> = [
  [
    'memory',
    {
      open: async () => createMemoryCache({ now: () => memoryNow }),
      pass: async (ms) => {
        memoryNow += ms;
      },
    },
  ],
  [
    'redis',
    {
      open: () => openRedisCache({ url: TEST_REDIS_URL, keyPrefix: prefix }),
      pass: (ms, gone) => eventually(gone, { timeoutMs: ms + 2000 }),
    },
  ],
];

afterAll(() => deleteKeys(prefix));

describe.each(implementations)('%s cache', (kind, { open, pass }) => {
  let cache: Cache;
  beforeAll(async () => {
    cache = await open();
  });
  afterAll(() => cache?.close());

  it('reports its kind', () => {
    expect(cache.kind).toBe(kind);
  });

  it('stores, reads and deletes strings', async () => {
    await expect(cache.get('missing')).resolves.toBeNull();
    await cache.set('greeting', 'hello');
    await expect(cache.get('greeting')).resolves.toBe('hello');
    await cache.set('greeting', 'hi again');
    await expect(cache.get('greeting')).resolves.toBe('hi again');
    await cache.delete('greeting');
    await expect(cache.get('greeting')).resolves.toBeNull();
  });

  it('forgets values after their time to live', async () => {
    await cache.set('short', 'soon gone', 0.2);
    await cache.set('long', 'stays', 60);
    await expect(cache.get('short')).resolves.toBe('soon gone');
    await pass(200, async () => (await cache.get('short')) === null);
    await expect(cache.get('short')).resolves.toBeNull();
    await expect(cache.get('long')).resolves.toBe('stays');
  });

  it('counts hits in a fixed window, then starts again', async () => {
    const first = await cache.hit('rate:ip:1', 0.3);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(0);
    expect(first.resetInMs).toBeLessThanOrEqual(300);
    expect((await cache.hit('rate:ip:1', 0.3)).count).toBe(2);
    const third = await cache.hit('rate:ip:1', 0.3);
    expect(third.count).toBe(3);
    expect(third.resetInMs).toBeLessThanOrEqual(first.resetInMs);
    expect((await cache.hit('rate:ip:2', 0.3)).count).toBe(1);
    // The counter reads as a string while its window lasts.
    await expect(cache.get('rate:ip:1')).resolves.toBe('3');
    await pass(300, async () => (await cache.get('rate:ip:1')) === null);
    expect((await cache.hit('rate:ip:1', 0.3)).count).toBe(1);
  });

  it('counts concurrent hits exactly', async () => {
    const hits = await Promise.all(Array.from({ length: 25 }, () => cache.hit('rate:burst', 30)));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('refuses to count a value that is not a counter', async () => {
    await cache.set('not-a-counter', 'hello');
    await expect(cache.hit('not-a-counter', 10)).rejects.toThrow();
  });

  it('caches computed JSON with cachedJson', async () => {
    const load = jest.fn(async () => ({ tags: ['Fantasy', 'Romance'], n: 2 }));
    await expect(cachedJson(cache, 'json:settings', 60, load)).resolves.toEqual({ tags: ['Fantasy', 'Romance'], n: 2 });
    await expect(cachedJson(cache, 'json:settings', 60, load)).resolves.toEqual({ tags: ['Fantasy', 'Romance'], n: 2 });
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('redis cache', () => {
  it('keeps its keys under its prefix', async () => {
    const other = uniqueKeyPrefix();
    const a = await openRedisCache({ url: TEST_REDIS_URL, keyPrefix: prefix });
    const b = await openRedisCache({ url: TEST_REDIS_URL, keyPrefix: other });
    try {
      await a.set('shared-name', 'from a');
      await expect(b.get('shared-name')).resolves.toBeNull();
    } finally {
      await a.close();
      await b.close();
      await deleteKeys(other);
    }
  });

  it('fails to open when the server cannot be reached', async () => {
    await expect(openRedisCache({ url: 'redis://:s3cret@127.0.0.1:1', keyPrefix: prefix })).rejects.toThrow(
      /^Cannot connect to Redis at redis:\/\/:\*\*\*@127.0.0.1:1: .*ECONNREFUSED/,
    );
  });
});

describe('memory cache', () => {
  it('sweeps expired entries on its own clock', async () => {
    let now = 1_000_000;
    const cache = createMemoryCache({ now: () => now, sweepIntervalMs: 0 });
    await cache.set('a', '1', 10);
    const hit = await cache.hit('b', 5);
    expect(hit).toEqual({ count: 1, resetInMs: 5000 });
    now += 4000;
    expect(await cache.hit('b', 5)).toEqual({ count: 2, resetInMs: 1000 });
    now += 1000;
    expect(await cache.hit('b', 5)).toEqual({ count: 1, resetInMs: 5000 });
    await expect(cache.get('a')).resolves.toBe('1');
    now += 5000;
    await expect(cache.get('a')).resolves.toBeNull();
    await cache.close();
  });
});
