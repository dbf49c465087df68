import { CHARACTER_CARD_IMPORT_ERRORS } from '@fable/contracts';
import { CARD_CAPS } from './cardCaps';
import { CARD_ERROR_MESSAGES, PNG_CARD_ERROR_MESSAGES } from './cardErrors';
import { cardPng, cardText, chunksOfPng, text, zipFrom } from './cardTestFiles';
import { CardExtrasSchema } from './cardTypes';
import { importCard, type ImportedCharacter, type ImportedLorebook } from './importCard';
import { jsonFile as json, v2Card, v3Card } from './sampleCards';
import { generatedV2Card, generatedV3Card } from './testing/generatedCardData';
import { badCrcPng, charxCard, notBase64Png, picturePng, traversalCharx, truncatedPng, v1CardPng, v2CardPng, v3CardPng, worldInfoJson, zipBombCharx } from './testing/generatedCardFiles';

async function character(bytes: Uint8Array, fileName?: string): Promise<ImportedCharacter> {
  const result = await importCard(bytes, fileName);
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  if (result.card.kind !== 'character') throw new Error('not a character');
  return result.card;
}

async function lorebook(bytes: Uint8Array, fileName?: string): Promise<ImportedLorebook> {
  const result = await importCard(bytes, fileName);
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  if (result.card.kind !== 'lorebook') throw new Error('not a lorebook');
  return result.card;
}

async function refusal(bytes: Uint8Array, fileName?: string) {
  const result = await importCard(bytes, fileName);
  if (result.ok) throw new Error('imported');
  return result.error;
}

describe('cards of each kind (generated, shaped like other apps\' cards; the real ones: realCardFiles.test.ts)', () => {
  it('a V2 PNG (chara only, V1 fields mirrored, a character book) imports', async () => {
    const source = generatedV2Card();
    const card = await character(v2CardPng(), 'Lyra.png');
    expect(card.character.name).toBe('Lyra');
    expect(card.character.persona).toBe(source.data.description);
    expect(card.character.greeting).toBe(source.data.first_mes);
    // Empty scenario and example dialogue are left out (kept only if longer than 1 char).
    expect(card.character.scenario).toBeUndefined();
    expect(card.character.dialogue).toBeUndefined();
    // No personality summary: the title comes from the creator's notes, with a warning.
    expect(card.character.title).toBe(source.data.creator_notes);
    expect(card.warnings.some((w) => w.includes('title'))).toBe(true);
    expect(card.extras.source).toEqual({ container: 'png', spec: 'chara_card_v2', spec_version: '2.0' });
    expect(card.extras.data.creator).toBe('FableTests');
    expect(card.extras.data.extensions).toEqual({ talkativeness: '0.5', fav: false, world: 'Brightwater' });
    const book = card.extras.data.character_book as { name: string; entries: Array<Record<string, unknown>> };
    expect(book.name).toBe('Brightwater');
    expect(book.entries).toHaveLength(4);
    expect(book.entries[0]).toMatchObject({ keys: source.data.character_book.entries[0]!.keys, extensions: { position: 0, probability: null, useProbability: false } });
    expect(card.extras.legacy).toMatchObject({ talkativeness: '0.5', creatorcomment: source.data.creator_notes });
    expect(CardExtrasSchema.safeParse(card.extras).success).toBe(true);
  });

  it('the avatar of a PNG card is the PNG itself without its card chunks', async () => {
    const png = v2CardPng();
    const card = await character(png);
    expect(card.avatar?.mimeType).toBe('image/png');
    const chunks = chunksOfPng(card.avatar!.bytes);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks[1]!.data.equals(chunksOfPng(png)[1]!.data)).toBe(true);
  });

  it('a V1 PNG (flat fields, legacy keys, non-ASCII text) imports', async () => {
    const card = await character(v1CardPng());
    expect(card.character).toMatchObject({ name: 'Pip', title: 'curious, talkative, clumsy at times', scenario: 'Pip is fixing a clock in the market square' });
    expect(card.character.persona).toContain('tinker’s cap');
    expect(card.character.persona).toContain('Zoë says Pip can mend anything — except');
    expect(card.character.dialogue?.startsWith('<START>')).toBe(true);
    expect(card.extras.source?.spec).toBe('chara_card_v1');
    expect(card.extras.legacy).toEqual({ avatar: 'none', chat: '1673323621108', create_date: '1674407315335' });
  });

  it.each([
    ['ccv3 only', false],
    ['ccv3 beside its chara fallback', true],
  ])('a V3 PNG (%s) imports from ccv3, with its alternate greetings and tags', async (_name, chara) => {
    const card = await character(v3CardPng(generatedV3Card(), { chara }));
    expect(card.character.name).toBe('Juniper');
    expect(card.character.tags).toEqual(generatedV3Card().data.tags);
    expect(card.extras.source).toEqual({ container: 'png', spec: 'chara_card_v3', spec_version: '3.0' });
    expect(card.extras.data.alternate_greetings).toHaveLength(2);
    expect(card.extras.data.creator_notes).toBe('');
    expect(card.extras.data.extensions).toEqual({});
    // The card leaves out group_only_greetings, which V3 requires: a warning, not a refusal.
    expect(card.warnings.some((w) => w.includes('group_only_greetings'))).toBe(true);
  });

  it('a PNG without any text chunk is refused with its message', async () => {
    expect(await refusal(picturePng(), 'invalid-character.png')).toEqual({
      code: 'no_text_fields',
      message: PNG_CARD_ERROR_MESSAGES.no_text_fields,
      status: 400,
    });
  });

  it.each([
    ['current', 'Brightwater'],
    ['old', 'Harbour Town'],
  ] as const)('SillyTavern World Info (%s format) imports as a lorebook named after the file', async (format, name) => {
    const file = worldInfoJson(format);
    const book = await lorebook(file, `${name}.json`);
    const entries = Object.values((JSON.parse(file.toString('utf8')) as { entries: Record<string, Record<string, unknown>> }).entries);
    expect(book.lorebook.name).toBe(name);
    expect(book.lorebook.entries.map((e) => [e.keys, e.content, e.insertion_order])).toEqual(entries.map((e) => [e.key, e.content, e.order]));
    expect(book.warnings).toEqual([]);
  });
});

