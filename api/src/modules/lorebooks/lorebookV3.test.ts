import { LorebookEntryInputSchema, LorebookEntrySchema } from '@fable/contracts';
import { importCard, type LorebookV3 } from '../cards';
import { LorebookV3FileSchema } from '../cards/cardTypes';
import { cardFixture, describeWithCardFixtures } from '../cards/testing/cardFixtures';
import { lorebookV3Json, v2CardPng, worldInfoJson } from '../cards/testing/generatedCardFiles';
import { withoutWorldInfoKeys } from '../cards/testing/worldInfoKeys';
import { FITTED_KEY, entryFromV3, entryToV3, fitKeywords, lorebookFromV3, lorebookToV3, readBook, type StoredLorebook } from './lorebookV3';

/** The V3 lorebook the cards module reads out of a file (World Info files, lorebook_v3, a card's character book). */
async function importedBook(bytes: Uint8Array, fileName: string): Promise<LorebookV3> {
  const result = await importCard(new Uint8Array(bytes), fileName);
  if (!result.ok) throw new Error(`${fileName}: ${result.error.message}`);
  if (result.card.kind === 'lorebook') return result.card.lorebook;
  const book = result.card.extras.data.character_book;
  if (!book) throw new Error(`${fileName} has no character book`);
  return book as LorebookV3;
}

/** A book made a lorebook (as stored) and written back: nothing lost, each stored entry within the stored limits. */
async function roundTrips(bytes: Uint8Array, fileName: string) {
  const book = await importedBook(bytes, fileName);
  // The form's fields as prefilled from the book (its name; it has no description, so one is typed).
  const stored = throughJson(lorebookFromV3(book, { name: book.name ?? 'Imported', description: 'From a file' }));
  expect(stored.entries).toHaveLength(book.entries.length);
  for (const entry of stored.entries) {
    expect(LorebookEntrySchema.safeParse({ id: 'x', ...entry }).success).toBe(true);
    expect(entry.name.length).toBeGreaterThanOrEqual(3);
  }
  const written = lorebookToV3(stored);
  expect(LorebookV3FileSchema.safeParse({ spec: 'lorebook_v3', data: written }).success).toBe(true);
  // The records of a World Info file's keys go to the World Info export only.
  expect(written).toEqual(withoutWorldInfoKeys(book));
  expect(lorebookToV3(stored, true)).toEqual(book);
}

/** What the database keeps: JSON in, JSON out. */
const throughJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

it('writes a renamed entry\'s new name as its title (comment) too; an unchanged one keeps its own title', () => {
  const stored = entryFromV3({ comment: 'Old harbour', keys: ['harbour'], content: 'The old harbour.' }, 0);
  expect(stored.name).toBe('Old harbour');
  expect(entryToV3(stored, 0).comment).toBe('Old harbour');
  expect(entryToV3({ ...stored, name: 'New harbour' }, 0)).toMatchObject({ name: 'New harbour', comment: 'New harbour' });
});

