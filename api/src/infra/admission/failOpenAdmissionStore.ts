import { failOpen } from '../redis/failOpen';
import type { AdmissionStore } from './admissionStore';

/**
 * The admission store, failing open while its server (Redis) is unreachable (README "When Redis is down"): nobody
 * waits in the waiting room or the queue, every turn is let through without a slot (the engines' own limits still
 * answer), and what the store would have recorded (a line, a bypass note) is lost. Each failure is told to `onError`;
 * the store's own answers come back as soon as it does.
 */
export function failOpenAdmissionStore(store: AdmissionStore, onError: (err: Error) => void): AdmissionStore {
  const orElse = failOpen(onError);
  return {
    visit: (pool, user, score, now, policy, refresh) => orElse(() => store.visit(pool, user, score, now, policy, refresh), { kind: 'access', until: now + policy.accessMs }),
    peek: (pool, now, policy) => orElse(() => store.peek(pool, now, policy), { waiting: 0, free: policy.capacity, rate: { releases: 0, spanMs: 0 } }),
    leave: (pool, user, now, policy) => orElse(() => store.leave(pool, user, now, policy), undefined),
    hasAccess: (pool, user, now) => orElse(() => store.hasAccess(pool, user, now), true),
    requestTurn: (pool, turn, user, score, now, policy) => orElse(() => store.requestTurn(pool, turn, user, score, now, policy), { kind: 'granted' }),
    pollTurn: (pool, turn, now, policy) => orElse(() => store.pollTurn(pool, turn, now, policy), { kind: 'granted' }),
    renewTurn: (pool, turn, now, policy) => orElse(() => store.renewTurn(pool, turn, now, policy), true),
    endTurn: (pool, turn, now, policy) => orElse(() => store.endTurn(pool, turn, now, policy), undefined),
    setNote: (key, value, until, now) => orElse(() => store.setNote(key, value, until, now), undefined),
    getNote: (key, now) => orElse(() => store.getNote(key, now), null),
    close: () => store.close(),
  };
}
