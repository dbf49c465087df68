import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { eventually } from '../testing/eventually';
import { TEST_REDIS_URL, deleteKeys, uniqueKeyPrefix } from '../testing/testRedis';
import { registerErrorHandling } from './errorHandling';
import { closeRateLimitRedis, openRateLimitRedis } from './rateLimitRedis';
import { DEFAULT_RATE_LIMITS, registerRateLimits, type RateLimitName, type RateLimits } from './rateLimits';

/**
 * The limiters on both of @fastify/rate-limit's stores: in memory (each process counts its own calls) and Redis
 * (REDIS_URL: every process counts on the same counters). A bare server whose route counts the `x-subject`
 * header under the limit named in the path.
 */
const LIMITS: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  perMember: { max: 3, windowSeconds: 60 },
  perGuest: { max: 3, windowSeconds: 60 },
  refreshPerSession: { max: 2, windowSeconds: 1 },
};

const prefix = uniqueKeyPrefix();
const redisClients: Redis[] = [];
const servers: FastifyInstance[] = [];

afterAll(async () => {
  for (const server of servers) await server.close();
  for (const client of redisClients) await closeRateLimitRedis(client);
  await deleteKeys(prefix);
});

async function startServer(store: 'memory' | 'redis', keyPrefix = prefix): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandling(app);
  let redis: Redis | undefined;
  if (store === 'redis') {
    redis = await openRateLimitRedis(TEST_REDIS_URL);
    redisClients.push(redis);
  }
  const limiters = await registerRateLimits(app, LIMITS, { redis, keyPrefix });
  app.get<{ Params: { name: RateLimitName } }>('/count/:name', async (request) => {
    await limiters[request.params.name](request, String(request.headers['x-subject']));
    return { ok: true };
  });
  await app.ready();
  servers.push(app);
  return app;
}

const count = (app: FastifyInstance, name: RateLimitName, subject: string) =>
  app.inject({ method: 'GET', url: `/count/${name}`, headers: { 'x-subject': subject } });

/** Only Date is faked: the in-memory store reads Date.now(); the server, its sockets and timers run as usual. */
const onlyDate = {
  doNotFake: [
    'hrtime',
    'nextTick',
    'performance',
    'queueMicrotask',
    'setImmediate',
    'clearImmediate',
    'setInterval',
    'clearInterval',
    'setTimeout',
    'clearTimeout',
  ],
} satisfies Parameters<typeof jest.useFakeTimers>[0];

describe.each(['memory', 'redis'] as const)('rate limiters on the %s store', (store) => {
  let app: FastifyInstance;
  // Subjects of this run: one Redis server serves every test file.
  const subject = (name: string) => `${name}-${prefix}`;

  beforeAll(async () => {
    app = await startServer(store);
  });

  it('answers 429 rate_limited with Retry-After once a subject passes its limit; other subjects keep theirs', async () => {
    for (let i = 0; i < 3; i++) expect((await count(app, 'perMember', subject('alice'))).statusCode).toBe(200);
    const limited = await count(app, 'perMember', subject('alice'));
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.', details: { retry_after: retryAfter } },
    });
    expect((await count(app, 'perMember', subject('bob'))).statusCode).toBe(200);
  });

  it('keeps each limit its own counter for the same subject', async () => {
    for (let i = 0; i < 3; i++) expect((await count(app, 'perMember', subject('shared'))).statusCode).toBe(200);
    expect((await count(app, 'perMember', subject('shared'))).statusCode).toBe(429);
    expect((await count(app, 'perGuest', subject('shared'))).statusCode).toBe(200);
  });

  afterEach(() => jest.useRealTimers());

  it('starts a new window when the last one ends', async () => {
    // The memory store's window runs on the test's clock; Redis keeps its own time: the test waits for the key's expiry.
    if (store === 'memory') jest.useFakeTimers(onlyDate);
    expect((await count(app, 'refreshPerSession', subject('s1'))).statusCode).toBe(200);
    expect((await count(app, 'refreshPerSession', subject('s1'))).statusCode).toBe(200);
    const limited = await count(app, 'refreshPerSession', subject('s1'));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    if (store === 'memory') {
      jest.advanceTimersByTime(999);
      expect((await count(app, 'refreshPerSession', subject('s1'))).statusCode).toBe(429);
      jest.advanceTimersByTime(1);
    } else {
      const client = new Redis(TEST_REDIS_URL);
      try {
        const [key, ...others] = await client.keys(`${prefix}rate-limit:*refreshPerSession:${subject('s1')}`);
        expect(others).toEqual([]);
        const ttl = await client.pttl(key!);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(1000);
        await eventually(async () => (await client.exists(key!)) === 0, { timeoutMs: 3000 });
      } finally {
        await client.quit();
      }
    }
    expect((await count(app, 'refreshPerSession', subject('s1'))).statusCode).toBe(200);
  });
});

describe('where the counters live', () => {
  it('in memory, each server counts on its own', async () => {
    const [a, b] = [await startServer('memory'), await startServer('memory')];
    for (let i = 0; i < 3; i++) expect((await count(a, 'perMember', 'one-process')).statusCode).toBe(200);
    expect((await count(a, 'perMember', 'one-process')).statusCode).toBe(429);
    expect((await count(b, 'perMember', 'one-process')).statusCode).toBe(200);
  });

  it('on Redis, every server counts on the same counters, under the key prefix', async () => {
    const shared = `${prefix}shared:`;
    const [a, b] = [await startServer('redis', shared), await startServer('redis', shared)];
    expect((await count(a, 'perMember', 'everywhere')).statusCode).toBe(200);
    expect((await count(b, 'perMember', 'everywhere')).statusCode).toBe(200);
    expect((await count(a, 'perMember', 'everywhere')).statusCode).toBe(200);
    expect((await count(b, 'perMember', 'everywhere')).statusCode).toBe(429);

    const client = new Redis(TEST_REDIS_URL);
    try {
      const keys = await client.keys(`${shared}*`);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(new RegExp(`^${shared}rate-limit:.*perMember:everywhere$`));
      expect(await client.get(keys[0]!)).toBe('4');
    } finally {
      await client.quit();
    }
  });

  it('fails to start when Redis cannot be reached, without showing the password', async () => {
    await expect(openRateLimitRedis('redis://:s3cret@127.0.0.1:1')).rejects.toThrow(/^Cannot connect to Redis at redis:\/\/:\*\*\*@127.0.0.1:1/);
  });
});
