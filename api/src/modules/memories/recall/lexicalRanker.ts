/**
 * Okapi BM25 over a conversation's memories: the local ranking that needs no model (the default; the embeddings
 * endpoint, when configured, ranks instead). A conversation holds hundreds of memories at most, so the statistics
 * are computed over all of them at each ranking and the ranking is exact.
 */
export const BM25 = { k1: 1.2, b: 0.75 } as const;

export interface LexicalDocument {
  /** The memory's term counts (memoryTerms.ts). */
  terms: ReadonlyMap<string, number>;
  /** Its number of terms. */
  length: number;
}

/** Query terms with their weights (recent lines weigh less than the latest). */
export type LexicalQuery = ReadonlyMap<string, number>;

/** Each document's BM25 score for the query, in the documents' order (0: nothing in common). */
export function bm25Scores(docs: readonly LexicalDocument[], query: LexicalQuery): number[] {
  const n = docs.length;
  if (n === 0 || query.size === 0) return docs.map(() => 0);
  let totalLength = 0;
  const df = new Map<string, number>();
  for (const d of docs) {
    totalLength += d.length;
    for (const t of query.keys()) if (d.terms.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const avgLength = totalLength / n || 1;
  const idf = new Map<string, number>();
  for (const [t, f] of df) idf.set(t, Math.log(1 + (n - f + 0.5) / (f + 0.5)));
  return docs.map((d) => {
    let score = 0;
    for (const [t, weight] of query) {
      const tf = d.terms.get(t);
      if (!tf) continue;
      const norm = tf + BM25.k1 * (1 - BM25.b + (BM25.b * d.length) / avgLength);
      score += weight * idf.get(t)! * ((tf * (BM25.k1 + 1)) / norm);
    }
    return score;
  });
}
