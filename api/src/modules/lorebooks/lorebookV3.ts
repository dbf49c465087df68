import { LOREBOOK_LIMITS as L } from '@fable/contracts';
import { WORLD_INFO_KEY, type LorebookV3 } from '../cards';
import { readCharacterBook } from '../cards/characterBook';
import { isPlainObject } from '../cards/cardJson';
import { recordFitted, restoreFitted, type FittedValues } from '../cards/fittedValues';
import { cutText } from '../cards/mapCharacter';

/**
 * A V3 lorebook (`lorebook_v3` file, World Info read as one, a card's character book) ↔ a Fable lorebook, both ways
 * without loss (pure functions; the rules are in README.md "Imported books").
 *
 * An entry's Fable fields are name, keywords (V3 `keys`) and content; its `extensions` hold the rest of the V3 entry
 * as it came: its `extensions` object (SillyTavern's position 0-4, depth, probability, group, sticky, cooldown, …)
 * under `extensions`, its other keys (enabled, insertion_order, constant, case_sensitive, use_regex, selective,
 * secondary_keys, position, priority, id, comment, unknown keys) beside it. A lorebook's `extensions` hold the V3
 * book's keys besides name, description and entries (scan_depth, token_budget, recursive_scanning, extensions, …).
 *
 * What had to be changed to fit our limits is kept under FITTED_KEY: `{ [field]: { stored, original? } }`, the value
 * as stored and the one the file had (absent when the file had none). The export writes the original back while
 * the field still holds the stored value; once the creator changes the field, their value is written.
 */
export const FITTED_KEY = 'fable_fitted';

type Json = Record<string, unknown>;

/** A lorebook as Fable stores it (the lorebooks and lorebook_entries rows' fields). */
export interface StoredLorebook {
  name: string;
  description: string;
  extensions: Json;
  entries: StoredEntry[];
}

export interface StoredEntry {
  name: string;
  keywords: string[];
  content: string;
  extensions: Json;
}

const fit = (fitted: Json, field: string, original: unknown, stored: unknown) => recordFitted(fitted as FittedValues, field, original, stored);

function withFitted(extensions: Json, fitted: Json): Json {
  return Object.keys(fitted).length > 0 ? { ...extensions, [FITTED_KEY]: fitted } : extensions;
}

/** The value to write for `field`: the file's original while the stored value is unchanged, else the current one. */
const restore = (extensions: Json, field: string, current: unknown) => restoreFitted(extensions[FITTED_KEY], field, current);

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The first candidate that meets `min` once trimmed, cut to `max`. */
export function fitText(candidates: readonly unknown[], min: number, max: number, fallback: string): string {
  for (const candidate of candidates) {
    const text = trimmed(candidate);
    if (text.length >= min) return cutText(text, max).trim();
  }
  return fallback;
}

/** Keywords trimmed, empty ones and repeats left out, each cut to 100, at most 12 (fewer than 2 are kept). */
export function fitKeywords(keys: unknown): string[] {
  const list = Array.isArray(keys) ? keys : [];
  const out: string[] = [];
  for (const key of list) {
    const keyword = cutText(trimmed(key), L.keywordMax).trim();
    if (keyword !== '' && !out.includes(keyword)) out.push(keyword);
    if (out.length === L.keywordsMax) break;
  }
  return out;
}

/** One V3 entry (already read by readCharacterBook) as a stored entry, under the lenient rules of imported books. */
export function entryFromV3(v3: Json, index: number): StoredEntry {
  // A record of fitting that came with the file is not ours to trust: what is fitted now is recorded afresh.
  const { keys, content, name, [FITTED_KEY]: _stale, ...rest } = v3;
  const stored: StoredEntry = {
    name: fitText([name, rest.comment, ...(Array.isArray(keys) ? keys : [])], L.entryNameMin, L.entryNameMax, `Entry ${index + 1}`),
    keywords: fitKeywords(keys),
    content: cutText(typeof content === 'string' ? content : '', L.entryContentMax),
    extensions: rest,
  };
  const fitted: Json = {};
  fit(fitted, 'name', name, stored.name);
  fit(fitted, 'keys', keys, stored.keywords);
  fit(fitted, 'content', content, stored.content);
  stored.extensions = withFitted(rest, fitted);
  return stored;
}

/**
 * A stored entry as a V3 entry: the entry's kept fields, then its Fable fields (originals while unchanged). The
 * record of a World Info entry's keys (WORLD_INFO_KEY) is written only for the World Info export (`worldInfo`).
 */
