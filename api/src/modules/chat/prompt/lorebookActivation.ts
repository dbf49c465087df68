/** A lorebook entry as the prompt needs it (document 2 §3 "Entry"): keywords and content, in lorebook order. */
export interface PromptLoreEntry {
  id: string;
  keywords: readonly string[];
  content: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The entries whose keywords appear in the scanned texts (the recent messages): case-insensitive, whole words
 * (a keyword "elf" matches "Elf!" but not "shelf"). Order kept; each entry once.
 */
export function activeLoreEntries(entries: readonly PromptLoreEntry[], scanned: readonly string[]): PromptLoreEntry[] {
  if (entries.length === 0 || scanned.length === 0) return [];
  const haystack = scanned.join('\n');
  return entries.filter((entry) =>
    entry.keywords.some((keyword) => {
      const k = keyword.trim();
      return k !== '' && new RegExp(`(^|[^\\p{L}\\p{N}_])${escape(k)}($|[^\\p{L}\\p{N}_])`, 'iu').test(haystack);
    }),
  );
}
