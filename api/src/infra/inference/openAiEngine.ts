import type { Readable } from 'node:stream';
import { sseDecoder } from '@fable/contracts';
import { request as undiciRequest } from 'undici';
import { InferenceError, inferenceErrorOfStatus, isAbortError, type InferenceEngine, type InferenceRequest, type InferenceStream } from './engine';

export interface OpenAiEngineOptions {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:8000/v1 (the adapter posts to {baseUrl}/chat/completions). */
  baseUrl: string;
  /** Sent as Authorization: Bearer; none when absent (local engines). */
  apiKey?: string;
  /** The engine's model name. */
  model: string;
  /** Sends top_k (vLLM, llama.cpp and Ollama take it; OpenAI itself rejects unknown parameters). Default true. */
  sendTopK?: boolean;
}

interface ChunkJson {
  choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
  error?: { message?: string };
}

/**
 * The OpenAI-compatible adapter: POST {baseUrl}/chat/completions with stream true, then the Server-Sent Events
 * answer (`data: {chunk}` lines, `data: [DONE]`). A stream that ends without finish_reason or [DONE] is a cut
 * connection and fails.
 */
export function createOpenAiEngine(options: OpenAiEngineOptions): InferenceEngine {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    async stream(request: InferenceRequest, signal: AbortSignal): Promise<InferenceStream> {
      const body: Record<string, unknown> = {
        model: options.model,
        messages: request.messages,
        stream: true,
        max_tokens: request.maxTokens,
        temperature: request.temperature,
        top_p: request.topP,
      };
      if (options.sendTopK !== false) body.top_k = request.topK;
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
      // undici's request, not fetch: the body is a Node stream, without the web streams' and fetch's work on every
      // chunk (at 200 open streams fetch was a tenth of the API's CPU; `npm run bench -- --only chat`).
      let res: Awaited<ReturnType<typeof undiciRequest>>;
      try {
        res = await undiciRequest(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
      } catch (err) {
        if (isAbortError(err) || signal.aborted) throw err;
        throw new InferenceError('failed', `inference engine unreachable: ${(err as Error).message}`);
      }
      if (res.statusCode < 200 || res.statusCode > 299) {
        const text = await res.body.text().catch(() => '');
        let message = `inference engine answered ${res.statusCode}`;
        try {
          const parsed = JSON.parse(text) as ChunkJson;
          if (parsed.error?.message) message = parsed.error.message;
        } catch {
          // not JSON
        }
        const retryAfter = Number(res.headers['retry-after']);
        throw inferenceErrorOfStatus(res.statusCode, message, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
      }
      return sseDeltas(res.body, signal);
    },
  };
}

/** A chunk's data: the [DONE] mark, a chunk, or nothing (an empty data line). */
function parseChunk(data: string): ChunkJson | 'done' | null {
  const text = data.trim();
  if (text === '[DONE]') return 'done';
  if (text === '') return null;
  try {
    return JSON.parse(text) as ChunkJson;
  } catch {
    throw new InferenceError('failed', 'inference stream sent invalid JSON');
  }
}

/** How long a body may stay open after its [DONE] before it is closed (its connection is then not reused). */
const AFTER_DONE_MS = 1_000;

/**
 * Text deltas of an OpenAI SSE body. The body's `data` events drive the contracts' SSE decoder and each chunk's
 * deltas wait in a queue for the reader: no async step per chunk (the relay of every token of every open chat
 * passes here). The body is read to its end after [DONE], so that its connection is kept for the next turn; a
 * reader that stops early closes it.
 */
function sseDeltas(body: Readable, signal: AbortSignal): InferenceStream {
  let finishReason: string | null = null;
  const deltas: string[] = [];
  let done = false;
  let ended = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  const fail = (err: Error) => {
    failure ??= err;
    notify();
  };
  const decoder = sseDecoder((event) => {
    if (done || failure) return;
    try {
      const chunk = parseChunk(event.data);
      if (chunk === 'done') {
        done = true;
        return;
      }
      if (chunk === null) return;
      if (chunk.error) throw new InferenceError('failed', chunk.error.message ?? 'inference engine error');
      const choice = chunk.choices?.[0];
      const text = choice?.delta?.content;
      if (text) deltas.push(text);
      if (choice?.finish_reason) finishReason = choice.finish_reason;
    } catch (err) {
      fail(err as Error);
    }
  });
  body.on('data', (chunk: Uint8Array) => {
    decoder.feed(chunk);
    notify();
  });
  body.on('end', () => {
    ended = true;
    notify();
  });
  body.on('error', (err) => {
    if (isAbortError(err) || signal.aborted) fail(abortError());
    else fail(new InferenceError('failed', `inference stream broke: ${err.message}`));
  });
  const next = (ms?: number) =>
    new Promise<void>((resolve) => {
      const timer = ms === undefined ? null : setTimeout(resolve, ms);
      wake = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
    });

  async function* iterate(): AsyncGenerator<string> {
    try {
      for (;;) {
        while (deltas.length > 0) yield deltas.shift()!;
        if (failure && !done) throw failure;
        if (ended) break;
        if (done) {
          // The engine said [DONE]: its body ends at once (a connection kept for the next turn), or is closed.
          await next(AFTER_DONE_MS);
          break;
        }
        await next();
      }
    } finally {
      if (!ended) body.destroy();
    }
    if (failure && !done) throw failure;
    if (signal.aborted) throw abortError();
    if (!done && finishReason === null) throw new InferenceError('failed', 'inference stream ended before its end');
  }
  const iterable = iterate();
  return {
    [Symbol.asyncIterator]: () => iterable,
    get finishReason() {
      return finishReason;
    },
  };
}

function abortError(): Error {
  const err = new Error('The operation was aborted');
  err.name = 'AbortError';
  return err;
}
