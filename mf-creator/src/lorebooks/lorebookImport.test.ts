import { entryFromV3, valuesFromImport } from './lorebookImport';

describe('an imported lorebook in the form', () => {
  it('keeps name, keys and content as the entry fields and everything else of the V3 entry as its extensions', () => {
    const v3 = {
      keys: ['moon', ' Moon ', 'tide', ''],
      content: 'The moon is made of glass.',
      extensions: { depth: 4, probability: 50, group: 'sky', sticky: 2, cooldown: 1 },
      enabled: false,
      insertion_order: 7,
      use_regex: false,
      position: 'after_char',
      secondary_keys: ['night'],
      comment: 'Moon lore',
      id: 12,
    };
    const entry = entryFromV3(v3, 0);
    expect(entry).toMatchObject({ name: 'Moon lore', keywords: ['moon', 'tide'], content: 'The moon is made of glass.' });
    const { keys: _k, content: _c, ...rest } = v3;
    expect(entry.extensions).toEqual(rest);
  });

  it('names an entry after its name, else its comment, else its first keyword, else its place', () => {
    expect(entryFromV3({ name: 'Tides', comment: 'c', keys: ['k'] }, 0).name).toBe('Tides');
    expect(entryFromV3({ keys: ['harbour', 'docks'] }, 0).name).toBe('harbour');
    expect(entryFromV3({ keys: [] }, 4).name).toBe('Entry 5');
    expect(entryFromV3({ name: 'Plain', keys: ['a', 'b'], content: 'xyz' }, 0).extensions).toBeUndefined();
  });

  it('fills name and description, keeps the first 100 entries and counts those breaking a rule', () => {
    const entries = Array.from({ length: 103 }, (_, i) => ({ name: `Entry number ${i}`, keys: ['one', 'two'], content: 'Some lore.' }));
    entries[1] = { name: 'Lonely', keys: ['one'], content: 'Only one keyword.' };
    entries[2] = { name: 'Long', keys: ['a', 'b'], content: 'x'.repeat(1001) };
    const { values, leftOut, toFix } = valuesFromImport({ name: ' World ', description: 'A world.', entries: [...entries, 'not an entry'] });
    expect(values).toMatchObject({ name: 'World', description: 'A world.', avatar_url: '', tags: [], guidelines: false });
    expect(values.entries).toHaveLength(100);
    expect(leftOut).toBe(3);
    expect(toFix).toBe(2);
    expect(new Set(values.entries.map((e) => e.key)).size).toBe(100);
  });
});
