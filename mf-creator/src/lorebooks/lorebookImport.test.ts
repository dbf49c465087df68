import { entryRowOf, importedBook } from './lorebookImport';

describe('an imported lorebook on the create page', () => {
  it('lists an entry by its name, else its comment, else its first keyword, else its place', () => {
    expect(entryRowOf({ name: 'Tides', comment: 'c', keys: ['k'], content: 'x' }, 0)).toEqual({ key: 'imported-0', name: 'Tides', keywords: ['k'], content: 'x' });
    expect(entryRowOf({ comment: 'Moon lore', keys: [' moon ', 'moon', '', 'tide'] }, 1)).toMatchObject({ name: 'Moon lore', keywords: ['moon', 'tide'], content: '' });
    expect(entryRowOf({ keys: ['harbour', 'docks'] }, 0).name).toBe('harbour');
    expect(entryRowOf({ keys: [] }, 4).name).toBe('Entry 5');
  });

  it('sends the book as it came, with at most 100 entries, and counts what the API will fit', () => {
    const entries: Record<string, unknown>[] = Array.from({ length: 103 }, (_, i) => ({ name: `Entry number ${i}`, keys: ['one', 'two'], content: 'Some lore.', extensions: { depth: i } }));
    entries[1] = { name: 'Lonely', keys: ['one'], content: 'Only one keyword.' };
    entries[2] = { name: 'Long', keys: ['a', 'b'], content: 'x'.repeat(1001) };
    const book = { name: ' World ', description: 'A world.', scan_depth: 4, extensions: { x: 1 }, entries: [...entries, 'not an entry'] };
    const imported = importedBook(book);
    expect(imported).toMatchObject({ name: 'World', description: 'A world.', leftOut: 3, toFit: 2 });
    expect(imported.entries).toHaveLength(100);
    expect(imported.book).toEqual({ ...book, entries: entries.slice(0, 100) });
    expect(importedBook({ name: 'n'.repeat(40), entries: [] }).name).toHaveLength(25);
  });
});
