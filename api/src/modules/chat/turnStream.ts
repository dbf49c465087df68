import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/appError';
import { InferenceError, isAbortError, type InferenceEngine, type InferenceStream } from '../../infra/inference/engine';
import { CHAT_ERROR_CODES, INFERENCE_FAILED_MESSAGE, inferenceAppError } from './chatErrors';
import type { ChatStreamChannel, ChatStreamEvent } from './chatStreamChannel';
import type { SpeakerGuard } from './group/speakerGuard';
import type { TurnPlan } from './turnPlan';
import type { TurnHold } from './turnWrites';

/**
 * The engine's side of a chat turn: its stream opened (a refusal is the call's HTTP error), each delta relayed as a
 * `token` event, and the error event of a stream that broke or said nothing.
 */

/** Opens the engine's stream; a refusal throws the call's error once the user's message write has settled. */
export async function openEngineStream(engine: InferenceEngine, plan: TurnPlan, signal: AbortSignal, hold: TurnHold, log: FastifyBaseLogger): Promise<InferenceStream> {
  const userMessage = plan.keep.saved ? plan.keep.userMessage : null;
  const details = plan.conversationId ? { conversation_id: plan.conversationId, user_message_id: userMessage?.id ?? null } : undefined;
  return engine.stream(plan.inference, signal).catch(async (err: unknown) => {
    throw await engineRefusal(err, hold, details, log);
  });
}

/** The error of an engine that refused the turn, once the user's message write has settled (its failure comes first). */
async function engineRefusal(err: unknown, hold: TurnHold, details: { conversation_id: string; user_message_id: string | null } | undefined, log: FastifyBaseLogger): Promise<unknown> {
  const written = await hold.userWrite;
  if (!written.ok) return written.error;
  if (err instanceof InferenceError) return inferenceAppError(err, details);
  log.error({ err }, 'inference engine failed to open');
  return new AppError(502, CHAT_ERROR_CODES.INFERENCE_FAILED, INFERENCE_FAILED_MESSAGE, details);
}

export type Relayed = { ok: true; text: string; cut: boolean } | { ok: false; error: unknown };

/**
 * Sends each delta as a `token` event as it arrives (through the group's speaker guard, which may hold a line start
 * back or end the reply); the whole text, or the engine's failure (a client gone is not one).
 */
export async function relay(stream: InferenceStream, channel: ChatStreamChannel, guard: SpeakerGuard | null, onDelta: () => Promise<void>): Promise<Relayed> {
  let text = '';
  let cut = false;
  const send = (piece: string) => {
    text += piece;
    if (piece) channel.send({ event: 'token', data: { text: piece } });
  };
  try {
    for await (const delta of stream) {
      const piece = guard ? guard.push(delta) : { text: delta, cut: false };
      await onDelta();
      send(piece.text);
      if (piece.cut) {
        cut = true;
        break;
      }
    }
    if (guard && !cut) send(guard.flush());
  } catch (err) {
    if (!(channel.clientGone || isAbortError(err))) return { ok: false, error: err };
  }
  return { ok: true, text, cut };
}

/** The error of a broken stream or an empty reply (502 inference_failed, or the engine's kind). */
export function streamFailure(relayed: Relayed, log: FastifyBaseLogger): AppError {
  if (!relayed.ok && relayed.error instanceof InferenceError) {
    log.warn({ err: relayed.error }, 'inference stream broke');
    return inferenceAppError(relayed.error);
  }
  if (!relayed.ok) log.error({ err: relayed.error }, 'chat stream failed');
  return new AppError(502, CHAT_ERROR_CODES.INFERENCE_FAILED, INFERENCE_FAILED_MESSAGE);
}

/** The `error` event of an AppError. */
export const errorEvent = (e: AppError): ChatStreamEvent => ({ event: 'error', data: { code: e.code, message: e.message, status: e.statusCode } });
