import { importCard } from './importCard';
import { type LorebookV3 } from './cardTypes';
import { worldInfoOf } from './worldInfoExport';
import { WORLD_INFO_KEY } from './worldInfo';
import { jsonBytes, worldInfoJson } from './testing/generatedCardFiles';

/** A World Info file read by the card import, as the V3 lorebook it answers. */
async function read(bytes: Uint8Array, fileName = 'World.json'): Promise<LorebookV3> {
  const result = await importCard(bytes, fileName);
  if (!result.ok || result.card.kind !== 'lorebook') throw new Error('not a lorebook');
  return result.card.lorebook;
}

describe('World Info read and written back', () => {
  it('an entry without a position is placed before the character in V3, as SillyTavern places it', async () => {
    const old = await read(worldInfoJson('old'));
    expect(old.entries.every((entry) => entry.position === 'before_char')).toBe(true);
    const current = await read(jsonBytes({ entries: { '0': { uid: 0, key: ['a'], content: 'A', position: 1 }, '1': { uid: 1, key: ['b'], content: 'B', position: 4, depth: 2 } } }));
    expect(current.entries.map((entry) => [entry.position, entry.extensions.position])).toEqual([
      ['after_char', 1],
      [undefined, 4],
    ]);
  });

  it('writes a file back with its own keys, in its order, values V3 cannot hold included', async () => {
    const file = {
      entries: {
        '3': { key: ['x'], uid: 3, content: 'X', caseSensitive: null, disable: 'no', comment: null, order: 7, displayIndex: 0 },
        '5': { uid: 5, key: 'y, z', keysecondary: [], content: 'Y', extra: { deep: [1] } },
      },
      originalData: { entries: [] },
    };
    const book = await read(jsonBytes(file));
    expect(JSON.stringify(worldInfoOf(book))).toBe(JSON.stringify(file));
  });

  it('writes an entry of a V3 book in the shape of SillyTavern’s files, its settings under SillyTavern’s names', () => {
    const book = {
      extensions: {},
      entries: [
        { id: 0, keys: ['a'], content: 'A', extensions: {}, enabled: true, insertion_order: 1, use_regex: false, [WORLD_INFO_KEY]: { keys: ['uid', 'key', 'content'] } },
        {
          keys: ['b'],
          content: 'B',
          name: 'Bee',
          secondary_keys: ['c'],
          extensions: { position: 4, depth: 2, probability: 50, group_override: true, exclude_recursion: true, unknown: 1 },
          enabled: false,
          insertion_order: 9,
          use_regex: false,
          case_sensitive: true,
          selective: true,
        },
        { id: 0, keys: ['d'], content: 'D', extensions: {}, enabled: true, insertion_order: 3, use_regex: false, position: 'before_char' as const },
      ],
    };
    expect(worldInfoOf(book)).toEqual({
      entries: {
        '0': { uid: 0, key: ['a'], content: 'A' },
        '1': {
          uid: 1,
          key: ['b'],
          keysecondary: ['c'],
          comment: 'Bee',
          content: 'B',
          constant: false,
          selective: true,
          order: 9,
          position: 4,
          disable: true,
          caseSensitive: true,
          excludeRecursion: true,
          probability: 50,
          depth: 2,
          groupOverride: true,
        },
        // A uid another entry holds: the next free one.
        '2': { uid: 2, key: ['d'], keysecondary: [], comment: '', content: 'D', constant: false, selective: false, order: 3, position: 0, disable: false },
      },
    });
  });
});
