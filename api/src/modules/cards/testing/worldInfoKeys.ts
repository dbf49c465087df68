import { WORLD_INFO_KEY } from '../worldInfo';

/**
 * A V3 book as a `lorebook_v3` export writes it: without the records of a World Info file's keys (WORLD_INFO_KEY) on
 * the book and its entries, which only the World Info export writes from.
 */
export function withoutWorldInfoKeys<T extends { entries: readonly unknown[] }>(book: T): T {
  const { [WORLD_INFO_KEY]: _book, ...rest } = book as Record<string, unknown>;
  const entries = book.entries.map((entry) => {
    const { [WORLD_INFO_KEY]: _entry, ...kept } = entry as Record<string, unknown>;
    return kept;
  });
  return { ...rest, entries } as unknown as T;
}
