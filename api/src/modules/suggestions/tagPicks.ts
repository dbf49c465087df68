import type { ScoredTag } from '@fable/contracts';

/**
 * Suggested tags (document 1 §7 suggest_tags: label + confidence; §5 at most 5): the tags the model named, in its
 * order, when any of them is one of the offered tags; otherwise a ranking of the offered tags by the words of
 * their names found in the chatbot's text. Confidence is the rank, not a probability: 0.9 for the model's first
 * tag and 0.1 less for each next; 0.3 to 0.6 for the ranking, by how many of its words the text has.
 */

const key = (tag: string) => tag.trim().toLowerCase();

/** The offered tags the model's answer names, in its order, each once, at most `max`. */
export function tagsInAnswer(answer: string, offered: readonly string[], max: number): string[] {
  const byKey = new Map(offered.map((tag) => [key(tag), tag]));
  const picked: string[] = [];
  const parts = answer
    .replace(/\r/g, '')
    .split(/[,;\n|]+/)
    .map((part) =>
      part
        .replace(/^\s*tags?\s*:\s*/i, '')
        .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '')
        .replace(/[*_`"“”'‘’[\]]/g, '')
        .replace(/[.!?]+\s*$/, ''),
    );
  for (const part of parts) {
    const tag = byKey.get(key(part));
    if (tag && !picked.includes(tag)) picked.push(tag);
    if (picked.length === max) break;
  }
  return picked;
}

/** The model's tags with their confidence. */
export function scoreModelTags(tags: readonly string[]): ScoredTag[] {
  return tags.map((label, i) => ({ label, confidence: round(Math.max(0.1, 0.9 - 0.1 * i)) }));
}

const STOP_WORDS = new Set(['of', 'the', 'and', 'a', 'an', 'in', 'on', 'to', 'for', 'with']);

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** A word and its other number: "movies" and "movie", "elf" and "elfs"/"elves" left aside. */
const forms = (word: string) => [word, `${word}s`, `${word}es`, ...(word.endsWith('s') && word.length > 3 ? [word.slice(0, -1)] : [])];

/**
 * The fallback: offered tags whose every name word (stop words aside) occurs in the text, ranked by how often
 * (each word counted up to 3 times), ties in the offered order; at most `max`.
 */
export function rankTagsByKeywords(offered: readonly string[], text: string, max: number): ScoredTag[] {
  const counts = new Map<string, number>();
  for (const w of words(text)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const occurrences = (word: string) => forms(word).reduce((n, f) => n + (counts.get(f) ?? 0), 0);
  const ranked = offered
    .map((tag, index) => {
      const tagWords = words(tag).filter((w) => !STOP_WORDS.has(w) && w.length > 1);
      const hits = tagWords.map((w) => Math.min(3, occurrences(w)));
      const score = tagWords.length > 0 && hits.every((h) => h > 0) ? hits.reduce((a, b) => a + b, 0) : 0;
      return { tag, index, score };
    })
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, max);
  const top = ranked[0]?.score ?? 1;
  return ranked.map((r) => ({ label: r.tag, confidence: round(0.3 + (0.3 * r.score) / top) }));
}

const round = (n: number) => Math.round(n * 100) / 100;
