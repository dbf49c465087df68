import { isPlainObject } from './cardJson';
import { type LorebookV3 } from './cardTypes';
import { WORLD_INFO_KEY } from './worldInfo';

/**
 * A V3 lorebook written as a SillyTavern World Info file (`{ entries: { "<uid>": { uid, key, keysecondary, comment,
 * content, constant, selective, order, position, disable, … } } }`, what SillyTavern's World Info import accepts).
 *
 * - A book or an entry read from World Info (worldInfo.ts records its keys under WORLD_INFO_KEY) goes back with the
 *   file's own keys, in the file's order: the mapped ones from the V3 fields (the values as they are now: keywords,
 *   content and title the creator changed are theirs), the others as they came, kept in `extensions`. A key the file
 *   did not have is not added (an old entry without position or disable goes back without them).
 * - Any other entry (made in Fable's form, read from a `lorebook_v3` file or a card's character book) is written in
 *   the shape of SillyTavern's files: uid, key, keysecondary, comment, content, constant, selective, order, position,
 *   disable, then SillyTavern's own settings found in its V3 `extensions` under SillyTavern's names (the reverse of
 *   what SillyTavern writes into a card, src/endpoints/characters.js convertWorldInfoToCharacterBook). Its position
 *   is `extensions.position`, else 0 for V3 `before_char` and 1 otherwise, as SillyTavern reads a card's book
 *   (public/scripts/world-info.js convertCharacterBook).
 */

type Json = Record<string, unknown>;

/** V3 field of each World Info field mapped at import. */
const FROM_V3: Record<string, (entry: Json) => unknown> = {
  uid: (e) => e.id,
  key: (e) => e.keys,
  keysecondary: (e) => e.secondary_keys,
  comment: (e) => e.comment,
  content: (e) => e.content,
  constant: (e) => e.constant,
  selective: (e) => e.selective,
  order: (e) => e.insertion_order,
  disable: (e) => (typeof e.enabled === 'boolean' ? !e.enabled : undefined),
  caseSensitive: (e) => e.case_sensitive,
};

/** SillyTavern's names of the settings it keeps in a card entry's extensions (snake_case there). */
const SETTINGS: Array<[v3: string, worldInfo: string]> = [
  ['exclude_recursion', 'excludeRecursion'],
  ['display_index', 'displayIndex'],
  ['probability', 'probability'],
  ['useProbability', 'useProbability'],
  ['depth', 'depth'],
  ['selectiveLogic', 'selectiveLogic'],
  ['group', 'group'],
  ['group_override', 'groupOverride'],
  ['group_weight', 'groupWeight'],
  ['prevent_recursion', 'preventRecursion'],
  ['delay_until_recursion', 'delayUntilRecursion'],
  ['scan_depth', 'scanDepth'],
  ['match_whole_words', 'matchWholeWords'],
  ['use_group_scoring', 'useGroupScoring'],
  ['case_sensitive', 'caseSensitive'],
  ['automation_id', 'automationId'],
  ['role', 'role'],
  ['vectorized', 'vectorized'],
  ['sticky', 'sticky'],
  ['cooldown', 'cooldown'],
  ['delay', 'delay'],
];

const keysOf = (value: unknown): string[] | null => {
  const keys = isPlainObject(value) ? value.keys : undefined;
  return Array.isArray(keys) && keys.every((key) => typeof key === 'string') ? keys : null;
};

const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** An entry read from World Info, with the file's keys in order (`extensions` holds the ones not mapped). */
function keptEntry(entry: Json, keys: string[]): Json {
  const ext = isPlainObject(entry.extensions) ? entry.extensions : {};
  const out: Json = {};
  for (const key of [...keys, ...Object.keys(ext).filter((k) => !keys.includes(k))]) {
    const value = Object.hasOwn(ext, key) ? ext[key] : FROM_V3[key]?.(entry);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** Any other entry, in the shape of SillyTavern's files. */
function madeEntry(entry: Json, uid: number): Json {
  const ext = isPlainObject(entry.extensions) ? entry.extensions : {};
  const out: Json = {
    uid,
    key: texts(entry.keys),
    keysecondary: texts(entry.secondary_keys),
    comment: typeof entry.comment === 'string' ? entry.comment : typeof entry.name === 'string' ? entry.name : '',
    content: typeof entry.content === 'string' ? entry.content : '',
    constant: entry.constant === true,
    selective: entry.selective === true,
    order: typeof entry.insertion_order === 'number' ? entry.insertion_order : 100,
    position: typeof ext.position === 'number' ? ext.position : entry.position === 'before_char' ? 0 : 1,
    disable: entry.enabled === false,
  };
  if (typeof entry.case_sensitive === 'boolean') out.caseSensitive = entry.case_sensitive;
  for (const [v3, worldInfo] of SETTINGS) if (ext[v3] !== undefined) out[worldInfo] = ext[v3];
  return out;
}

const isUid = (value: unknown): value is number | string => (typeof value === 'number' && Number.isInteger(value) && value >= 0) || typeof value === 'string';

/** The World Info object of a V3 lorebook (entries keyed by uid, as SillyTavern keys them). */
export function worldInfoOf(book: LorebookV3): Json {
  const entries = (book.entries as unknown[]).filter(isPlainObject);
  const kept = entries.map((entry) => keysOf(entry[WORLD_INFO_KEY]));
  // The uids the file gave keep theirs; every other entry takes the next free number.
  const taken = new Set<string>();
  const uids = entries.map((entry, i) => {
    const uid = kept[i] ? entry.id : undefined;
    if (!isUid(uid) || taken.has(String(uid))) return undefined;
    taken.add(String(uid));
    return uid;
  });
  let next = 0;
  const byUid: Json = {};
  entries.forEach((entry, i) => {
    let uid = uids[i];
    if (uid === undefined) {
      while (taken.has(String(next))) next++;
      uid = next;
      taken.add(String(uid));
    }
    const keys = kept[i];
    byUid[String(uid)] = keys ? keptEntry(entry, keys) : madeEntry(entry, uid as number);
  });

  const bookKeys = keysOf((book as Json)[WORLD_INFO_KEY]);
  if (!bookKeys) return { entries: byUid };
  const rest = isPlainObject(book.extensions) ? book.extensions : {};
  const out: Json = {};
  for (const key of [...bookKeys, ...Object.keys(rest).filter((k) => !bookKeys.includes(k))]) {
    if (key === 'entries') out.entries = byUid;
    else if (key === 'name') out.name = book.name;
    else if (Object.hasOwn(rest, key)) out[key] = rest[key];
  }
  out.entries ??= byUid;
  return out;
}

/** A World Info file (JSON, indented as SillyTavern writes its own). */
export function exportWorldInfoJson(book: LorebookV3): string {
  return JSON.stringify(worldInfoOf(book), null, 4);
}
