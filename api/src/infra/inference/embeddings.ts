import { InferenceError, inferenceErrorOfStatus, isAbortError } from './engine';

/**
 * An OpenAI-compatible embeddings endpoint (OpenAI, vLLM, llama.cpp server, Ollama, text-embeddings-inference):
 * POST {baseUrl}/embeddings with { model, input: string[] } answers { data: [{ index, embedding }] }. Used by the
 * semantic memory to rank a conversation's memories (modules/memories/recall).
 */
export interface EmbeddingsOptions {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:8080/v1. */
  baseUrl: string;
  model: string;
  /** Sent as Authorization: Bearer; none when absent (local servers). */
  apiKey?: string;
  /** Asks for vectors of this size (OpenAI's text-embedding-3 models take `dimensions`); unset: the model's own. */
  dimensions?: number;
  /** How long a call may take before it is given up. */
  timeoutMs?: number;
}

export interface Embeddings {
  /** The model's name, stored beside each vector (a vector of another model is made again). */
  readonly model: string;
  /** One unit-length vector per text, in order. Rejects with an InferenceError when the endpoint fails. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** Texts one request carries at most (OpenAI accepts 2,048 inputs a request). */
export const EMBEDDINGS_BATCH = 256;
export const EMBEDDINGS_TIMEOUT_MS = 5_000;

interface EmbeddingsJson {
  data?: Array<{ index?: number; embedding?: number[] }>;
  error?: { message?: string };
}

export function normalize(vector: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(vector);
  let norm = 0;
  for (const x of out) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < out.length; i++) out[i]! /= norm;
  return out;
}

export function createEmbeddings(options: EmbeddingsOptions): Embeddings {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/embeddings`;
  async function batch(input: readonly string[], signal: AbortSignal | undefined): Promise<Float32Array[]> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    const body: Record<string, unknown> = { model: options.model, input };
    if (options.dimensions) body.dimensions = options.dimensions;
    const timeout = AbortSignal.timeout(options.timeoutMs ?? EMBEDDINGS_TIMEOUT_MS);
    let res: Response;
    try {
      res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (err) {
      if (signal?.aborted) throw err;
      const why = isAbortError(err) || timeout.aborted ? 'timed out' : (err as Error).message;
      throw new InferenceError('failed', `embeddings endpoint unreachable: ${why}`);
    }
    const text = await res.text();
    let json: EmbeddingsJson = {};
    try {
      json = JSON.parse(text) as EmbeddingsJson;
    } catch {
      // not JSON: reported below
    }
    if (!res.ok) throw inferenceErrorOfStatus(res.status, json.error?.message ?? `embeddings endpoint answered ${res.status}`);
    const data = json.data;
    if (!Array.isArray(data) || data.length !== input.length) throw new InferenceError('failed', 'embeddings endpoint answered an unexpected body');
    const vectors: Float32Array[] = new Array(input.length);
    data.forEach((d, i) => {
      if (!Array.isArray(d.embedding) || d.embedding.length === 0) throw new InferenceError('failed', 'embeddings endpoint answered an empty vector');
      vectors[d.index ?? i] = normalize(d.embedding);
    });
    return vectors;
  }
  return {
    model: options.model,
    async embed(texts, signal) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += EMBEDDINGS_BATCH) out.push(...(await batch(texts.slice(i, i + EMBEDDINGS_BATCH), signal)));
      return out;
    },
  };
}
