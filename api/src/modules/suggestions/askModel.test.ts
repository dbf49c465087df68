import { EventEmitter } from 'node:events';
import pino from 'pino';
import { InferenceError, type InferenceEngine, type InferenceRequest, type InferenceStream } from '../../infra/inference/engine';
import { AppError } from '../../http/appError';
import { askModel, type AnsweringReply } from './askModel';

const REQUEST: InferenceRequest = { messages: [{ role: 'user', content: 'Name:' }], maxTokens: 10, temperature: 0.8, topP: 0.9, topK: 40 };
const log = pino({ level: 'silent' });

/** An engine that streams `tokens`, then waits for the abort when `hang` is set. */
function engineOf(tokens: string[], options: { hang?: boolean; refuse?: InferenceError } = {}) {
  const seen: AbortSignal[] = [];
  const engine: InferenceEngine = {
    async stream(_request, signal): Promise<InferenceStream> {
      seen.push(signal);
      if (options.refuse) throw options.refuse;
      async function* iterate() {
        for (const t of tokens) yield t;
        if (options.hang) {
          await new Promise((_, reject) =>
            signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })), { once: true }),
          );
        }
      }
      const it = iterate();
      return { [Symbol.asyncIterator]: () => it, finishReason: 'stop' };
    },
  };
  return { engine, seen };
}

const replyOf = (): AnsweringReply & { raw: EventEmitter } => ({ sent: false, raw: new EventEmitter() });

describe('askModel', () => {
  it('joins the streamed answer', async () => {
    const { engine } = engineOf(['Ar', 'ia', ' Moon']);
    await expect(askModel(engine, REQUEST, { reply: replyOf(), log })).resolves.toBe('Aria Moon');
  });

  it('answers 504 "Suggestion timed out" when the engine takes too long, and aborts it', async () => {
    const { engine, seen } = engineOf(['Ar'], { hang: true });
    const err = await askModel(engine, REQUEST, { reply: replyOf(), log, timeoutMs: 20 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 504, code: 'suggestion_timed_out', message: 'Suggestion timed out. Please try again.' });
    expect(seen[0]!.aborted).toBe(true);
  });

  it('aborts the engine when the caller goes away', async () => {
    const { engine, seen } = engineOf([], { hang: true });
    const reply = replyOf();
    const asked = askModel(engine, REQUEST, { reply, log, timeoutMs: 10_000 });
    await new Promise((r) => setImmediate(r));
    reply.raw.emit('close');
    await expect(asked).rejects.toMatchObject({ statusCode: 502 });
    expect(seen[0]!.aborted).toBe(true);
    expect(reply.raw.listenerCount('close')).toBe(0);
  });

  it.each([
    [new InferenceError('busy', 'busy', 503), 503, 'suggestion_busy'],
    [new InferenceError('failed', 'nope', 500), 502, 'suggestion_failed'],
    [new InferenceError('rate_limited', 'slow down', 429, 7), 429, 'rate_limited'],
  ])('makes an engine refusal the call’s error (%s)', async (refusal, status, code) => {
    const { engine } = engineOf([], { refuse: refusal });
    await expect(askModel(engine, REQUEST, { reply: replyOf(), log })).rejects.toMatchObject({ statusCode: status, code });
  });
});
