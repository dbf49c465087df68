import { LOREBOOK_LIMITS as L, LorebookEntryInputSchema } from '@fable/contracts';
import { entryKey, type EntryValues, type LorebookValues } from './lorebookValues';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keywords of a V3 entry's `keys`: trimmed, without empties and repeats (case-insensitive). */
function keywordsOf(keys: unknown): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const key of Array.isArray(keys) ? keys : []) {
    const keyword = text(key).trim();
    if (keyword && !seen.has(keyword.toLowerCase())) {
      seen.add(keyword.toLowerCase());
      out.push(keyword);
    }
  }
  return out;
}

/**
 * One V3 lorebook entry as a form entry. Name, keys and content are Fable's fields; everything else the entry carries
 * (its `extensions`, enabled, insertion_order, position, secondary_keys, comment, id, …) is kept as it is in the
 * entry's `extensions`, so that the lorebook_v3 export writes the entry back as it came (the export spreads them and
 * sets name, keys and content). An entry without a name is named after its comment, else its first keyword.
 */
export function entryFromV3(entry: Record<string, unknown>, index: number): EntryValues {
  const { name, keys, content, ...rest } = entry;
  const keywords = keywordsOf(keys);
  const named = text(name).trim() || text(entry.comment).trim() || keywords[0] || `Entry ${index + 1}`;
  return {
    key: entryKey(),
    name: named,
    keywords,
    content: text(content),
    ...(Object.keys(rest).length > 0 ? { extensions: rest } : {}),
  };
}

export interface ImportedLorebook {
  values: LorebookValues;
  /** Entries past the 100 a lorebook holds, left out. */
  leftOut: number;
  /** Entries that break a rule of document 2 §5 (a name over 50, one keyword, content over 1000…): the form marks them. */
  toFix: number;
}

/**
 * The form's values from an imported lorebook (the card import's `lorebook`: a V3 lorebook object, World Info read as
 * one): its name, description and entries, nothing cut (the form shows what breaks a rule); no avatar or tags, which
 * a lorebook file does not have.
 */
export function valuesFromImport(lorebook: Record<string, unknown>): ImportedLorebook {
  const all = (Array.isArray(lorebook.entries) ? lorebook.entries : []).filter(isObject);
  const entries = all.slice(0, L.entriesMax).map(entryFromV3);
  return {
    values: { name: text(lorebook.name).trim(), description: text(lorebook.description).trim(), avatar_url: '', tags: [], entries, guidelines: false },
    leftOut: all.length - entries.length,
    toFix: entries.filter((entry) => !LorebookEntryInputSchema.safeParse(entry).success).length,
  };
}