export function entryToV3(entry: StoredEntry, index: number, worldInfo = false): Json {
  const { [FITTED_KEY]: _fitted, [WORLD_INFO_KEY]: keys, ...rest } = entry.extensions;
  if (worldInfo && keys !== undefined) rest[WORLD_INFO_KEY] = keys;
  // An entry made in the form: the fields V3 requires, and the name as SillyTavern's title (comment) too.
  const made = Object.keys(entry.extensions).length === 0;
  const out: Json = made ? { extensions: {}, enabled: true, insertion_order: index, use_regex: false, comment: entry.name } : { ...rest };
  const name = restore(entry.extensions, 'name', entry.name);
  if (name.write) out.name = name.value;
  // A name the import made from the entry's title (SillyTavern's comment) that the creator then changed: the title
  // follows it, in the World Info export as in the book inside cards.
  const fittedName = isPlainObject(entry.extensions[FITTED_KEY]) ? entry.extensions[FITTED_KEY].name : undefined;
  if (!made && isPlainObject(fittedName) && fittedName.stored !== entry.name) out.comment = entry.name;
  out.keys = restore(entry.extensions, 'keys', entry.keywords).value ?? [];
  out.content = restore(entry.extensions, 'content', entry.content).value ?? '';
  return out;
}

export interface BookFields {
  name: string;
  description: string;
}

/**
 * A V3 book as a stored lorebook. `fields` are the name and description it gets (the form's, or made up for a
 * character book); they are recorded as fitted only where the book's own value could not be kept (absent, shorter
 * than 3 or longer than the limit), so a name the creator chose over a valid one is theirs in the export too.
 */
export function lorebookFromV3(book: LorebookV3, fields: BookFields): StoredLorebook {
  const { name, description, entries, [FITTED_KEY]: _stale, ...rest } = book as Json;
  const fitted: Json = {};
  const valid = (value: unknown, min: number, max: number) => typeof value === 'string' && value.trim().length >= min && value.trim().length <= max;
  if (!valid(name, L.nameMin, L.nameMax)) fit(fitted, 'name', name, fields.name);
  if (!valid(description, L.descriptionMin, L.descriptionMax)) fit(fitted, 'description', description, fields.description);
  return {
    name: fields.name,
    description: fields.description,
    extensions: withFitted(rest, fitted),
    entries: (Array.isArray(entries) ? entries : []).filter(isPlainObject).map(entryFromV3),
  };
}

/**
 * A stored lorebook as the V3 lorebook object (the `data` of a `lorebook_v3` file, a card's character book); with
 * `worldInfo`, the records of a World Info file's keys as well (what the World Info export writes back from).
 */
export function lorebookToV3(lorebook: StoredLorebook, worldInfo = false): LorebookV3 {
  const { [FITTED_KEY]: _fitted, [WORLD_INFO_KEY]: keys, ...rest } = lorebook.extensions;
  const book: Json = { ...rest };
  if (worldInfo && keys !== undefined) book[WORLD_INFO_KEY] = keys;
  for (const [field, current] of [['name', lorebook.name], ['description', lorebook.description]] as const) {
    const kept = restore(lorebook.extensions, field, current);
    if (kept.write) book[field] = kept.value;
  }
  book.extensions = isPlainObject(rest.extensions) ? rest.extensions : {};
  book.entries = lorebook.entries.map((entry, index) => entryToV3(entry, index, worldInfo));
  // Fills what V3 requires of entries whose kept fields lack it (as an import would read them).
  return readCharacterBook(book, []);
}

/** A book of any origin (a client's JSON, a card's extras) read leniently into the V3 shape, on a copy. */
export function readBook(book: Json): { book: LorebookV3; warnings: string[] } {
  const warnings: string[] = [];
  return { book: readCharacterBook(structuredClone(book), warnings, 'The lorebook'), warnings };
}

/** What the creator should know about fitted entries (one line per kind, with how many). */
export function fittedWarnings(entries: readonly StoredEntry[]): string[] {
  const count = (field: string) => entries.filter((e) => isPlainObject(e.extensions[FITTED_KEY]) && field in (e.extensions[FITTED_KEY] as Json)).length;
  const few = entries.filter((e) => e.keywords.length < L.keywordsMin).length;
  const lines: Array<[number, string]> = [
    [count('content'), `content longer than ${L.entryContentMax} characters was cut (the export writes it back whole)`],
    [count('keys'), `keywords were trimmed, cut to ${L.keywordMax} characters or to ${L.keywordsMax} keywords`],
    [count('name'), `had no name of ${L.entryNameMin} to ${L.entryNameMax} characters and got one from its comment or keywords`],
    [few, `have fewer than ${L.keywordsMin} keywords and were kept as they are`],
  ];
  return lines.filter(([n]) => n > 0).map(([n, what]) => `${n} ${n === 1 ? 'entry' : 'entries'}: ${what}.`);
}
