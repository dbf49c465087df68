import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../../infra/db/database';
import type { Embeddings } from '../../../infra/inference/embeddings';
import type { Tokenizer } from '@fable/rules/tokens';
import { bm25Scores, type LexicalDocument } from './lexicalRanker';
import { termCounts } from './memoryTerms';
import { readVector, vectorLiteral } from './vectors';
import { createConversationMemories, type ConversationMemories } from './conversationMemories';

/**
 * Which memories a chat turn brings into its prompt (the semantic memory, document 1 §1 "Semantic memory"): the
 * pinned ones first, then the others by relevance to the recent messages. Relevance is the cosine of the
 * embeddings endpoint's vectors when one is configured (EMBEDDINGS_BASE_URL), else Okapi BM25 over stemmed terms
 * (lexicalRanker.ts), the default that needs no model; when the endpoint fails, the turn ranks lexically.
 *
 * A conversation's memories are few (hundreds), so the ranking is exact: every memory is scored. What each memory
 * costs to score (its terms, its vector) is kept in this process by memory id and version (updated_at), so a turn
 * reads each vector from the database once and computes each memory's terms once.
 */
export interface RecallMemory {
  id: string;
  content: string;
  is_pinned: boolean;
  /** Its version: a memory edited since it was indexed is indexed again. */
  updated_at: string;
}

export interface RankedMemory {
  content: string;
  is_pinned: boolean;
}

export interface RecallRequest {
  /** The conversation's memories, pinned first then newest (as promptSources reads them). */
  memories: readonly RecallMemory[];
  /** The recent messages, oldest first, the latest last. */
  recent: readonly string[];
  /** The prompt's share for memories, in tokens (memoryShareTokens). */
  shareTokens: number;
  tokenizer: Tokenizer;
  log?: FastifyBaseLogger;
}

export interface MemoryRecall {
  readonly method: 'embeddings' | 'lexical';
  /** The conversations' memories this process holds by revision (the turn's read leaves them out when current). */
  readonly held: ConversationMemories;
  /**
   * The memories the prompt takes, within the share: pinned first (newest first), then the others by relevance to
   * the recent messages, the newest first among equals; a memory that does not fit is passed over for smaller ones.
   * When everything fits nothing is ranked (and the endpoint not called): the others come newest first.
   */
  recall(request: RecallRequest): Promise<RankedMemory[]>;
  /** The unpinned memories ranked by relevance to the recent messages, every one (the recall's order; tests and bench). */
  rank(memories: readonly RecallMemory[], recent: readonly string[], log?: FastifyBaseLogger): Promise<RecallMemory[]>;
}

/** Weight of the latest message's terms in the lexical query; the lines before it weigh QUERY_CONTEXT_WEIGHT. */
const QUERY_LATEST_WEIGHT = 1;
const QUERY_CONTEXT_WEIGHT = 0.5;
/** Recent lines the query is made of (the latest message and the three before it). */
export const QUERY_LINES = 4;
/** Memories whose scoring data one process keeps (a memory's terms and a vector of a few hundred floats). */
export const INDEX_CAPACITY = 50_000;

interface IndexEntry {
  version: string;
  doc: LexicalDocument;
  /** Its tokens as a prompt line ("- " and the text), counted once. */
  tokens?: number;
  vector?: { model: string; values: Float32Array };
}

/** The scoring data of memories, by id, least recently used dropped first. */
class MemoryIndex {
  private readonly entries = new Map<string, IndexEntry>();
  constructor(private readonly capacity: number) {}

  entryOf(m: RecallMemory): IndexEntry {
    const found = this.entries.get(m.id);
    if (found && found.version === m.updated_at) {
      this.entries.delete(m.id);
      this.entries.set(m.id, found);
      return found;
    }
    const terms = termCounts(m.content);
    let length = 0;
    for (const n of terms.values()) length += n;
    const entry: IndexEntry = { version: m.updated_at, doc: { terms, length } };
    this.entries.delete(m.id);
    this.entries.set(m.id, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }
}

function lexicalQuery(recent: readonly string[]): Map<string, number> {
  const query = new Map<string, number>();
  const lines = recent.slice(-QUERY_LINES);
  lines.forEach((line, i) => {
    const weight = i === lines.length - 1 ? QUERY_LATEST_WEIGHT : QUERY_CONTEXT_WEIGHT;
    for (const [t, n] of termCounts(line)) query.set(t, (query.get(t) ?? 0) + weight * n);
  });
  return query;
}

const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) s += a[i]! * b[i]!;
  return s;
};

