import { CONVERSATION_IMAGE_ERROR_CODES as CODES, IMAGE_TRAINING_LIMITS } from '@fable/contracts';
import type { Database, Queryable } from '../../infra/db/database';
import { conversationImageError } from './conversationImageErrors';

/**
 * Image training requests (migration 026): at most IMAGE_TRAINING_LIMITS.requestsPerDay per member in any 24 hours,
 * one pending per chatbot. A request is written with its chatbot's lora_status (pending) and its job in one
 * transaction that holds the member's row: requests at once are counted one after the other, never past the limit.
 */

export const IMAGE_TRAINING_KIND = 'image_training';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Attempts of a training job before the request is failed (a trainer that keeps failing). */
export const TRAINING_ATTEMPTS = 3;

export interface TrainingRequestRow {
  id: string;
  user_id: string;
  character_id: string;
  status: 'pending' | 'ready' | 'failed';
}

/** Records the request and queues its job; answers how many requests are pending up to and with it. */
export async function requestTraining(
  db: Database,
  q: { userId: string; characterId: string; now: Date },
  enqueue: (tx: Queryable, requestId: string) => Promise<unknown>,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('select id from users where id = $1 for update', [q.userId]);
    const { rows: counted } = await tx.query<{ n: number }>(
      'select count(*)::int as n from image_training_requests where user_id = $1 and created_at > $2',
      [q.userId, new Date(q.now.getTime() - DAY_MS)],
    );
    if ((counted[0]?.n ?? 0) >= IMAGE_TRAINING_LIMITS.requestsPerDay) throw conversationImageError(CODES.TRAINING_LIMIT);
    const { rows: inserted } = await tx.query<{ id: string }>(
      `insert into image_training_requests (user_id, character_id, status, created_at) values ($1, $2, 'pending', $3)
       on conflict (character_id) where status = 'pending' do nothing
       returning id`,
      [q.userId, q.characterId, q.now],
    );
    const id = inserted[0]?.id;
    if (!id) throw conversationImageError(CODES.TRAINING_PENDING);
    // A chatbot trained meanwhile (a job that ended since the route read it) is not set back to pending.
    const { rows: marked } = await tx.query(`update characters set lora_status = 'pending' where id = $1 and lora_status <> 'ready' returning id`, [q.characterId]);
    if (marked.length === 0) throw conversationImageError(CODES.TRAINING_READY);
    await enqueue(tx, id);
    const { rows: queued } = await tx.query<{ n: number }>(
      `select count(*)::int as n from image_training_requests where status = 'pending' and (created_at, id) <= ($1, $2)`,
      [q.now, id],
    );
    return queued[0]!.n;
  });
}

export async function findTrainingRequest(db: Queryable, id: string): Promise<TrainingRequestRow | null> {
  const { rows } = await db.query<TrainingRequestRow>(
    'select id, user_id::text as user_id, character_id, status from image_training_requests where id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** The request's end, with its chatbot's lora_status (and model, when trained); only a pending request ends. */
export async function finishTraining(db: Database, id: string, outcome: { loraName: string } | 'failed', now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const status = outcome === 'failed' ? 'failed' : 'ready';
    const { rows } = await tx.query<{ character_id: string }>(
      `update image_training_requests set status = $2, finished_at = $3 where id = $1 and status = 'pending' returning character_id`,
      [id, status, now],
    );
    const characterId = rows[0]?.character_id;
    if (!characterId) return false;
    await tx.query('update characters set lora_status = $2, lora_name = coalesce($3, lora_name) where id = $1', [
      characterId,
      status,
      outcome === 'failed' ? null : outcome.loraName,
    ]);
    return true;
  });
}