describe('an imported book made a lorebook and written back', () => {
  it.each<[string, () => Uint8Array, string]>([
    ['World Info (current format)', () => worldInfoJson(), 'Brightwater.json'],
    ['World Info (old format)', () => worldInfoJson('old'), 'Saltmarsh.json'],
    ['a lorebook_v3 file', () => lorebookV3Json(), 'Atlas.json'],
    ['a V2 PNG card’s character book', () => v2CardPng(), 'Lyra.png'],
  ])('%s round-trips without loss, each stored entry within the stored limits', (_name, bytes, fileName) => roundTrips(bytes(), fileName));

  describeWithCardFixtures('the real files of other apps', () => {
    it.each(['sillytavern-worlds/Eldoria.json', 'sillytavern-worlds/Toaru.json', 'sillytavern/default_Seraphina.png'])(
      '%s round-trips without loss, each stored entry within the stored limits',
      (file) => roundTrips(cardFixture(file), file.split('/').pop()!),
    );
  });

  it('cuts content over 1000 characters for the engine and writes the whole content back while unchanged', async () => {
    const book = await importedBook(worldInfoJson(), 'Brightwater.json');
    const long = book.entries.findIndex((e) => e.content.length > 1000);
    expect(long).toBeGreaterThanOrEqual(0);
    const entry = entryFromV3(book.entries[long]!, long);
    expect(entry.content).toBe(book.entries[long]!.content.slice(0, 1000));
    expect(entry.extensions[FITTED_KEY]).toMatchObject({ content: { stored: entry.content, original: book.entries[long]!.content } });
    expect(entryToV3(entry, long).content).toBe(book.entries[long]!.content);
    // The creator's change is theirs in the export.
    expect(entryToV3({ ...entry, content: 'Rewritten by the creator.' }, long).content).toBe('Rewritten by the creator.');
  });

  it('names an entry without a name from its comment or first keyword, and leaves the name out of the export while unchanged', () => {
    const fromKeyword = entryFromV3({ keys: ['eldoria', 'wood'], content: 'A forest.', comment: '', enabled: true }, 0);
    expect(fromKeyword.name).toBe('eldoria');
    expect(entryToV3(fromKeyword, 0)).not.toHaveProperty('name');
    expect(entryToV3({ ...fromKeyword, name: 'The forest' }, 0)).toMatchObject({ name: 'The forest' });
    expect(entryFromV3({ keys: ['x'], content: 'c', comment: 'Glade of light' }, 0).name).toBe('Glade of light');
    expect(entryFromV3({ keys: ['ab'], content: 'c' }, 4).name).toBe('Entry 5');
  });

  it('keeps fewer than 2 keywords (lenient), trims them, leaves out repeats and blanks, at most 12 of 100 characters', () => {
    expect(fitKeywords(['Judgement'])).toEqual(['Judgement']);
    expect(fitKeywords([' elf ', 'elf', '', 'dwarf'])).toEqual(['elf', 'dwarf']);
    expect(fitKeywords(Array.from({ length: 15 }, (_, i) => `k${i}`))).toHaveLength(12);
    expect(fitKeywords(['k'.repeat(150)])).toEqual(['k'.repeat(100)]);
    const entry = entryFromV3({ keys: [' elf ', 'elf'], content: 'Elves.' }, 0);
    expect(entryToV3(entry, 0).keys).toEqual([' elf ', 'elf']);
  });

  it('a lorebook made in the form exports the fields V3 requires, and imports back to the same entries', () => {
    const made: StoredLorebook = {
      name: 'Old Kingdom',
      description: 'Lore of the old kingdom',
      extensions: {},
      entries: [
        { name: 'The Keep', keywords: ['keep', 'castle'], content: 'An old fortress on the hill.', extensions: {} },
        { name: 'The River', keywords: ['river', 'ford'], content: 'Cold and fast.', extensions: {} },
      ],
    };
    const file = { spec: 'lorebook_v3', data: lorebookToV3(made) };
    expect(LorebookV3FileSchema.safeParse(file).success).toBe(true);
    expect(file.data.entries[0]).toEqual({
      extensions: {},
      enabled: true,
      insertion_order: 0,
      use_regex: false,
      comment: 'The Keep',
      name: 'The Keep',
      keys: ['keep', 'castle'],
      content: 'An old fortress on the hill.',
    });
    const { book } = readBook(throughJson(file.data));
    const again = lorebookFromV3(book, { name: made.name, description: made.description });
    expect(again.entries.map(({ name, keywords, content }) => ({ name, keywords, content }))).toEqual(
      made.entries.map(({ name, keywords, content }) => ({ name, keywords, content })),
    );
    for (const entry of again.entries) expect(LorebookEntryInputSchema.safeParse(entry).success).toBe(true);
    expect(lorebookToV3(throughJson(again))).toEqual(file.data);
  });

  it('keeps the book-level fields and writes back a name or description the book lacked', () => {
    const book = readBook({ scan_depth: 4, token_budget: 500, recursive_scanning: true, extensions: { world: 'x' }, custom: 1, entries: [{ keys: ['a1', 'b2'], content: 'c' }] }).book;
    const stored = lorebookFromV3(book, { name: 'Given', description: 'Given description' });
    expect(stored.extensions).toMatchObject({ scan_depth: 4, token_budget: 500, recursive_scanning: true, custom: 1 });
    expect(lorebookToV3(stored)).toEqual(book);
    // A valid name the creator replaced is theirs.
    const named = readBook({ name: 'The Book', entries: [{ keys: ['a1', 'b2'], content: 'c' }] }).book;
    expect(lorebookToV3(lorebookFromV3(named, { name: 'Renamed', description: 'Some words' })).name).toBe('Renamed');
  });

  it('does not trust a fitting record that came with the file', () => {
    const entry = entryFromV3({ keys: ['a1', 'b2'], content: 'Real', [FITTED_KEY]: { content: { stored: 'Real', original: 'Forged' } } }, 0);
    expect(entryToV3(entry, 0).content).toBe('Real');
  });
});
