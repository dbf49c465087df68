import Fastify, { type FastifyInstance } from 'fastify';
import { registerRateLimits, DEFAULT_RATE_LIMITS, type RateLimiters } from '../../http/rateLimits';
import { closeRateLimitRedis, openRateLimitRedis } from '../../http/rateLimitRedis';
import { privateRedis, type PrivateRedis } from '../../testing/privateRedis';
import type { AdmissionPolicy, AdmissionStore } from '../admission/admissionStore';
import { openRedisAdmissionStore } from '../admission/redisAdmissionStore';
import type { Cache } from '../cache/cache';
import { openRedisCache } from '../cache/redisCache';

// README "When Redis is down": the cache, the rate limits and the waiting room fail open, at once, and come back by
// themselves when Redis does. Against a Redis server of this test's own, stopped and started again.
const policy: AdmissionPolicy = {
  capacity: 1,
  accessMs: 60_000,
  reserveMs: 10_000,
  turnLeaseMs: 30_000,
  roomStaleMs: 90_000,
  turnStaleMs: 10_000,
  rateWindowMs: 60_000,
  expiredKeepMs: 60_000,
};

describe('Redis down and back', () => {
  let redis: PrivateRedis;
  let cache: Cache;
  let admission: AdmissionStore;
  let app: FastifyInstance;
  let rateRedis: Awaited<ReturnType<typeof openRateLimitRedis>>;
  const failures: string[] = [];

  beforeAll(async () => {
    redis = await privateRedis();
    const onError = (err: Error) => failures.push(err.message);
    cache = await openRedisCache({ url: redis.url, onError });
    admission = await openRedisAdmissionStore({ url: redis.url, onError });
    rateRedis = await openRateLimitRedis(redis.url, onError);
    app = Fastify();
    let limits: RateLimiters;
    app.register(async (scope) => {
      limits = await registerRateLimits(scope, { ...DEFAULT_RATE_LIMITS, usernameCheck: { max: 1, windowSeconds: 60 } }, { redis: rateRedis });
      scope.get<{ Querystring: { who: string } }>('/limited', async (request) => {
        await limits.usernameCheck(request, request.query.who);
        return { ok: true };
      });
    });
    await app.ready();
  }, 30_000);
  afterAll(async () => {
    await app?.close();
    await cache?.close();
    await admission?.close();
    if (rateRedis) await closeRateLimitRedis(rateRedis);
    await redis?.stop();
  });

  const limited = async (who: string) => (await app.inject({ method: 'GET', url: `/limited?who=${who}` })).statusCode;

  it('fails open while it is down and counts again once it is back, without a restart', async () => {
    const t0 = Date.now();
    // Up: each counts.
    await cache.set('k', 'v', 60);
    expect(await cache.get('k')).toBe('v');
    expect([await limited('up'), await limited('up')]).toEqual([200, 429]);
    expect(await admission.requestTurn('pool', 'turn-1', 'a', t0, t0, policy)).toEqual({ kind: 'granted' });
    expect(await admission.requestTurn('pool', 'turn-2', 'b', t0, t0, policy)).toEqual({ kind: 'waiting', position: 1 });

    await redis.stop();
    // Down: a read misses, a write is dropped, nobody is refused or kept waiting, and nothing throws.
    expect(await cache.get('k')).toBeNull();
    await expect(cache.set('k2', 'v2', 60)).resolves.toBeUndefined();
    expect((await cache.hit('counter', 60)).count).toBe(1);
    expect([await limited('down'), await limited('down'), await limited('down')]).toEqual([200, 200, 200]);
    expect(await admission.requestTurn('pool', 'turn-3', 'c', t0, t0, policy)).toEqual({ kind: 'granted' });
    expect(await admission.visit('room', 'c', t0, t0, policy, false)).toEqual({ kind: 'access', until: t0 + policy.accessMs });
    expect(failures.length).toBeGreaterThan(0);

    await redis.start();
    // Back (an empty server: it kept nothing): the clients reconnect by themselves, and everything counts again.
    const deadline = Date.now() + 15_000;
    for (;;) {
      await cache.set('back', 'yes', 60);
      if ((await cache.get('back')) === 'yes') break;
      if (Date.now() > deadline) throw new Error('the cache did not come back');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Its client may still be reconnecting for a moment and grant a turn without recording it (open, as above), so each
    // try takes a pool of its own: the store is back once a second turn waits behind a first.
    for (let attempt = 0; ; attempt += 1) {
      const pool = `pool-back-${attempt}`;
      const first = await admission.requestTurn(pool, 'turn-4', 'd', t0, t0, policy);
      const second = await admission.requestTurn(pool, 'turn-5', 'e', t0, t0, policy);
      if (first.kind === 'granted' && second.kind === 'waiting') {
        expect(second).toEqual({ kind: 'waiting', position: 1 });
        break;
      }
      if (Date.now() > deadline) throw new Error('the admission store did not come back');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (;;) {
      const first = await limited(`back-${Date.now()}`);
      if (first === 200) break;
      if (Date.now() > deadline) throw new Error('the rate limits did not come back');
    }
    const who = `again-${Date.now()}`;
    // The rate-limit client may still be reconnecting for a moment: its first counted pair answers 200 then 429.
    for (;;) {
      const pair = [await limited(who), await limited(who)];
      if (pair[1] === 429) break;
      if (Date.now() > deadline) throw new Error('the rate limits did not count again');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 40_000);
});
