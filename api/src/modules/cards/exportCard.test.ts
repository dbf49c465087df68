import { cardOfText, cardPng, chunksOfPng, entriesOfZip as zipEntries, textsOfPng } from './cardTestFiles';
import { CardV2Schema, CardV3Schema, emptyCardExtras, LorebookV3FileSchema } from './cardTypes';
import { type ExportCharacter, exportCardCharx, exportCardJson, exportCardPng, exportLorebookJson } from './exportCard';
import { importCard, type ImportedCharacter } from './importCard';
import { v1CardPng, v2CardPng, v3CardPng } from './testing/generatedCardFiles';

const NOW = new Date('2026-03-04T05:06:07Z');

async function imported(bytes: Uint8Array, fileName?: string): Promise<ImportedCharacter> {
  const result = await importCard(bytes, fileName);
  if (!result.ok || result.card.kind !== 'character') throw new Error(result.ok ? 'not a character' : result.error.code);
  return result.card;
}

const native: ExportCharacter = {
  name: 'Nova',
  title: 'A star pilot with a secret',
  persona: 'Nova flies cargo between moons.',
  greeting: 'Strap in. We launch in five.',
  scenario: 'A cramped cockpit.',
  dialogue: null,
  tags: ['sci-fi', 'adventure'],
  creator_username: 'novafan',
  createdAt: '2026-01-01T00:00:00Z',
};

/** The two card chunks of an exported PNG, decoded as the specifications say (base64 of UTF-8 JSON). */
function cardsOfPng(png: Uint8Array) {
  const texts = textsOfPng(png);
  const v2 = texts.filter(([keyword]) => keyword === 'chara');
  const v3 = texts.filter(([keyword]) => keyword === 'ccv3');
  expect(v2).toHaveLength(1);
  expect(v3).toHaveLength(1);
  return { v2: cardOfText(v2[0]![1]), v3: cardOfText(v3[0]![1]) };
}

describe('exportCardPng', () => {
  it('carries a chara (V2) and a ccv3 (V3) tEXt chunk before IEND, each a valid card of its specification', () => {
    const png = exportCardPng(native, emptyCardExtras(), undefined, { now: NOW });
    const chunks = chunksOfPng(png);
    expect(chunks.at(-1)!.type).toBe('IEND');
    expect(chunks.slice(-3, -1).map((c) => c.type)).toEqual(['tEXt', 'tEXt']);
    const { v2, v3 } = cardsOfPng(png);
    expect(CardV2Schema.safeParse(v2).error).toBeUndefined();
    expect(CardV3Schema.safeParse(v3).error).toBeUndefined();
    expect(v3).toMatchObject({ spec: 'chara_card_v3', spec_version: '3.0' });
    expect(v3.data).toMatchObject({
      name: 'Nova',
      description: 'Nova flies cargo between moons.',
      first_mes: 'Strap in. We launch in five.',
      scenario: 'A cramped cockpit.',
      mes_example: '',
      tags: ['sci-fi', 'adventure'],
      creator: 'novafan',
      extensions: { fable: { title: 'A star pilot with a secret' } },
      group_only_greetings: [],
      creation_date: Date.parse('2026-01-01T00:00:00Z') / 1000,
      modification_date: NOW.getTime() / 1000,
    });
    // V2 beside V3: the V3 specification's note in creator_notes, and V1 fields mirrored at the top level.
    expect(v2).toMatchObject({ spec: 'chara_card_v2', spec_version: '2.0', name: 'Nova', first_mes: 'Strap in. We launch in five.' });
    expect((v2.data as Record<string, string>).creator_notes).toMatch(/^This character card is Character Card V3, but it is loaded as a Character Card V2\./);
    expect(v2.data).not.toHaveProperty('group_only_greetings');
  });

  it('is written on the avatar: its image chunks unchanged, old card chunks replaced', () => {
    const avatar = v2CardPng();
    const png = exportCardPng(native, emptyCardExtras(), avatar, { now: NOW });
    const before = chunksOfPng(avatar).filter((c) => c.type !== 'tEXt');
    const after = chunksOfPng(png).filter((c) => c.type !== 'tEXt');
    expect(after.map((c) => c.type)).toEqual(before.map((c) => c.type));
    expect(after.every((c, i) => c.data.equals(before[i]!.data))).toBe(true);
    expect(textsOfPng(png).map(([keyword]) => keyword)).toEqual(['chara', 'ccv3']);
  });

  it('an avatar that is not a PNG is replaced by a plain image that still carries the card', () => {
    const png = exportCardPng(native, emptyCardExtras(), Buffer.from('<svg/>'), { now: NOW });
    expect(chunksOfPng(png)[0]!.type).toBe('IHDR');
    expect(cardsOfPng(png).v3.data).toMatchObject({ name: 'Nova' });
  });

  it('reflects the saved chatbot, not the card as imported', async () => {
    const card = await imported(v3CardPng(undefined, { chara: false }));
    const png = exportCardPng({ ...card.character, name: 'Renamed', tags: ['one', 'two'] }, card.extras, card.avatar?.bytes, { now: NOW });
    const { v3 } = cardsOfPng(png);
    expect(v3.data).toMatchObject({ name: 'Renamed', tags: ['one', 'two'], creator: 'FableTests' });
  });

  it('keeps a card without a creator without one: the importing member does not become its creator', async () => {
    const card = await imported(v1CardPng());
    const png = exportCardPng({ ...card.character, creator_username: 'importer' }, card.extras, card.avatar?.bytes, { now: NOW });
    const { v2, v3 } = cardsOfPng(png);
    expect((v3.data as Record<string, unknown>).creator).toBe('');
    expect((v2.data as Record<string, unknown>).creator).toBe('');
  });
});

