import { CONVERSATION_IMAGE_ERROR_CODES as CODES, conversationImageCalls, parseImageUrl } from '@fable/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { memberOf } from '../../http/access';
import { AppError } from '../../http/appError';
import { JobGivenUpError, type Job } from '../../infra/jobs/jobQueue';
import type { CharacterRow } from '../characters/characterRow';
import { canView, viewerOf } from '../discovery/characterAccess';
import { conversationImageError } from './conversationImageErrors';
import { imageFileKey } from '../images/imageFiles';
import type { ImageApp, ImageMaking } from '../images/imageRouteContext';
import { IMAGE_TRAINING_KIND, TRAINING_ATTEMPTS, findTrainingRequest, finishTraining, requestTraining } from './trainingRequests';

/**
 * POST /characters/train (document 1 §7 "character_id; returns count"): members with image_training (I'm All In)
 * ask for a chatbot they may open to get a trained image model; at most 4 requests a day (§9), one pending per
 * chatbot (409, the modal's "already pending"), none for a chatbot trained already. The answer's count is the
 * requests pending up to and with this one (the success state's queue count). The training runs as a background job
 * (`image_training`) served by the image adapter's trainer; the chatbot's lora_status goes pending → ready (or
 * failed), and a ready chatbot's image button generates (contracts' imageButtonAction).
 */

const call = conversationImageCalls.trainCharacter;

/**
 * How long one training attempt may run: under the job's claim (5 minutes), so that no other process claims it while
 * it runs. A trainer that takes longer (real ones take ~10 minutes, or days) must submit and be polled instead.
 */
const TRAINER_TIMEOUT_MS = 2 * 60_000;

type TrainedCharacter = Pick<CharacterRow, 'application_id' | 'visibility' | 'creator_user_id'>;

export function trainingRoute(app: ImageApp, ctx: ImageMaking): void {
  const { db, clock, jobs } = ctx.deps;
  jobs.handle(IMAGE_TRAINING_KIND, (job, now) => runTrainingJob(ctx, job, now, app.log));
  app.post(call.path, { schema: { body: call.body, response: { 200: call.response } }, config: { access: call.access } }, async (request) => {
    const member = memberOf(request);
    if (!member.user.permissions.includes('image_training')) throw conversationImageError(CODES.TRAINING_NOT_ALLOWED);
    await ctx.deps.rateLimit.imageTraining(request, member.userId);
    const characterId = request.body.character_id;
    const { rows } = await db.query<TrainedCharacter>(
      'select application_id, visibility, creator_user_id from characters where id = $1',
      [characterId],
    );
    const character = rows[0];
    if (!character || !canView(character, viewerOf(member))) throw AppError.notFound('Character not found');
    const now = clock.now();
    const count = await requestTraining(db, { userId: member.userId, characterId, now }, (tx, requestId) =>
      jobs.enqueue(tx, { kind: IMAGE_TRAINING_KIND, payload: { request_id: requestId }, runAt: now, dedupeKey: `${IMAGE_TRAINING_KIND}:${requestId}`, maxAttempts: TRAINING_ATTEMPTS }, now),
    );
    return { count };
  });
}

/**
 * Trains the request's chatbot with the adapter's trainer, from its avatar when it is a stored picture. No trainer
 * (configured generators without one): the request fails at once. A trainer that throws is retried; on the last
 * attempt the request fails, so the chatbot never stays pending.
 */
async function runTrainingJob(ctx: ImageMaking, job: Job, now: Date, log: FastifyBaseLogger): Promise<string> {
  const { db } = ctx.deps;
  const requestId = String(job.payload.request_id ?? '');
  const request = await findTrainingRequest(db, requestId);
  if (!request || request.status !== 'pending') return 'stale';
  const trainer = ctx.generators.trainer;
  if (!trainer) {
    log.warn({ requestId }, 'image training requested, but the configured image generators have no trainer');
    await finishTraining(db, requestId, 'failed', now);
    return 'no trainer';
  }
  try {
    const avatar = await storedAvatar(ctx, request.character_id);
    const { loraName } = await trainer.train({ characterId: request.character_id, avatar }, AbortSignal.timeout(TRAINER_TIMEOUT_MS));
    await finishTraining(db, requestId, { loraName }, now);
    return 'ready';
  } catch (err) {
    if (job.attempts < job.max_attempts) throw err;
    log.error({ err, requestId }, 'image training failed');
    await finishTraining(db, requestId, 'failed', now);
    throw new JobGivenUpError('image training failed', err);
  }
}

/** The chatbot's avatar as stored (its original), or null when it has none of ours (a generated SVG, an outside URL). */
async function storedAvatar(ctx: ImageMaking, characterId: string): Promise<Buffer | null> {
  const { rows } = await ctx.deps.db.query<{ avatar_url: string | null }>('select avatar_url from characters where id = $1', [characterId]);
  const parsed = rows[0]?.avatar_url ? parseImageUrl(rows[0].avatar_url) : null;
  if (!parsed) return null;
  return (await ctx.store.get(imageFileKey(parsed.hash, 'original.webp')))?.bytes ?? null;
}