describe('the PNG card errors of document 1 §5', () => {
  it('each has its own message', () => {
    const messages = CHARACTER_CARD_IMPORT_ERRORS.map((code) => PNG_CARD_ERROR_MESSAGES[code]);
    expect(messages.every((m) => typeof m === 'string' && m.length > 20)).toBe(true);
    expect(new Set(messages).size).toBe(6);
    expect(new Set(Object.values(CARD_ERROR_MESSAGES)).size).toBe(Object.keys(CARD_ERROR_MESSAGES).length);
  });

  it.each<[string, () => Uint8Array, string]>([
    ['no text fields', () => cardPng(), 'no_text_fields'],
    ['no chara field', () => cardPng(text('Software', 'Krita'), text('Comment', 'hello')), 'no_chara_field'],
    ['bad base64', () => notBase64Png(), 'bad_base64'],
    ['bad base64 (a NUL inside the text)', () => cardPng({ type: 'tEXt', data: Buffer.from('chara\0eyJh\0IjoxfQ==', 'latin1') }), 'bad_base64'],
    ['invalid header', () => Buffer.concat([Buffer.from('JFIF'), v2CardPng().subarray(4)]), 'invalid_header'],
    ['bad CRC', () => badCrcPng(v2CardPng()), 'bad_crc'],
    ['missing header chunks (file cut off)', () => truncatedPng(v2CardPng()), 'missing_header_chunks'],
  ])('%s', async (_name, bytes, code) => {
    const error = await refusal(bytes(), 'card.png');
    expect(error.code).toBe(code);
    expect(error.message).toBe(CARD_ERROR_MESSAGES[code as keyof typeof CARD_ERROR_MESSAGES]);
    expect(error.status).toBe(400);
  });
});

