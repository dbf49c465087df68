import { createHash } from 'node:crypto';
import { json, listenOnLoopback, readBody } from './fakeProviderHttp';

/**
 * A fake OpenAI-compatible embeddings server for tests and benchmarks: real HTTP, the `/v1/embeddings` shape of
 * OpenAI, vLLM and text-embeddings-inference ({ model, input, dimensions? } → { data: [{ index, embedding }] }).
 * Its vectors are hashed features (each content word, and the character trigrams of each content word, signed into
 * `dimensions` buckets; function words like "my" and "the" weigh little, as in a trained model): no meaning, but a
 * real vector space in which texts that share words and word parts lie close, so the recall's embeddings path is
 * exercised end to end. It can be told to fail (status) and counts what it was sent.
 */
export interface FakeEmbeddingsServer {
  /** http://127.0.0.1:<port>/v1 */
  baseUrl: string;
  /** Answer this status (with an OpenAI error body) instead of vectors. */
  failWithStatus?: number;
  /** Every request's inputs, in order. */
  requests: string[][];
  close(): Promise<void>;
}

export const FAKE_EMBEDDING_DIMENSIONS = 256;

const FUNCTION_WORDS = new Set(
  'a an the and or but if of at by for with about to from in on is are was were be been am do did does have has had i me my you your we our he she it its they them their this that what which who whom where when how why not no so too very can will just s t again now then there here'.split(' '),
);
const FUNCTION_WORD_WEIGHT = 0.1;
const TRIGRAM_WEIGHT = 0.35;

function bucket(feature: string, dimensions: number): [number, number] {
  const h = createHash('md5').update(feature).digest();
  return [h.readUInt32LE(0) % dimensions, h[4]! & 1 ? 1 : -1];
}

/** The fake vector of a text (not normalized; the client normalizes). */
export function fakeEmbedding(text: string, dimensions = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const v = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const weight = FUNCTION_WORDS.has(word) ? FUNCTION_WORD_WEIGHT : 1;
    const [i, sign] = bucket(`w:${word}`, dimensions);
    v[i]! += weight * sign;
    const padded = `^${word}$`;
    for (let k = 0; k + 3 <= padded.length; k++) {
      const [j, s] = bucket(`t:${padded.slice(k, k + 3)}`, dimensions);
      v[j]! += weight * TRIGRAM_WEIGHT * s;
    }
  }
  return v;
}

export async function startFakeEmbeddingsServer(): Promise<FakeEmbeddingsServer> {
  const state: FakeEmbeddingsServer = { baseUrl: '', requests: [], close: async () => {} };
  const server = await listenOnLoopback(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') return json(res, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
    let body: { model?: unknown; input?: unknown; dimensions?: unknown };
    try {
      body = JSON.parse(await readBody(req)) as typeof body;
    } catch {
      return json(res, 400, { error: { message: 'invalid JSON body', type: 'invalid_request_error' } });
    }
    const input = typeof body.input === 'string' ? [body.input] : body.input;
    if (typeof body.model !== 'string' || !Array.isArray(input) || !input.every((x) => typeof x === 'string')) {
      return json(res, 400, { error: { message: 'model and input are required', type: 'invalid_request_error' } });
    }
    state.requests.push(input as string[]);
    if (state.failWithStatus) return json(res, state.failWithStatus, { error: { message: `fake embeddings failure ${state.failWithStatus}`, type: 'server_error' } });
    const dimensions = typeof body.dimensions === 'number' ? body.dimensions : FAKE_EMBEDDING_DIMENSIONS;
    json(res, 200, {
      object: 'list',
      model: body.model,
      data: (input as string[]).map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text, dimensions) })),
      usage: { prompt_tokens: 0, total_tokens: 0 },
    });
  });
  state.baseUrl = `${server.origin}/v1`;
  state.close = server.close;
  return state;
}
