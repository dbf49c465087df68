import type { NegativeKeyword } from '@fable/contracts';

/** The pattern of a keyword as a whole word or phrase, any case ("teen" is not found in "canteen"). */
const wordPattern = (keyword: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[^\\p{L}\\p{N}])`, 'iu');

/**
 * The first negative keyword (app settings' negativeKeywords, document 1 §3) a search uses that has alternatives to
 * offer (document 1 §5: "Typing a negative keyword that matches an alternatives list flags it"), or null.
 */
export function negativeKeywordIn(query: string, keywords: readonly NegativeKeyword[]): NegativeKeyword | null {
  return keywords.find((k) => k.alternatives.length > 0 && k.keyword.trim() !== '' && wordPattern(k.keyword.trim()).test(query)) ?? null;
}

/** The search with the keyword replaced by an alternative. */
export function withAlternative(query: string, keyword: string, alternative: string): string {
  return query.replace(wordPattern(keyword.trim()), (_match, before: string) => `${before}${alternative}`);
}