describe('malformed files get a clear error, quickly', () => {
  const cases: Array<[string, () => Uint8Array, string | undefined, string]> = [
    ['an empty file', () => Buffer.alloc(0), 'card.png', 'empty_file'],
    ['a 10 MB file', () => Buffer.alloc(CARD_CAPS.maxInputBytes, 0x20), 'card.json', 'file_too_large'],
    ['a PNG declaring a 64 MB chunk', () => {
      const png = cardPng(text('chara', cardText(v2Card())));
      png.writeUInt32BE(64 * 1024 * 1024, 33); // the chunk after IHDR (8 + 25)
      return png;
    }, 'card.png', 'png_chunk_too_large'],
    ['a card whose JSON is broken', () => cardPng(text('chara', Buffer.from('{"name": "x",').toString('base64'))), 'card.png', 'invalid_json'],
    ['a card whose JSON is an array', () => cardPng(text('chara', cardText([1, 2]))), 'card.png', 'not_a_card'],
    ['a JSON file that is an array', () => json([{ name: 'x' }]), 'card.json', 'not_a_card'],
    ['a JSON file that is a number', () => Buffer.from('42'), 'card.json', 'not_a_card'],
    ['a JSON file that is a string', () => Buffer.from('"chara_card_v2"'), 'card.json', 'not_a_card'],
    ['a JSON object that is no card', () => json({ hello: 'world' }), 'card.json', 'not_a_card'],
    ['a V2 card whose data is a string', () => json({ spec: 'chara_card_v2', spec_version: '2.0', data: 'oops' }), 'card.json', 'invalid_card'],
    ['a JSON card nested 100,000 deep', () => Buffer.from(`{"spec":"chara_card_v2","data":${'['.repeat(100_000)}${']'.repeat(100_000)}}`), 'card.json', 'nested_too_deeply'],
    ['binary data named .json', () => Buffer.from(Array.from({ length: 5000 }, (_, i) => 0x80 + (i % 100))), 'card.json', 'invalid_text'],
    ['a text file', () => Buffer.from('name: Aria\n'), 'card.txt', 'unsupported_format'],
    ['a JPEG', () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), 'card.jpg', 'unsupported_format'],
    ['a zip bomb', () => zipBombCharx(), 'card.charx', 'charx_too_large'],
    ['a CHARX with a ../ entry', () => traversalCharx('../../etc/cron.d/x'), 'card.charx', 'charx_unsafe_path'],
    ['a CHARX without card.json', () => zipFrom([{ name: 'cards/card.json', data: json(v3Card()) }]), 'card.charx', 'charx_no_card'],
    ['a PNG of 20,000 empty chunks', () => cardPng(...Array.from({ length: 20_000 }, () => text('x', ''))), 'card.png', 'png_too_many_chunks'],
    ['a CHARX that is not a zip', () => Buffer.from('this is not a zip'), 'card.charx', 'charx_invalid'],
  ];
  it.each(cases)('%s', async (_name, bytes, fileName, code) => {
    const input = bytes();
    const error = await refusal(input, fileName);
    expect(error.code).toBe(code);
    expect(error.message).toBe(CARD_ERROR_MESSAGES[code as keyof typeof CARD_ERROR_MESSAGES]);
    expect(error.status).toBe(code === 'file_too_large' ? 413 : 400);
  });
});

