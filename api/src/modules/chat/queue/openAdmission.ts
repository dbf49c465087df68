import type { FastifyBaseLogger } from 'fastify';
import type { ApiDeps } from '../../../http/apiPlugin';
import type { AdmissionStore } from '../../../infra/admission/admissionStore';
import { createMemoryAdmissionStore } from '../../../infra/admission/memoryAdmissionStore';
import { openRedisAdmissionStore } from '../../../infra/admission/redisAdmissionStore';
import { outageWarning } from '../../../infra/redis/outageLog';
import { storedServerSecret } from '../../../infra/crypto/storedSecret';
import type { ModelRegistry } from '../../../infra/inference/models';
import { QUEUE_TIMINGS, type QueueTimings } from './queuePolicy';
import { createWaitingRoom, type WaitingRoom } from './waitingRoom';

/** What the chat's turns and the queue's routes share: the line's store, the waiting room, the timings. */
export interface Admission {
  store: AdmissionStore;
  room: WaitingRoom;
  timings: QueueTimings;
  bypassKey: Uint8Array | null;
  close(): Promise<void>;
}

const BYPASS_KEY_NAME = 'queue_bypass_hmac';

/** QUEUE_BYPASS_SECRET; unset: outside production a key kept in the database, in production none (links off). */
async function loadBypassKey(deps: ApiDeps): Promise<Uint8Array | null> {
  if (deps.config.queueBypassSecret) return new TextEncoder().encode(deps.config.queueBypassSecret);
  if (deps.config.nodeEnv === 'production') return null;
  return storedServerSecret(deps.db, BYPASS_KEY_NAME);
}

export async function openAdmission(deps: ApiDeps, models: ModelRegistry, log: FastifyBaseLogger): Promise<Admission> {
  const { config } = deps;
  const bypassKey = await loadBypassKey(deps);
  const store = config.redisUrl
    ? await openRedisAdmissionStore({ url: config.redisUrl, keyPrefix: config.admissionKeyPrefix, onError: outageWarning((err, unsaid) => log.warn({ err, unsaid }, 'admission redis unavailable: nobody waits until it is back')) })
    : createMemoryAdmissionStore();
  const timings = { ...QUEUE_TIMINGS, ...config.queueTimings };
  const room = createWaitingRoom({
    store,
    clock: deps.clock,
    db: deps.db,
    cache: deps.cache,
    models,
    timings,
    bypassKey,
    bypassedCharacterId: config.queueBypassedCharacterId ?? null,
  });
  return { store, room, timings, bypassKey, close: () => store.close() };
}
