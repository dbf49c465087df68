import type { FastifyBaseLogger } from 'fastify';
import { InferenceError, isAbortError, type InferenceEngine, type InferenceRequest } from '../../infra/inference/engine';
import { suggestionEngineError, suggestionFailed, suggestionTimedOut } from './suggestionErrors';

/** What askModel needs of the call's reply: whether it was sent, and its socket's close. */
export interface AnsweringReply {
  readonly sent: boolean;
  raw: Pick<NodeJS.EventEmitter, 'once' | 'off'>;
}

/** How long a suggestion may take before the call answers 504 "Suggestion timed out. Please try again.". */
export const SUGGESTION_TIMEOUT_MS = 30_000;

/**
 * The whole answer of `engine` to `request`, streamed and joined. The engine call is aborted when it takes longer
 * than `timeoutMs` (504) or when the caller goes away; an engine refusal or a broken stream is the call's error
 * (suggestionErrors.ts), never a 500.
 */
export async function askModel(
  engine: InferenceEngine,
  request: InferenceRequest,
  context: { reply: AnsweringReply; log: FastifyBaseLogger; timeoutMs?: number },
): Promise<string> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, context.timeoutMs ?? SUGGESTION_TIMEOUT_MS);
  const onClose = () => {
    if (!context.reply.sent) controller.abort();
  };
  context.reply.raw.once('close', onClose);
  try {
    const stream = await engine.stream(request, controller.signal);
    let text = '';
    for await (const delta of stream) text += delta;
    return text;
  } catch (err) {
    if (timedOut) throw suggestionTimedOut();
    if (err instanceof InferenceError) {
      if (err.kind === 'failed') context.log.warn({ err }, 'suggestion: inference failed');
      throw suggestionEngineError(err);
    }
    if (!isAbortError(err)) context.log.error({ err }, 'suggestion: inference engine failed');
    throw suggestionFailed();
  } finally {
    clearTimeout(timer);
    context.reply.raw.off('close', onClose);
  }
}
