import { QUEUE_LIMITS } from '@fable/contracts';
import type { AdmissionPolicy } from '../../../infra/admission/admissionStore';

/** The waiting room's and the generation queue's timings (README "Waiting room and priority queue"). */
export interface QueueTimings extends Omit<AdmissionPolicy, 'capacity'> {
  /** How long a turn waits for a slot before it is answered 503 "Chat server is busy.". */
  turnMaxWaitMs: number;
  /** How often a waiting turn asks again. */
  turnPollMs: number;
}

export const QUEUE_TIMINGS: QueueTimings = {
  // document 1 §4, §9: access expires after 20 minutes.
  accessMs: QUEUE_LIMITS.accessExpiresMs,
  // A slot is held for a user just let in for 45 s: they learn of it at their next status call (at most 30 s later).
  reserveMs: 45_000,
  turnLeaseMs: 30_000,
  // Three missed status calls at the longest interval (30 s): the place is freed (a closed tab, a lost connection).
  roomStaleMs: 3 * QUEUE_LIMITS.retryMs,
  turnStaleMs: 10_000,
  rateWindowMs: 5 * 60_000,
  expiredKeepMs: 60 * 60_000,
  turnMaxWaitMs: 60_000,
  turnPollMs: 100,
};
