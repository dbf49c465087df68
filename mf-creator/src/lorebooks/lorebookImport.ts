import { LOREBOOK_LIMITS as L, LorebookEntryInputSchema } from '@fable/contracts';
import type { EntryRow } from './EntryList';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keywords of a V3 entry's `keys`: trimmed, without empties and repeats. */
function keywordsOf(keys: unknown): string[] {
  const out: string[] = [];
  for (const key of Array.isArray(keys) ? keys : []) {
    const keyword = text(key).trim();
    if (keyword && !out.includes(keyword)) out.push(keyword);
  }
  return out;
}

/** One V3 entry as the form lists it: its name (else its comment, else its first keyword), keywords and content. */
export function entryRowOf(entry: Record<string, unknown>, index: number): EntryRow {
  const keywords = keywordsOf(entry.keys);
  return {
    key: `imported-${index}`,
    name: text(entry.name).trim() || text(entry.comment).trim() || keywords[0] || `Entry ${index + 1}`,
    keywords,
    content: text(entry.content),
  };
}

export interface ImportedBook {
  /** The book to send with the import call: the file's, with at most 100 entries. */
  book: Record<string, unknown>;
  name: string;
  description: string;
  entries: EntryRow[];
  /** Entries past the 100 a lorebook holds, left out of `book`. */
  leftOut: number;
  /** Entries outside the form's rules, which the API fits on import (and writes back as they came on export). */
  toFit: number;
}

/**
 * What the create page shows of an imported lorebook (the card import's `lorebook`: a V3 lorebook object, World Info
 * read as one) and the book it sends with POST /lorebooks/import. The entries are imported as they are, under the
 * API's lenient rules for imported books, so that nothing of the file is lost: they are listed here, not edited, and
 * can be changed once the lorebook exists. The book's name and description prefill the form's fields.
 */
export function importedBook(lorebook: Record<string, unknown>): ImportedBook {
  const all = Array.isArray(lorebook.entries) ? lorebook.entries.filter(isObject) : [];
  const kept = all.slice(0, L.entriesMax);
  const entries = kept.map(entryRowOf);
  return {
    book: { ...lorebook, entries: kept },
    name: text(lorebook.name).trim().slice(0, L.nameMax),
    description: text(lorebook.description).trim().slice(0, L.descriptionMax),
    entries,
    leftOut: all.length - kept.length,
    toFit: entries.filter((entry) => !LorebookEntryInputSchema.safeParse(entry).success).length,
  };
}
