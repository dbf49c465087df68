import { TEST_REDIS_URL, deleteKeys, uniqueKeyPrefix } from '../../testing/testRedis';
import type { AdmissionPolicy, AdmissionStore } from './admissionStore';
import { createMemoryAdmissionStore } from './memoryAdmissionStore';
import { openRedisAdmissionStore } from './redisAdmissionStore';

const prefix = uniqueKeyPrefix();
afterAll(() => deleteKeys(prefix));

const policy: AdmissionPolicy = {
  capacity: 2,
  accessMs: 20 * 60_000,
  reserveMs: 45_000,
  turnLeaseMs: 30_000,
  roomStaleMs: 90_000,
  turnStaleMs: 10_000,
  rateWindowMs: 5 * 60_000,
  expiredKeepMs: 60 * 60_000,
};

const stores: Array<[string, () => Promise<AdmissionStore>]> = [
  ['memory', async () => createMemoryAdmissionStore()],
  ['redis', () => openRedisAdmissionStore({ url: TEST_REDIS_URL, keyPrefix: prefix })],
];

let poolSeq = 0;

describe.each(stores)('%s admission store', (_kind, open) => {
  let store: AdmissionStore;
  let pool: string;
  const t0 = 1_800_000_000_000;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(() => store.close());
  beforeEach(() => {
    poolSeq += 1;
    pool = `model-${poolSeq}`;
  });

  it('lets users in while slots are free, then lines them up in score order', async () => {
    expect(await store.visit(pool, 'a', t0, t0, policy, false)).toEqual({ kind: 'access', until: t0 + policy.accessMs });
    expect(await store.visit(pool, 'b', t0, t0, policy, false)).toMatchObject({ kind: 'access' });
    // Both slots are reserved for a and b: c and d wait, d ahead of c by score.
    expect(await store.visit(pool, 'c', t0 + 10, t0 + 10, policy, false)).toMatchObject({ kind: 'waiting', position: 1 });
    expect(await store.visit(pool, 'd', t0 + 5, t0 + 20, policy, false)).toMatchObject({ kind: 'waiting', position: 1 });
    expect(await store.visit(pool, 'c', t0 + 30, t0 + 30, policy, false)).toMatchObject({ kind: 'waiting', position: 2 });
  });

  it('a place keeps its first score when visited again', async () => {
    await store.visit(pool, 'a', t0, t0, policy, false);
    await store.visit(pool, 'b', t0, t0, policy, false);
    await store.visit(pool, 'c', t0 + 1, t0 + 1, policy, false);
    await store.visit(pool, 'd', t0 + 2, t0 + 2, policy, false);
    // c comes back later with a worse score: still first.
    expect(await store.visit(pool, 'c', t0 + 500, t0 + 500, policy, false)).toMatchObject({ kind: 'waiting', position: 1 });
  });

  it("a user's first turn takes over the slot reserved for them; the end of a turn lets the next one in", async () => {
    await store.visit(pool, 'a', t0, t0, policy, false);
    await store.visit(pool, 'b', t0, t0, policy, false);
    await store.visit(pool, 'c', t0, t0, policy, false);
    expect(await store.requestTurn(pool, 'turn-a', 'a', t0, t0 + 100, policy)).toEqual({ kind: 'granted' });
    // Someone else's turn waits: the two slots are a's turn and b's reservation.
    expect(await store.requestTurn(pool, 'turn-x', null, t0 - 1, t0 + 100, policy)).toEqual({ kind: 'waiting', position: 1 });
    await store.endTurn(pool, 'turn-a', t0 + 200, policy);
    expect(await store.pollTurn(pool, 'turn-x', t0 + 200, policy)).toEqual({ kind: 'granted' });
    expect(await store.visit(pool, 'c', t0, t0 + 200, policy, false)).toMatchObject({ kind: 'waiting', position: 1 });
  });

  it('a reservation nobody uses runs out and frees its slot; the freed slots are the measured rate', async () => {
    await store.visit(pool, 'a', t0, t0, policy, false);
    await store.visit(pool, 'b', t0, t0, policy, false);
    expect(await store.visit(pool, 'c', t0, t0, policy, false)).toMatchObject({ kind: 'waiting', rate: { releases: 0 } });
    await store.visit(pool, 'e', t0 + 1, t0, policy, false);
    const later = t0 + policy.reserveMs + 1;
    expect(await store.visit(pool, 'c', t0, later, policy, false)).toMatchObject({ kind: 'access' });
    expect(await store.hasAccess(pool, 'e', later)).toBe(true);
    expect(await store.visit(pool, 'd', later, later, policy, false)).toMatchObject({ kind: 'waiting', position: 1, rate: { releases: 2, spanMs: 1 } });
  });

  it('access expires after accessMs; a refresh lines the user up again', async () => {
    await store.visit(pool, 'a', t0, t0, policy, false);
    expect(await store.hasAccess(pool, 'a', t0 + 1)).toBe(true);
    const after = t0 + policy.accessMs + 1;
    expect(await store.hasAccess(pool, 'a', after)).toBe(false);
    expect(await store.visit(pool, 'a', after, after, policy, false)).toEqual({ kind: 'expired' });
    expect(await store.visit(pool, 'a', after, after, policy, true)).toEqual({ kind: 'access', until: after + policy.accessMs });
    // A refresh replayed while access holds changes nothing.
    expect(await store.visit(pool, 'a', after, after + 5, policy, true)).toEqual({ kind: 'access', until: after + policy.accessMs });
  });

  it('a waiting user who stops coming back leaves the line; leaving frees the place at once', async () => {
    await store.requestTurn(pool, 't1', null, t0, t0, policy);
    await store.requestTurn(pool, 't2', null, t0, t0, policy);
    await store.visit(pool, 'gone', t0, t0, policy, false);
    await store.visit(pool, 'left', t0 + 1, t0, policy, false);
    expect(await store.visit(pool, 'stays', t0 + 2, t0, policy, false)).toMatchObject({ position: 3 });
    await store.leave(pool, 'left', t0 + 10, policy);
    expect(await store.visit(pool, 'stays', t0 + 2, t0 + 20, policy, false)).toMatchObject({ position: 2 });
    const late = t0 + policy.roomStaleMs + 1;
    // The two turns stream on (their leases renewed), so only the one who stayed away leaves the line.
    for (const at of [25_000, 50_000, 75_000]) {
      expect(await store.renewTurn(pool, 't1', t0 + at, policy)).toBe(true);
      expect(await store.renewTurn(pool, 't2', t0 + at, policy)).toBe(true);
    }
    expect(await store.visit(pool, 'stays', t0 + 2, late, policy, false)).toMatchObject({ kind: 'waiting', position: 1 });
  });

  it('a running turn keeps its slot while renewed and loses it when its process stops renewing', async () => {
    expect(await store.requestTurn(pool, 't1', null, t0, t0, policy)).toEqual({ kind: 'granted' });
    expect(await store.renewTurn(pool, 't1', t0 + policy.turnLeaseMs - 1, policy)).toBe(true);
    expect(await store.renewTurn(pool, 't1', t0 + 2 * policy.turnLeaseMs + 10, policy)).toBe(false);
  });

  it('a waiting turn not polled in time is lost', async () => {
    await store.requestTurn(pool, 't1', null, t0, t0, policy);
    await store.requestTurn(pool, 't2', null, t0, t0, policy);
    expect(await store.requestTurn(pool, 't3', null, t0, t0, policy)).toEqual({ kind: 'waiting', position: 1 });
    expect(await store.pollTurn(pool, 't3', t0 + policy.turnStaleMs + 1, policy)).toEqual({ kind: 'lost' });
  });

  it('peeks at the line without joining it', async () => {
    expect(await store.peek(pool, t0, policy)).toEqual({ waiting: 0, free: 2, rate: { releases: 0, spanMs: 0 } });
    await store.visit(pool, 'a', t0, t0, policy, false);
    await store.visit(pool, 'b', t0, t0, policy, false);
    await store.visit(pool, 'c', t0, t0, policy, false);
    expect(await store.peek(pool, t0 + 1, policy)).toEqual({ waiting: 1, free: 0, rate: { releases: 0, spanMs: 0 } });
    expect(await store.peek(pool, t0 + 2, policy)).toMatchObject({ waiting: 1 });
  });

  it('notes hold until their end', async () => {
    await store.setNote(`${pool}:n`, 'character-1', t0 + 1000, t0);
    expect(await store.getNote(`${pool}:n`, t0 + 999)).toBe('character-1');
    expect(await store.getNote(`${pool}:n`, t0 + 1000)).toBeNull();
    expect(await store.getNote(`${pool}:none`, t0)).toBeNull();
  });
});

