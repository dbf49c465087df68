import { copyObject } from './cardFields';
import { isPlainObject } from './cardJson';
import { readCharacterBook } from './characterBook';
import { type LorebookV3 } from './cardTypes';

/**
 * SillyTavern World Info files (a standalone lorebook: `{ entries: { "0": { uid, key, keysecondary, content,
 * order, position, disable, … } } }`, old and new) read as a V3 lorebook. The fields with a V3 equivalent are
 * mapped (key → keys, keysecondary → secondary_keys, order → insertion_order, disable → !enabled, position 0/1 →
 * before_char/after_char, uid → id, caseSensitive → case_sensitive); every other field of an entry, and the
 * numeric position, stay in the entry's `extensions` under their own names, so nothing is lost.
 */

/** Fields of a World Info entry that map onto V3 fields (and so do not go to `extensions`). */
const MAPPED = new Set(['uid', 'key', 'keysecondary', 'comment', 'content', 'constant', 'selective', 'order', 'disable', 'caseSensitive']);

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
    extensions: Object.fromEntries(Object.entries(raw).filter(([key]) => !MAPPED.has(key))),
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
  if (raw.position === 0) entry.position = 'before_char';
  else if (raw.position === 1) entry.position = 'after_char';
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
  const book: Record<string, unknown> = { extensions: rest, entries };
  if (name) book.name = name;
  return readCharacterBook(book, warnings, 'The lorebook');
}