describe('the V2 and V3 specifications', () => {
  it('reads a PNG chunk as base64 of UTF-8 JSON (non-ASCII text intact)', async () => {
    const card = await character(cardPng(text('chara', cardText(v2Card({ name: 'Zoë 🐉', first_mes: 'Ça va? 你好 — «bonjour»' })))));
    expect(card.character.name).toBe('Zoë 🐉');
    expect(card.character.greeting).toBe('Ça va? 你好 — «bonjour»');
  });

  it('prefers ccv3 to chara when a PNG has both, in either order', async () => {
    const v2 = text('chara', cardText(v2Card({ name: 'From chara' })));
    const v3 = text('ccv3', cardText(v3Card({ name: 'From ccv3' })));
    expect((await character(cardPng(v2, v3))).character.name).toBe('From ccv3');
    expect((await character(cardPng(v3, v2))).character.name).toBe('From ccv3');
  });

  it('falls back to chara, with a warning, when ccv3 is damaged', async () => {
    const card = await character(cardPng(text('ccv3', '***'), text('chara', cardText(v2Card({ name: 'Backup' })))));
    expect(card.character.name).toBe('Backup');
    expect(card.warnings.some((w) => w.includes('ccv3'))).toBe(true);
  });

  it('trims the V3 backfill note from creator_notes of a chara chunk (V3: "SHOULD be trimmed on import")', async () => {
    const note =
      'This character card is Character Card V3, but it is loaded as a Character Card V2. Please use a Character Card V3 compatible application to use this character card properly.';
    const card = await character(cardPng(text('chara', cardText(v2Card({ creator_notes: `${note}\n\nReal notes.` })))));
    expect(card.extras.data.creator_notes).toBe('Real notes.');
  });

  it('imports JSON cards of each version', async () => {
    expect((await character(json(v2Card()), 'a.json')).extras.source?.spec).toBe('chara_card_v2');
    expect((await character(json(v3Card()), 'a.json')).extras.source?.spec).toBe('chara_card_v3');
    const v1 = { name: 'Old', description: 'd'.repeat(10), personality: 'grumpy', scenario: '', first_mes: 'Hello you', mes_example: '' };
    expect((await character(json(v1), 'a.json')).character).toMatchObject({ name: 'Old', title: 'grumpy', greeting: 'Hello you' });
  });

  it('reads the Pygmalion V1 names (document 1 §3 "name/char_name")', async () => {
    const card = await character(json({ char_name: 'Pyg', char_persona: 'A helpful robot.', world_scenario: 'A lab.', char_greeting: 'Beep boop.', example_dialogue: 'You: hi' }));
    expect(card.character).toMatchObject({ name: 'Pyg', persona: 'A helpful robot.', scenario: 'A lab.', greeting: 'Beep boop.', dialogue: 'You: hi' });
    expect(card.extras.legacy).toEqual({});
  });

  it('imports a standalone lorebook_v3', async () => {
    const file = { spec: 'lorebook_v3', data: { name: 'World', extensions: {}, entries: [{ keys: ['x'], content: 'X is a place.', extensions: { mine: 1 }, enabled: true, insertion_order: 0, use_regex: false }] } };
    const book = await lorebook(json(file), 'world.json');
    expect(book.lorebook).toEqual(file.data);
  });

  it('warns when a V3 card is from a newer version of the format', async () => {
    const card = await character(json({ ...v3Card(), spec_version: '3.1' }));
    expect(card.warnings.some((w) => w.includes('3.1'))).toBe(true);
  });
});

describe('lenient like the best peers', () => {
  it('character_book: null and no creator import with warnings, not a refusal', async () => {
    const { creator: _creator, ...data } = v2Card({ character_book: null }).data;
    const card = await character(json({ spec: 'chara_card_v2', spec_version: '2.0', data }));
    expect(card.character.name).toBe('Aria');
    expect(card.warnings).toEqual(
      expect.arrayContaining([expect.stringContaining('character book'), expect.stringContaining('"creator"')]),
    );
    expect(card.extras.data).not.toHaveProperty('character_book');
  });

  it('a V2 card with only a name and a greeting imports, listing what is missing', async () => {
    const card = await character(json({ spec: 'chara_card_v2', data: { name: 'Min', first_mes: 'Hi there!' } }));
    expect(card.character).toMatchObject({ name: 'Min', greeting: 'Hi there!', persona: '', title: '' });
    expect(card.warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining('no personality'),
        expect.stringContaining('no title'),
        expect.stringContaining('"creator_notes"'),
      ]),
    );
  });

  it('wrong types are converted or left out with a warning', async () => {
    const card = await character(json(v2Card({ tags: 'fantasy, music', alternate_greetings: ['Hi', 42, { x: 1 }], character_version: 2 })));
    expect(card.character.tags).toEqual(['fantasy', 'music']);
    expect(card.extras.data.alternate_greetings).toEqual(['Hi', '42']);
    expect(card.extras.data.character_version).toBe('2');
    expect(card.warnings.length).toBeGreaterThan(0);
  });

  it('keeps unknown keys: in data, in extensions, in the book and in every entry', async () => {
    const book = {
      name: 'Lore',
      extensions: { 'agnai/memory': { depth: 3 } },
      entries: [{ keys: ['k'], content: 'c', extensions: { position: 4, weird: [1, { a: null }] }, enabled: true, insertion_order: 5, x_custom: 'kept' }],
      x_book: true,
    };
    const card = await character(json({ ...v2Card({ extensions: { depth_prompt: { prompt: 'p', depth: 4 }, 'some/app': 1 }, character_book: book, x_data: [1] }), x_top: 'top' }));
    expect(card.extras.data.extensions).toEqual({ depth_prompt: { prompt: 'p', depth: 4 }, 'some/app': 1 });
    expect(card.extras.data.x_data).toEqual([1]);
    expect(card.extras.legacy).toEqual({ x_top: 'top' });
    expect(card.extras.data.character_book).toEqual({ ...book, entries: [{ ...book.entries[0], use_regex: false }] });
  });

  it('says when what the chatbot keeps of the card is larger than a chatbot can store', async () => {
    const entries = Array.from({ length: 300 }, (_, i) => ({ keys: [`k${i}`], content: 'lore '.repeat(200), extensions: {}, enabled: true, insertion_order: i }));
    const card = await character(json(v2Card({ character_book: { extensions: {}, entries } })));
    expect(card.warnings.some((w) => w.includes('more than the 256 KB'))).toBe(true);
    expect((await character(json(v2Card()))).warnings.some((w) => w.includes('256 KB'))).toBe(false);
  });

  it('a __proto__ key stays a key', async () => {
    const card = await character(Buffer.from(JSON.stringify(v2Card()).replace('"extensions":{}', '"extensions":{"__proto__":{"polluted":true}}')));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(card.extras.data.extensions as object)).toEqual(['__proto__']);
  });
});