describe('redis admission store across processes', () => {
  it('two connections at once never give more slots than the capacity, and lose no place', async () => {
    const [one, two] = await Promise.all([stores[1]![1](), stores[1]![1]()]);
    try {
      const pool = `shared-${Date.now()}`;
      const now = 1_800_000_000_000;
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).requestTurn(pool, `t${i}`, null, now + i, now, policy)),
      );
      expect(answers.filter((a) => a.kind === 'granted')).toHaveLength(policy.capacity);
      const positions = answers.flatMap((a) => (a.kind === 'waiting' ? [a.position] : []));
      expect(positions).toHaveLength(38);
      // Every waiting turn has its own place (38 turns, places 1..38 as each was answered, in score order at the end).
      const polled = await Promise.all(Array.from({ length: 40 }, (_, i) => one.pollTurn(pool, `t${i}`, now, policy)));
      expect(polled.flatMap((p) => (p.kind === 'waiting' ? [p.position] : [])).sort((a, b) => a - b)).toEqual(Array.from({ length: 38 }, (_, i) => i + 1));
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

describe('redis admission store when a process dies', () => {
  it('loses no place: another process answers the same positions; the dead one’s running turn frees its slot when its lease ends', async () => {
    const pool = `dying-${Date.now()}`;
    const now = 1_800_000_000_000;
    const dying = await stores[1]![1]();
    await dying.requestTurn(pool, 'streaming', null, now, now, policy);
    await dying.requestTurn(pool, 'streaming-2', null, now, now, policy);
    await dying.visit(pool, 'first', now + 1, now, policy, false);
    await dying.visit(pool, 'second', now + 2, now, policy, false);
    await dying.close();
    const survivor = await stores[1]![1]();
    try {
      expect(await survivor.visit(pool, 'second', now + 50, now + 10, policy, false)).toMatchObject({ kind: 'waiting', position: 2 });
      expect(await survivor.visit(pool, 'first', now + 50, now + 10, policy, false)).toMatchObject({ kind: 'waiting', position: 1 });
      // Nobody renews the dead process's streams: their leases end and the line moves on.
      const later = now + policy.turnLeaseMs + 1;
      expect(await survivor.visit(pool, 'first', now, later, policy, false)).toMatchObject({ kind: 'access' });
      expect(await survivor.visit(pool, 'second', now, later, policy, false)).toMatchObject({ kind: 'access' });
    } finally {
      await survivor.close();
    }
  });
});