export function createMemoryRecall(deps: { db: Queryable; embeddings: Embeddings | null; capacity?: number }): MemoryRecall {
  const index = new MemoryIndex(deps.capacity ?? INDEX_CAPACITY);
  const { embeddings } = deps;

  /**
   * The query's vector, and the memories' vectors where they lack one of the current model: read from the database,
   * else made (and stored), in the same call as the query's. The query weighs as the lexical one does: the latest
   * message's vector plus QUERY_CONTEXT_WEIGHT times that of the lines before it.
   */
  async function vectorsOf(memories: readonly RecallMemory[], entries: IndexEntry[], recent: readonly string[], log?: FastifyBaseLogger): Promise<Float32Array> {
    const model = embeddings!.model;
    const missing = memories.filter((_, i) => entries[i]!.vector?.model !== model);
    if (missing.length > 0) {
      const { rows } = await deps.db.query<{ id: string; embedding: unknown; updated_at: Date | string }>(
        'select id, embedding::text as embedding, updated_at from memories where id = any($1::text[]) and embedding_model = $2',
        [missing.map((m) => m.id), model],
      );
      const stored = new Map(rows.map((r) => [r.id, r]));
      for (const m of missing) {
        const row = stored.get(m.id);
        if (row && new Date(row.updated_at).toISOString() === new Date(m.updated_at).toISOString()) {
          index.entryOf(m).vector = { model, values: readVector(row.embedding) };
        }
      }
    }
    const toMake = memories.filter((m) => index.entryOf(m).vector?.model !== model);
    const lines = recent.slice(-QUERY_LINES);
    const queryTexts = lines.length > 1 ? [lines.at(-1)!, lines.slice(0, -1).join('\n')] : [lines[0]!];
    const vectors = await embeddings!.embed([...queryTexts, ...toMake.map((m) => m.content)]);
    const [latest, context] = vectors;
    const made = vectors.slice(queryTexts.length);
    toMake.forEach((m, i) => {
      index.entryOf(m).vector = { model, values: made[i]! };
    });
    if (toMake.length > 0) void storeVectors(toMake, made, model, log);
    if (queryTexts.length === 1) return latest!;
    const query = new Float32Array(latest!.length);
    for (let i = 0; i < query.length; i++) query[i] = QUERY_LATEST_WEIGHT * latest![i]! + QUERY_CONTEXT_WEIGHT * (context![i] ?? 0);
    return query;
  }

  /** Keeps the vectors made for a turn beside their memories (unless edited since); a failure only costs a later remake. */
  async function storeVectors(memories: readonly RecallMemory[], vectors: readonly Float32Array[], model: string, log?: FastifyBaseLogger) {
    try {
      await deps.db.query(
        `update memories m set embedding = v.embedding::real[], embedding_model = $4
           from unnest($1::text[], $2::text[], $3::timestamptz[]) as v(id, embedding, version)
          where m.id = v.id and m.updated_at = v.version`,
        [memories.map((m) => m.id), vectors.map(vectorLiteral), memories.map((m) => m.updated_at), model],
      );
    } catch (err) {
      log?.warn({ err }, 'memory recall: storing vectors failed');
    }
  }

  async function ranked(others: readonly RecallMemory[], recent: readonly string[], log?: FastifyBaseLogger): Promise<RecallMemory[]> {
    if (others.length < 2 || recent.length === 0) return [...others];
    const entries = others.map((m) => index.entryOf(m));
    let scores: number[] | null = null;
    if (embeddings) {
      try {
        const query = await vectorsOf(others, entries, recent, log);
        scores = others.map((m) => dot(index.entryOf(m).vector!.values, query));
      } catch (err) {
        log?.warn({ err }, 'memory recall: the embeddings endpoint failed, ranking lexically');
      }
    }
    scores ??= bm25Scores(
      entries.map((e) => e.doc),
      lexicalQuery(recent),
    );
    // Stable: among equal scores the given order (newest first) stays.
    const order = others.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
    return order.map((i) => others[i]!);
  }

  return {
    method: embeddings ? 'embeddings' : 'lexical',
    held: createConversationMemories(),
    rank: ranked,
    async recall({ memories, recent, shareTokens, tokenizer, log }) {
      const tokensOf = (m: RecallMemory) => {
        const entry = index.entryOf(m);
        return (entry.tokens ??= tokenizer.count(`- ${m.content}`) + 1);
      };
      let total = 0;
      for (const m of memories) total += tokensOf(m);
      const pinned = memories.filter((m) => m.is_pinned);
      const others = memories.filter((m) => !m.is_pinned);
      const order = total <= shareTokens ? [...pinned, ...others] : [...pinned, ...(await ranked(others, recent, log))];
      const chosen: RankedMemory[] = [];
      let used = 0;
      for (const m of order) {
        const tokens = tokensOf(m);
        if (used + tokens > shareTokens) continue;
        used += tokens;
        chosen.push({ content: m.content, is_pinned: m.is_pinned });
      }
      return chosen;
    },
  };
}
