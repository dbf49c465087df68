import { FieldNotes, readBoolean, readNumber, readObject, readText, readTextList } from './cardFields';
import { isPlainObject } from './cardJson';
import { type LorebookV3 } from './cardTypes';

/**
 * A character book (V2) or lorebook (V3) read leniently into the V3 shape: every entry gets the fields V3
 * requires (keys, content, extensions, enabled, insertion_order, use_regex), filled with defaults when missing;
 * everything else, the entries' extensions and unknown keys included, is kept as it is. Changes `book` in place.
 */
export function readCharacterBook(book: Record<string, unknown>, warnings: string[], what = "The card's character book"): LorebookV3 {
  const notes = new FieldNotes();
  readText(book, 'name', notes, false);
  readText(book, 'description', notes, false);
  readNumber(book, 'scan_depth', notes);
  readNumber(book, 'token_budget', notes);
  readBoolean(book, 'recursive_scanning', notes);
  readObject(book, 'extensions', notes, false);
  book.extensions ??= {};

  let entries: unknown[];
  if (Array.isArray(book.entries)) entries = book.entries;
  else if (isPlainObject(book.entries)) {
    // SillyTavern keeps entries keyed "0", "1", …; the specifications list them.
    entries = Object.values(book.entries);
    notes.converted.push('entries');
  } else {
    if (book.entries !== undefined) notes.dropped.push('entries');
    entries = [];
  }

  let skipped = 0;
  let completed = 0;
  book.entries = entries.flatMap((entry, index) => {
    if (!isPlainObject(entry)) {
      skipped++;
      return [];
    }
    const { value, filled } = readEntry(entry, index);
    if (filled) completed++;
    return [value];
  });

  warnings.push(...notes.warnings(`${what}:`));
  if (skipped) warnings.push(`${what}: ${skipped} ${skipped === 1 ? 'entry was' : 'entries were'} not readable and left out.`);
  if (completed) warnings.push(`${what}: ${completed} ${completed === 1 ? 'entry was' : 'entries were'} incomplete and completed with defaults.`);
  return book as LorebookV3;
}

/** One entry in the V3 shape; `filled` when a field the V2 specification already required had to be made up. */
function readEntry(entry: Record<string, unknown>, index: number): { value: Record<string, unknown>; filled: boolean } {
  const enabledGiven = entry.enabled !== undefined;
  const notes = new FieldNotes();
  readTextList(entry, 'keys', notes, true, true);
  entry.keys ??= [];
  readText(entry, 'content', notes, true);
  entry.content ??= '';
  readObject(entry, 'extensions', notes, true);
  readBoolean(entry, 'enabled', notes, true);
  if (!enabledGiven) notes.missing.push('enabled');
  readNumber(entry, 'insertion_order', notes);
  if (entry.insertion_order === undefined) {
    entry.insertion_order = index;
    notes.missing.push('insertion_order');
  }
  // V3 adds use_regex; a V2 entry does not have it, so filling it is no repair.
  readBoolean(entry, 'use_regex', notes, false);
  readBoolean(entry, 'case_sensitive', notes);
  readBoolean(entry, 'constant', notes);
  readBoolean(entry, 'selective', notes);
  readTextList(entry, 'secondary_keys', notes, false, true);
  readText(entry, 'name', notes, false);
  readText(entry, 'comment', notes, false);
  readNumber(entry, 'priority', notes);
  if (entry.id !== undefined && typeof entry.id !== 'number' && typeof entry.id !== 'string') {
    delete entry.id;
    notes.dropped.push('id');
  }
  const filled = notes.missing.length + notes.converted.length + notes.dropped.length > 0;
  return { value: entry, filled };
}
