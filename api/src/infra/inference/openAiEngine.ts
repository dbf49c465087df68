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
      let res: Response;
      try {
        res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
      } catch (err) {
        if (isAbortError(err) || signal.aborted) throw err;
        throw new InferenceError('failed', `inference engine unreachable: ${(err as Error).message}`);
      }
      if (!res.ok || !res.body) {
        const text = await res.text().catch(() => '');
        let message = `inference engine answered ${res.status}`;
        try {
          const parsed = JSON.parse(text) as ChunkJson;
          if (parsed.error?.message) message = parsed.error.message;
        } catch {
          // not JSON
        }
        const retryAfter = Number(res.headers.get('retry-after'));
        throw inferenceErrorOfStatus(res.status, message, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
      }
      return sseDeltas(res.body, signal);
    },
  };
}

/** Text deltas of an OpenAI SSE body. */
function sseDeltas(body: ReadableStream<Uint8Array>, signal: AbortSignal): InferenceStream {
  let finishReason: string | null = null;
  async function* iterate(): AsyncGenerator<string> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let done = false;
    try {
      while (!done) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (err) {
          if (isAbortError(err) || signal.aborted) throw abortError();
          throw new InferenceError('failed', `inference stream broke: ${(err as Error).message}`);
        }
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline).replace(/\r$/, '');
          buffer = buffer.slice(newline + 1);
          if (!line.startsWith('data:')) continue;
          const data = line.slice(5).trim();
          if (data === '[DONE]') {
            done = true;
            break;
          }
          if (data === '') continue;
          let json: ChunkJson;
          try {
            json = JSON.parse(data) as ChunkJson;
          } catch {
            throw new InferenceError('failed', 'inference stream sent invalid JSON');
          }
          if (json.error) throw new InferenceError('failed', json.error.message ?? 'inference engine error');
          const choice = json.choices?.[0];
          const text = choice?.delta?.content;
          if (text) yield text;
          if (choice?.finish_reason) finishReason = choice.finish_reason;
        }
      }
      if (signal.aborted) throw abortError();
      if (!done && finishReason === null) throw new InferenceError('failed', 'inference stream ended before its end');
    } finally {
      reader.cancel().catch(() => undefined);
    }
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