describe('CHARX', () => {
  const icon = cardPng();
  const charx = (card: unknown, files: Array<{ name: string; data: Uint8Array }> = []) =>
    zipFrom([{ name: 'card.json', data: json(card) }, ...files.map((f) => ({ ...f, method: 0 as const }))]);

  it('reads card.json, takes the main icon (embeded://) as the avatar and keeps the other files', async () => {
    const assets = [
      { type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' },
      { type: 'emotion', uri: 'embeded://assets/emotion/images/happy.png', name: 'happy', ext: 'png' },
    ];
    const happy = Buffer.from('not really an image');
    const card = await character(
      charx(v3Card({ assets }), [
        { name: 'assets/icon/images/main.png', data: icon },
        { name: 'assets/emotion/images/happy.png', data: happy },
        { name: 'x_meta/app.json', data: Buffer.from('{"app":1}') },
      ]),
      'aria.charx',
    );
    expect(card.avatar?.mimeType).toBe('image/png');
    expect(Buffer.from(card.avatar!.bytes).equals(icon)).toBe(true);
    expect(card.files.map((f) => f.path).sort()).toEqual(['assets/emotion/images/happy.png', 'x_meta/app.json']);
    expect(card.extras.data.assets).toEqual([{ ...assets[0], uri: 'ccdefault:' }, assets[1]]);
    expect(card.extras.source?.container).toBe('charx');
  });

  it('a CHARX written by another zip writer (yazl): card.json and its main icon, the avatar', async () => {
    const card = await character(await charxCard(generatedV3Card(), icon), 'juniper.charx');
    expect(card.character.name).toBe('Juniper');
    expect(card.extras.source).toEqual({ container: 'charx', spec: 'chara_card_v3', spec_version: '3.0' });
    expect(Buffer.from(card.avatar!.bytes).equals(icon)).toBe(true);
    expect(card.files).toEqual([]);
  });

  it('an icon that is a web address is not downloaded: a warning, no avatar', async () => {
    const card = await character(charx(v3Card({ assets: [{ type: 'icon', uri: 'https://example.com/a.png', name: 'main', ext: 'png' }] })));
    expect(card.avatar).toBeUndefined();
    expect(card.warnings.some((w) => w.includes('web address'))).toBe(true);
  });

  it('an icon whose bytes are no image gives no avatar', async () => {
    const card = await character(
      charx(v3Card({ assets: [{ type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' }] }), [
        { name: 'assets/icon/images/main.png', data: Buffer.from('<svg onload="alert(1)"/>') },
      ]),
    );
    expect(card.avatar).toBeUndefined();
  });
});
