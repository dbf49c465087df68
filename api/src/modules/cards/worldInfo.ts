import { copyObject } from './cardFields';
import { isPlainObject } from './cardJson';
import { readCharacterBook } from './characterBook';
import { type LorebookV3 } from './cardTypes';

/**
 * SillyTavern World Info files (a standalone lorebook: `{ entries: { "0": { uid, key, keysecondary, content,
 * order, position, disable, … } } }`, old and new) read as a V3 lorebook. The fields with a V3 equivalent are
 * mapped (key → keys, keysecondary → secondary_keys, order → insertion_order, disable → !enabled, position 0/1 →
 * before_char/after_char, uid → id, caseSensitive → case_sensitive); every other field of an entry, the numeric
 * position, and a mapped field whose value V3 cannot hold as it is (`caseSensitive: null`, …) stay in the entry's
 * `extensions` under their own names, so nothing is lost. WORLD_INFO_KEY records the file's own keys, in order, on
 * the book and on each entry, so that the World Info export (worldInfoExport.ts) writes the file back as it came.
 */

/** Where a book or an entry read from World Info records its keys in the file, in order (`{ keys: string[] }`). */
export const WORLD_INFO_KEY = 'fable_world_info';

const isText = (v: unknown) => typeof v === 'string';
const isTexts = (v: unknown) => Array.isArray(v) && v.every(isText);
const isBool = (v: unknown) => typeof v === 'boolean';
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/** Fields of a World Info entry that map onto V3 fields, with the values V3 holds as they are. */
export const WORLD_INFO_MAPPED: Record<string, (value: unknown) => boolean> = {
  uid: (v) => isNumber(v) || isText(v),
  key: isTexts,
  keysecondary: isTexts,
  comment: isText,
  content: isText,
  constant: isBool,
  selective: isBool,
  order: isNumber,
  disable: isBool,
  caseSensitive: isBool,
};

/** Whether a JSON value is a World Info file: `entries` is an object (not a list) of entry objects. */
export function isWorldInfo(value: Record<string, unknown>): boolean {
  const { entries } = value;
  if (!isPlainObject(entries)) return false;
  const list = Object.values(entries);
  return list.length === 0 || list.some((entry) => isPlainObject(entry) && ('key' in entry || 'uid' in entry));
}

function worldInfoEntry(raw: Record<string, unknown>): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    keys: raw.key,
    content: raw.content,
    extensions: Object.fromEntries(Object.entries(raw).filter(([key, value]) => !WORLD_INFO_MAPPED[key]?.(value))),
    enabled: raw.disable === undefined ? true : raw.disable !== true,
    insertion_order: raw.order ?? 100,
  };
  if (raw.uid !== undefined) entry.id = raw.uid;
  if (raw.keysecondary !== undefined) entry.secondary_keys = raw.keysecondary;
  if (typeof raw.comment === 'string') {
    entry.comment = raw.comment;
    if (raw.comment !== '') entry.name = raw.comment;
  }
  if (raw.constant !== undefined) entry.constant = raw.constant;
  if (raw.selective !== undefined) entry.selective = raw.selective;
  if (typeof raw.caseSensitive === 'boolean') entry.case_sensitive = raw.caseSensitive;
  // An entry without a position is one SillyTavern places before the character: its editor sets a missing position
  // to 0 (world_info_position.before) and its entry template's default is 0 (SillyTavern 1.12.6, commit ba6f7b7a,
  // public/scripts/world-info.js: getWorldEntry, "if (entry.position === undefined) { entry.position = 0; }", and
  // newWorldInfoEntryDefinition, "position: { default: 0 }"). V3 readers that find no position place the entry
  // after it (SillyTavern's own convertCharacterBook, Fable's lore engine), so the V3 entry says it.
  if (raw.position === 0 || raw.position === undefined) entry.position = 'before_char';
  else if (raw.position === 1) entry.position = 'after_char';
  entry[WORLD_INFO_KEY] = { keys: Object.keys(raw) };
  return entry;
}

/** The World Info file as a V3 lorebook named after the file (World Info files carry no name of their own). */
export function worldInfoToLorebook(value: Record<string, unknown>, fileName: string | undefined, warnings: string[]): LorebookV3 {
  const entries = Object.values(value.entries as Record<string, unknown>).map((entry) =>
    isPlainObject(entry) ? worldInfoEntry(entry) : entry,
  );
  const rest = copyObject(value);
  delete rest.entries;
  const name = typeof value.name === 'string' ? value.name : fileName?.replace(/\.[^.]*$/, '').trim() || undefined;
  delete rest.name;
  const book: Record<string, unknown> = { extensions: rest, entries, [WORLD_INFO_KEY]: { keys: Object.keys(value) } };
  if (name) book.name = name;
  return readCharacterBook(book, warnings, 'The lorebook');
}
