import type { Redis } from 'ioredis';
import { closeRedis, connectRedis } from '../redis/connectRedis';
import { END_TURN, LEAVE, PEEK, POLL_TURN, RENEW_TURN, REQUEST_TURN, VISIT } from './admissionScripts';
import type { AdmissionPolicy, AdmissionStore, RoomState, TurnState } from './admissionStore';
import { failOpenAdmissionStore } from './failOpenAdmissionStore';

/**
 * The admission store in Redis (REDIS_URL): every API process sees one line and one set of slots per pool, and each
 * transition is one Lua script (admissionScripts.ts), so concurrent calls never give a slot twice or lose a place.
 * A pool's keys share a hash tag ({pool}), so they live in one slot of a Redis Cluster.
 */

type Reply = Array<string | number>;

interface AdmissionCommands {
  admissionVisit(...args: Array<string | number>): Promise<Reply>;
  admissionLeave(...args: Array<string | number>): Promise<number>;
  admissionPeek(...args: Array<string | number>): Promise<number[]>;
  admissionRequestTurn(...args: Array<string | number>): Promise<Reply>;
  admissionPollTurn(...args: Array<string | number>): Promise<Reply>;
  admissionRenewTurn(...args: Array<string | number>): Promise<number>;
  admissionEndTurn(...args: Array<string | number>): Promise<number>;
}

const KEY_COUNT = 5;
const keysOf = (pool: string) => {
  const tag = `admission:{${pool}}`;
  return [`${tag}:waiting`, `${tag}:seen`, `${tag}:running`, `${tag}:access`, `${tag}:releases`];
};
const common = (now: number, p: AdmissionPolicy) => [now, p.capacity, p.accessMs, p.reserveMs, p.turnLeaseMs, p.rateWindowMs, p.expiredKeepMs];

function turnState(reply: Reply): TurnState {
  if (reply[0] === 'granted') return { kind: 'granted' };
  if (reply[0] === 'waiting') return { kind: 'waiting', position: Number(reply[1]) };
  return { kind: 'lost' };
}

export async function openRedisAdmissionStore(options: { url: string; keyPrefix?: string; onError?: (err: Error) => void }): Promise<AdmissionStore> {
  const redis = await connectRedis(options.url, { keyPrefix: options.keyPrefix, onError: options.onError });
  return failOpenAdmissionStore(redisAdmissionStore(redis, () => closeRedis(redis)), (err) => options.onError?.(err));
}

export function redisAdmissionStore(redis: Redis, close: () => Promise<void>): AdmissionStore {
  const scripts = { admissionVisit: VISIT, admissionLeave: LEAVE, admissionPeek: PEEK, admissionRequestTurn: REQUEST_TURN, admissionPollTurn: POLL_TURN, admissionRenewTurn: RENEW_TURN, admissionEndTurn: END_TURN };
  for (const [name, lua] of Object.entries(scripts)) redis.defineCommand(name, { numberOfKeys: KEY_COUNT, lua });
  const r = redis as unknown as AdmissionCommands;

  return {
    async visit(pool, user, score, now, policy, refresh): Promise<RoomState> {
      const reply = await r.admissionVisit(...keysOf(pool), ...common(now, policy), user, score, policy.roomStaleMs, refresh ? 1 : 0);
      if (reply[0] === 'access') return { kind: 'access', until: Number(reply[1]) };
      if (reply[0] === 'expired') return { kind: 'expired' };
      return { kind: 'waiting', position: Number(reply[1]), rate: { releases: Number(reply[2]), spanMs: Number(reply[3]) } };
    },
    async peek(pool, now, policy) {
      const [waiting = 0, free = 0, releases = 0, spanMs = 0] = (await r.admissionPeek(...keysOf(pool), ...common(now, policy))).map(Number);
      return { waiting, free, rate: { releases, spanMs } };
    },
    async leave(pool, user, now, policy) {
      await r.admissionLeave(...keysOf(pool), ...common(now, policy), user);
    },
    async hasAccess(pool, user, now) {
      const until = await redis.zscore(keysOf(pool)[3]!, user);
      return until !== null && Number(until) > now;
    },
    async requestTurn(pool, turn, user, score, now, policy) {
      return turnState(await r.admissionRequestTurn(...keysOf(pool), ...common(now, policy), turn, user ?? '', score, policy.turnStaleMs));
    },
    async pollTurn(pool, turn, now, policy) {
      return turnState(await r.admissionPollTurn(...keysOf(pool), ...common(now, policy), turn, policy.turnStaleMs));
    },
    async renewTurn(pool, turn, now, policy) {
      return (await r.admissionRenewTurn(...keysOf(pool), ...common(now, policy), turn)) === 1;
    },
    async endTurn(pool, turn, now, policy) {
      await r.admissionEndTurn(...keysOf(pool), ...common(now, policy), turn);
    },
    async setNote(key, value, until, now) {
      // The end rides with the value too: the caller's clock decides, as in the memory store (Redis's PX only cleans up).
      await redis.set(`admission:note:${key}`, `${until}|${value}`, 'PX', Math.max(1, until - now));
    },
    async getNote(key, now) {
      const stored = await redis.get(`admission:note:${key}`);
      if (stored === null) return null;
      const bar = stored.indexOf('|');
      return Number(stored.slice(0, bar)) > now ? stored.slice(bar + 1) : null;
    },
    close,
  };
}
