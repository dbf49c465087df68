import { roomEntry, turnEntry, type AdmissionPolicy, type AdmissionStore, type RoomState, type TurnRate, type TurnState } from './admissionStore';

/**
 * The admission store of one API process (no REDIS_URL): the same transitions as the Redis scripts
 * (redisAdmissionStore.ts), step for step, on maps. admissionStore.test.ts runs one set of scenarios on both.
 */

interface Pool {
  /** entry → score, kept sorted on read (small pools; a thousand entries sort in well under a millisecond). */
  waiting: Map<string, number>;
  /** entry → deadline by which it must be seen again. */
  seen: Map<string, number>;
  /** entry → lease end. */
  running: Map<string, number>;
  /** user → access until. */
  access: Map<string, number>;
  /** times slots were freed (a lease that ran out: when it ended). */
  releases: number[];
}

const byScore = (a: [string, number], b: [string, number]) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

export function createMemoryAdmissionStore(): AdmissionStore {
  const pools = new Map<string, Pool>();
  const notes = new Map<string, { value: string; until: number }>();

  const poolOf = (name: string): Pool => {
    let pool = pools.get(name);
    if (!pool) {
      pool = { waiting: new Map(), seen: new Map(), running: new Map(), access: new Map(), releases: [] };
      pools.set(name, pool);
    }
    return pool;
  };

  const line = (p: Pool) => [...p.waiting.entries()].sort(byScore);

  /** Ends run-out leases, drops entries not seen in time, lets the head of the line in while slots are free. */
  function settle(p: Pool, now: number, policy: AdmissionPolicy): void {
    for (const [entry, end] of p.running) {
      if (end <= now) {
        p.running.delete(entry);
        p.releases.push(end);
      }
    }
    for (const [entry, deadline] of p.seen) {
      if (deadline <= now) {
        p.seen.delete(entry);
        p.waiting.delete(entry);
      }
    }
    p.releases = p.releases.filter((t) => t > now - policy.rateWindowMs);
    for (const [user, until] of p.access) if (until <= now - policy.expiredKeepMs) p.access.delete(user);
    let free = policy.capacity - p.running.size;
    if (free <= 0) return;
    for (const [entry] of line(p)) {
      if (free <= 0) break;
      p.waiting.delete(entry);
      p.seen.delete(entry);
      if (entry.startsWith('r:')) {
        p.access.set(entry.slice(2), now + policy.accessMs);
        p.running.set(entry, now + policy.reserveMs);
      } else {
        p.running.set(entry, now + policy.turnLeaseMs);
      }
      free -= 1;
    }
  }

  const rankOf = (p: Pool, entry: string) => line(p).findIndex(([e]) => e === entry) + 1;
  const rateOf = (p: Pool, now: number): TurnRate => ({ releases: p.releases.length, spanMs: p.releases.length ? now - Math.min(...p.releases) : 0 });

  function release(p: Pool, entry: string, now: number): void {
    if (p.running.delete(entry)) p.releases.push(now);
  }

  return {
    async visit(name, user, score, now, policy, refresh): Promise<RoomState> {
      const p = poolOf(name);
      settle(p, now, policy);
      const until = p.access.get(user);
      if (until !== undefined) {
        if (until > now) return { kind: 'access', until };
        if (!refresh) return { kind: 'expired' };
        p.access.delete(user);
      }
      const entry = roomEntry(user);
      if (!p.waiting.has(entry)) p.waiting.set(entry, score);
      p.seen.set(entry, now + policy.roomStaleMs);
      settle(p, now, policy);
      const granted = p.access.get(user);
      if (granted !== undefined && granted > now) return { kind: 'access', until: granted };
      return { kind: 'waiting', position: rankOf(p, entry), rate: rateOf(p, now) };
    },
    async peek(name, now, policy) {
      const p = poolOf(name);
      settle(p, now, policy);
      return { waiting: p.waiting.size, free: Math.max(0, policy.capacity - p.running.size), rate: rateOf(p, now) };
    },
    async leave(name, user, now, policy) {
      const p = poolOf(name);
      p.waiting.delete(roomEntry(user));
      p.seen.delete(roomEntry(user));
      settle(p, now, policy);
    },
    async hasAccess(name, user, now) {
      const until = poolOf(name).access.get(user);
      return until !== undefined && until > now;
    },
    async requestTurn(name, turn, user, score, now, policy): Promise<TurnState> {
      const p = poolOf(name);
      settle(p, now, policy);
      const entry = turnEntry(turn);
      if (user !== null && p.running.has(roomEntry(user))) {
        p.running.delete(roomEntry(user));
        p.running.set(entry, now + policy.turnLeaseMs);
        return { kind: 'granted' };
      }
      p.waiting.set(entry, score);
      p.seen.set(entry, now + policy.turnStaleMs);
      settle(p, now, policy);
      if (p.running.has(entry)) return { kind: 'granted' };
      return { kind: 'waiting', position: rankOf(p, entry) };
    },
    async pollTurn(name, turn, now, policy): Promise<TurnState> {
      const p = poolOf(name);
      const entry = turnEntry(turn);
      if (p.seen.has(entry) && p.seen.get(entry)! > now) p.seen.set(entry, now + policy.turnStaleMs);
      settle(p, now, policy);
      if (p.running.has(entry)) return { kind: 'granted' };
      if (p.waiting.has(entry)) return { kind: 'waiting', position: rankOf(p, entry) };
      return { kind: 'lost' };
    },
    async renewTurn(name, turn, now, policy) {
      const p = poolOf(name);
      const entry = turnEntry(turn);
      const end = p.running.get(entry);
      if (end === undefined || end <= now) return false;
      p.running.set(entry, now + policy.turnLeaseMs);
      return true;
    },
    async endTurn(name, turn, now, policy) {
      const p = poolOf(name);
      const entry = turnEntry(turn);
      release(p, entry, now);
      p.waiting.delete(entry);
      p.seen.delete(entry);
      settle(p, now, policy);
    },
    async setNote(key, value, until) {
      notes.set(key, { value, until });
    },
    async getNote(key, now) {
      const note = notes.get(key);
      if (!note) return null;
      if (note.until <= now) {
        notes.delete(key);
        return null;
      }
      return note.value;
    },
    async close() {
      pools.clear();
      notes.clear();
    },
  };
}