describe('exportCardJson', () => {
  it('is a V3 card (the V3 specification: a JSON file MUST be a CharacterCardV3 object)', () => {
    const card = JSON.parse(exportCardJson(native, emptyCardExtras(), { now: NOW })) as unknown;
    expect(CardV3Schema.safeParse(card).error).toBeUndefined();
  });
});

describe('exportCardCharx', () => {
  it('is a zip with card.json at its root and the avatar as the main icon (embeded://)', async () => {
    const avatar = cardPng();
    const zip = await exportCardCharx(native, emptyCardExtras(), { bytes: avatar, mimeType: 'image/png' }, { now: NOW });
    const entries = await zipEntries(zip);
    expect([...entries.keys()]).toEqual(['card.json', 'assets/icon/images/main.png']);
    const card = JSON.parse(entries.get('card.json')!.toString('utf8')) as { data: { assets: unknown[] } };
    expect(CardV3Schema.safeParse(card).error).toBeUndefined();
    expect(card.data.assets).toEqual([{ type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' }]);
    expect(entries.get('assets/icon/images/main.png')!.equals(avatar)).toBe(true);
  });
});

describe('exportLorebookJson', () => {
  it('writes a lorebook_v3 file', () => {
    const file = JSON.parse(exportLorebookJson({ extensions: {}, entries: [{ keys: ['a'], content: 'b', extensions: {}, enabled: true, insertion_order: 0, use_regex: false }] })) as unknown;
    expect(LorebookV3FileSchema.safeParse(file).error).toBeUndefined();
  });
});

describe('nothing is lost: import, export, import again gives the same fields', () => {
  /**
   * Everything the first import kept comes back the same (modification_date excepted: V3 sets it on export). The
   * second import may hold more only where the specifications require a field the card left out (an empty
   * default) and where a CHARX names its main icon (the avatar).
   */
  function expectKept(first: ImportedCharacter, again: ImportedCharacter) {
    expect(again.character).toEqual(first.character);
    const { modification_date: _a, ...before } = first.extras.data;
    const { modification_date: _b, ...after } = again.extras.data;
    expect(Object.fromEntries(Object.keys(before).map((key) => [key, after[key]]))).toEqual(before);
    const added = Object.entries(after).filter(([key]) => !(key in before));
    const isDefault = ([key, value]: [string, unknown]) =>
      value === '' ||
      (Array.isArray(value) && value.length === 0) ||
      (typeof value === 'object' && value !== null && Object.keys(value).length === 0) ||
      (key === 'assets' && JSON.stringify(value) === JSON.stringify([{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }]));
    expect(added.filter((entry) => !isDefault(entry))).toEqual([]);
    expect(again.extras.legacy).toEqual(first.extras.legacy);
    const files = (card: ImportedCharacter) => card.files.map((f) => [f.path, Buffer.from(f.bytes).toString('base64')]).sort();
    expect(files(again)).toEqual(files(first));
  }

  const exports: Array<[string, (card: ImportedCharacter) => Promise<Uint8Array>, string]> = [
    ['PNG', async (card) => exportCardPng(card.character, card.extras, card.avatar?.bytes, { now: NOW, files: card.files }), 'again.png'],
    ['JSON', async (card) => Buffer.from(exportCardJson(card.character, card.extras, { now: NOW, files: card.files })), 'again.json'],
    ['CHARX', (card) => exportCardCharx(card.character, card.extras, card.avatar, { now: NOW, files: card.files }), 'again.charx'],
  ];

  it.each(exports)('a V2 PNG with a character book (as SillyTavern writes it) through %s', async (_kind, exportTo, fileName) => {
    const first = await imported(v2CardPng(), 'Lyra.png');
    expectKept(first, await imported(await exportTo(first), fileName));
  });

  it.each<[string, () => Buffer]>([
    ['a V1 PNG', () => v1CardPng()],
    ['a V3 PNG (ccv3 only)', () => v3CardPng(undefined, { chara: false })],
    ['a V3 PNG (chara and ccv3)', () => v3CardPng()],
  ])('%s through PNG and CHARX', async (_name, png) => {
    const first = await imported(png());
    for (const [, exportTo, fileName] of [exports[0]!, exports[2]!]) {
      expectKept(first, await imported(await exportTo(first), fileName));
    }
  });

  it('exporting never changes the stored extras', async () => {
    const first = await imported(v2CardPng());
    const deepFreeze = (value: unknown): void => {
      if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
      Object.freeze(value);
      Object.values(value).forEach(deepFreeze);
    };
    const before = JSON.stringify(first.extras);
    deepFreeze(first.extras);
    for (const [, exportTo] of exports) await exportTo(first);
    expect(JSON.stringify(first.extras)).toBe(before);
  });

  it('the avatar comes back as it went (PNG and CHARX)', async () => {
    const first = await imported(v3CardPng());
    for (const [, exportTo, fileName] of [exports[0]!, exports[2]!]) {
      const again = await imported(await exportTo(first), fileName);
      expect(Buffer.from(again.avatar!.bytes).equals(Buffer.from(first.avatar!.bytes))).toBe(true);
    }
  });

  it('a CHARX with assets, app files and unknown keys goes through every format and back', async () => {
    const { zipFrom } = await import('./cardTestFiles');
    const card = {
      spec: 'chara_card_v3',
      spec_version: '3.0',
      data: {
        name: 'Aria', description: 'A bard.', personality: 'cheerful', scenario: '', first_mes: 'Hello there!', mes_example: '',
        creator_notes: 'notes', system_prompt: 'sys', post_history_instructions: 'phi', alternate_greetings: ['alt'],
        group_only_greetings: ['group hi'], tags: ['a', 'b'], creator: 'me', character_version: '2',
        extensions: { 'risu/x': { y: 1 } }, nickname: 'Ari', source: ['https://example.com/aria'], creation_date: 1700000000,
        creator_notes_multilingual: { fr: 'notes fr' }, x_unknown: { keep: true },
        character_book: { name: 'Lore', extensions: {}, entries: [{ keys: ['k'], content: 'c', extensions: { e: 1 }, enabled: true, insertion_order: 1, use_regex: true, x: 2 }] },
        assets: [
          { type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' },
          { type: 'background', uri: 'embeded://assets/background/images/forest.webp', name: 'forest', ext: 'webp' },
          { type: 'x_risu', uri: 'https://example.com/remote.png', name: 'remote', ext: 'png' },
        ],
      },
    };
    const charx = zipFrom([
      { name: 'card.json', data: Buffer.from(JSON.stringify(card)) },
      { name: 'assets/icon/images/main.png', data: cardPng(), method: 0 },
      { name: 'assets/background/images/forest.webp', data: Buffer.from('RIFF....WEBPVP8 '), method: 0 },
      { name: 'module.risum', data: Buffer.from([1, 2, 3, 4]) },
    ]);
    const first = await imported(charx, 'aria.charx');
    expect(first.files.map((f) => f.path).sort()).toEqual(['assets/background/images/forest.webp', 'module.risum']);
    for (const [, exportTo, fileName] of [exports[2]!, exports[0]!]) {
      expectKept(first, await imported(await exportTo(first), fileName));
    }
    // JSON has no room for files: assets become data URLs, app files stay with the chatbot only.
    const json = JSON.parse(exportCardJson(first.character, first.extras, { now: NOW, files: first.files })) as { data: { assets: Array<{ uri: string }> } };
    expect(json.data.assets.map((a) => a.uri.slice(0, 20))).toEqual(['ccdefault:', 'data:image/webp;base', 'https://example.com/']);
  });
});
