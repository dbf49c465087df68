import { createMemoryAdmissionStore } from '../../../infra/admission/memoryAdmissionStore';
import type { AdmissionPolicy } from '../../../infra/admission/admissionStore';
import { AGING_BOUND_MS, HEAD_START_MS, TURN_HEAD_START_MS, queueClassOf, queueScore, turnScore, type QueueClass } from './queueOrder';

describe('queue classes', () => {
  it('premium > paid > free > guest', () => {
    expect(queueClassOf({ guest: true })).toBe('guest');
    expect(queueClassOf({ tier: 'free' })).toBe('free');
    expect(queueClassOf({ tier: 'minimal' })).toBe('paid');
    expect(queueClassOf({ tier: 'basic' })).toBe('paid');
    expect(queueClassOf({ tier: 'premium' })).toBe('premium');
    expect(HEAD_START_MS.premium).toBeGreaterThan(HEAD_START_MS.paid);
    expect(HEAD_START_MS.paid).toBeGreaterThan(HEAD_START_MS.free);
    expect(HEAD_START_MS.free).toBeGreaterThan(HEAD_START_MS.guest);
  });
});

describe('queue order', () => {
  const order = (arrivals: Array<[string, QueueClass, number]>) =>
    [...arrivals].sort((a, b) => queueScore(a[1], a[2]) - queueScore(b[1], b[2])).map(([name]) => name);

  it('is first come, first served within a class', () => {
    expect(order([['g2', 'guest', 2], ['g1', 'guest', 1], ['g3', 'guest', 3]])).toEqual(['g1', 'g2', 'g3']);
    expect(order([['p2', 'premium', 20], ['p1', 'premium', 10]])).toEqual(['p1', 'p2']);
  });

  it('puts a higher class ahead of recent arrivals of a lower one, not of those waiting longer than the head start', () => {
    const t = 1_000_000;
    expect(order([['guest', 'guest', t], ['premium', 'premium', t + 60_000]])).toEqual(['premium', 'guest']);
    expect(order([['guest', 'guest', t], ['premium', 'premium', t + AGING_BOUND_MS + 1]])).toEqual(['guest', 'premium']);
    expect(order([['free', 'free', t], ['paid', 'paid', t + 30_000], ['guest', 'guest', t - 10_000]])).toEqual(['paid', 'free', 'guest']);
  });
});

describe('turns and waiting-room places', () => {
  it('a turn of someone chatting goes ahead of newer places and of places up to 10 minutes older, not older ones', () => {
    const t = 1_000_000_000;
    expect(turnScore('guest', t)).toBeLessThan(queueScore('guest', t - TURN_HEAD_START_MS + 1));
    expect(turnScore('guest', t)).toBeGreaterThan(queueScore('guest', t - TURN_HEAD_START_MS - 1));
    // Between turns the classes keep their order.
    expect(turnScore('premium', t + 60_000)).toBeLessThan(turnScore('guest', t));
  });
});

describe('starvation', () => {
  const policy: AdmissionPolicy = {
    capacity: 1,
    accessMs: 20 * 60_000,
    reserveMs: 45_000,
    turnLeaseMs: 30_000,
    roomStaleMs: 90_000,
    // Only the head of the line polls here: nobody leaves it for not being seen.
    turnStaleMs: 3_600_000,
    rateWindowMs: 5 * 60_000,
    expiredKeepMs: 60 * 60_000,
  };

  it('admits a guest within the aging bound under a steady stream of premium arrivals', async () => {
    // One slot; each generation takes 1 s; a premium turn arrives every 500 ms, forever (twice what the engine serves).
    const store = createMemoryAdmissionStore();
    const pool = 'demo';
    const start = 1_800_000_000_000;
    let now = start;
    let seq = 0;
    let running: string | null = null;
    let runningEnds = 0;
    const waiting: string[] = [];
    const premiumTurn = async (arrivedAt = now) => {
      const id = `p${seq++}`;
      const state = await store.requestTurn(pool, id, null, turnScore('premium', arrivedAt), now, policy);
      if (state.kind === 'granted') {
        running = id;
        runningEnds = now + 1000;
      } else waiting.push(id);
    };
    await premiumTurn();
    // The guest arrives once the line is long.
    now += 5_000;
    for (let t = start + 500; t < now; t += 500) await premiumTurn(t);
    const guestArrived = now;
    const lineAtArrival = waiting.length;
    const guest = await store.requestTurn(pool, 'guest', null, turnScore('guest', guestArrived), now, policy);
    expect(guest.kind).toBe('waiting');
    let guestAdmittedAt: number | null = null;
    while (guestAdmittedAt === null && now < guestArrived + 10 * AGING_BOUND_MS) {
      now += 500;
      await premiumTurn();
      if (running && now >= runningEnds) {
        await store.endTurn(pool, running, now, policy);
        running = null;
      }
      // Those waiting poll (a real turn polls every 100 ms); premium turns are first come, first served among
      // themselves, so only the oldest can have been let in.
      const guestState = await store.pollTurn(pool, 'guest', now, policy);
      if (guestState.kind === 'granted') guestAdmittedAt = now;
      const oldest = waiting[0];
      if (oldest && (await store.pollTurn(pool, oldest, now, policy)).kind === 'granted') {
        waiting.shift();
        running = oldest;
        runningEnds = now + 1000;
      }
      if (guestAdmittedAt !== null) break;
    }
    expect(guestAdmittedAt).not.toBeNull();
    // It waited for the premium turns ahead of it when it came and those arriving up to AGING_BOUND_MS after it
    // (two a second), served one a second: the bound, and no less (the head start is real).
    const waited = guestAdmittedAt! - guestArrived;
    const bound = (lineAtArrival + (2 * AGING_BOUND_MS) / 1000) * 1000;
    expect(waited).toBeGreaterThan(AGING_BOUND_MS);
    expect(waited).toBeLessThanOrEqual(bound + 2_000);
  });
});
