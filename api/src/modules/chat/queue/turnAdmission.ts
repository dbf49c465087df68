import { ERROR_CATALOGUE, ERROR_CODES } from '@fable/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../../http/access';
import { AppError } from '../../../http/appError';
import type { OfferedModel } from '../../../infra/inference/models';
import type { Metrics } from '../../../infra/metrics/metrics';
import { NO_SLOT, takeGenerationSlot, type GenerationSlot } from './generationSlots';
import type { Admission } from './openAdmission';

/**
 * A chat turn's admission, before anything of it is written: a guest or free member still in the waiting room is
 * answered 403 `waiting_room` with their place (`details.position`; a client that never asked is lined up now);
 * everyone else takes a generation slot, waiting by class while the engine is saturated (generationSlots.ts).
 */
export async function admitTurn(
  admission: Admission,
  turn: { caller: Caller; characterId: string; model: OfferedModel; signal: AbortSignal; log: FastifyBaseLogger; queueWait?: Metrics['queueWait'] },
): Promise<GenerationSlot> {
  const { caller, model } = turn;
  if (model.capacity === null) return NO_SLOT;
  const who = await admission.room.queueCallerOf(caller);
  if (!who) return NO_SLOT;
  const place = await admission.room.placeOf(who, turn.characterId, model);
  if (place !== null) {
    throw AppError.forbidden(ERROR_CATALOGUE[ERROR_CODES.WAITING_ROOM].message, ERROR_CODES.WAITING_ROOM, { position: place });
  }
  const deps = { store: admission.store, clock: admission.room.clock, timings: admission.timings, log: turn.log };
  const started = performance.now();
  const waited = (outcome: 'admitted' | 'refused' | 'left') => turn.queueWait?.observe({ outcome }, (performance.now() - started) / 1000);
  try {
    const slot = await takeGenerationSlot(deps, model.model.id, admission.room.policyOf(model.capacity), who, turn.signal);
    waited('admitted');
    return slot;
  } catch (err) {
    waited(turn.signal.aborted ? 'left' : 'refused');
    throw err;
  }
}
