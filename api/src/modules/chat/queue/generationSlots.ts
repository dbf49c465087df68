import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERROR_CODES, ERROR_CATALOGUE } from '@fable/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../http/appError';
import type { AdmissionPolicy, AdmissionStore } from '../../../infra/admission/admissionStore';
import type { Clock } from '../../../infra/clock';
import type { QueueTimings } from './queuePolicy';
import { turnScore } from './queueOrder';
import type { QueueCaller } from './waitingRoom';

/**
 * The priority generation queue (document 1 §1 "priority generation queue"; issue 25): a turn takes one of the
 * model's slots before the engine is called and gives it back when its stream ends. When every slot is busy the turn
 * waits in the line by its class (queueOrder.ts: I'm All In members' turns start first, nobody's running stream is
 * cut), asking again every turnPollMs; after turnMaxWaitMs it is answered 503 "Chat server is busy.". While it
 * streams its lease is renewed; the slot of a process that died frees itself when the lease runs out.
 */

export interface GenerationSlot {
  release(): Promise<void>;
}

export interface GenerationSlotDeps {
  store: AdmissionStore;
  clock: Clock;
  timings: QueueTimings;
  log: FastifyBaseLogger;
}

export const NO_SLOT: GenerationSlot = { release: async () => {} };

const busy = () => new AppError(503, ERROR_CODES.CHAT_SERVER_BUSY, ERROR_CATALOGUE[ERROR_CODES.CHAT_SERVER_BUSY].message);

export async function takeGenerationSlot(
  deps: GenerationSlotDeps,
  pool: string,
  policy: AdmissionPolicy,
  who: QueueCaller,
  signal: AbortSignal,
): Promise<GenerationSlot> {
  const { store, clock, timings } = deps;
  const turn = randomUUID();
  const at = () => clock.now().getTime();
  const arrived = at();
  const started = performance.now();
  let state = await store.requestTurn(pool, turn, who.key, turnScore(who.klass, arrived), arrived, policy);
  try {
    while (state.kind === 'waiting') {
      if (signal.aborted) throw signal.reason ?? new Error('aborted');
      if (performance.now() - started >= timings.turnMaxWaitMs) throw busy();
      await sleep(timings.turnPollMs, undefined, { signal });
      state = await store.pollTurn(pool, turn, at(), policy);
    }
    if (state.kind === 'lost') throw busy();
  } catch (err) {
    await store.endTurn(pool, turn, at(), policy);
    throw err;
  }
  const renewal = setInterval(() => {
    store.renewTurn(pool, turn, at(), policy).catch((err: unknown) => deps.log.warn({ err }, 'renewing a generation slot failed'));
  }, Math.max(1, Math.floor(timings.turnLeaseMs / 3)));
  renewal.unref();
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      clearInterval(renewal);
      await store.endTurn(pool, turn, at(), policy).catch((err: unknown) => deps.log.warn({ err }, 'freeing a generation slot failed'));
    },
  };
}
