import path from 'node:path';
import { PNG_CARD_ERROR_MESSAGES } from './cardErrors';
import { chunksOfPng } from './cardTestFiles';
import { CardExtrasSchema } from './cardTypes';
import { exportCardCharx, exportCardJson, exportCardPng } from './exportCard';
import { importCard, type ImportedCharacter, type ImportedLorebook } from './importCard';
import { readPngChunks, writePng } from './pngChunks';
import { cardFixture as fixture, DEFAULT_CHAN, describeWithCardFixtures, FIXTURES_DIR_ENV, SERAPHINA } from './testing/cardFixtures';

// The cards made by other apps (SillyTavern, Choral), the real files of shared/fixtures: read when the folder is
// beside the repository, skipped (one line says so) when it is not. Every behaviour tested here is also tested on
// generated cards (importCard, pngChunks and exportCard tests), so a clone without the folder still covers it.

async function imported(bytes: Uint8Array, fileName?: string): Promise<ImportedCharacter | ImportedLorebook> {
  const result = await importCard(bytes, fileName);
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  return result.card;
}

async function character(bytes: Uint8Array, fileName?: string): Promise<ImportedCharacter> {
  const card = await imported(bytes, fileName);
  if (card.kind !== 'character') throw new Error('not a character');
  return card;
}

describe('the fixtures folder', () => {
  /** CARD_FIXTURES_DIR as the module computes it with FABLE_FIXTURES_DIR set to `value` (unset: undefined). */
  function fixturesDirWith(value: string | undefined): string {
    const before = process.env[FIXTURES_DIR_ENV];
    if (value === undefined) delete process.env[FIXTURES_DIR_ENV];
    else process.env[FIXTURES_DIR_ENV] = value;
    try {
      let dir = '';
      jest.isolateModules(() => {
        dir = (jest.requireActual('./testing/cardFixtures') as { CARD_FIXTURES_DIR: string }).CARD_FIXTURES_DIR;
      });
      return dir;
    } finally {
      if (before === undefined) delete process.env[FIXTURES_DIR_ENV];
      else process.env[FIXTURES_DIR_ENV] = before;
    }
  }

  it('is shared/fixtures beside the repository, unless FABLE_FIXTURES_DIR names another', () => {
    const repository = path.resolve(__dirname, '../../../..');
    expect(fixturesDirWith(undefined)).toBe(path.resolve(repository, '../shared/fixtures/character-cards'));
    expect(fixturesDirWith('/nonexistent')).toBe('/nonexistent/character-cards');
  });
});

describeWithCardFixtures('cards made by other apps (the real files)', () => {
  it('SillyTavern Seraphina (V2 PNG, chara only, with a character book) imports', async () => {
    const card = await character(fixture(SERAPHINA), 'default_Seraphina.png');
    expect(card.character.name).toBe('Seraphina');
    expect(card.character.persona.startsWith("[Seraphina's Personality=")).toBe(true);
    expect(card.character.greeting.startsWith('*You wake with a start')).toBe(true);
    expect(card.character.scenario).toBeUndefined();
    expect(card.character.dialogue).toBeUndefined();
    expect(card.character.title).toBe('ST Default Bot contest winner: roleplay bots category');
    expect(card.warnings.some((w) => w.includes('title'))).toBe(true);
    expect(card.extras.source).toEqual({ container: 'png', spec: 'chara_card_v2', spec_version: '2.0' });
    expect(card.extras.data.creator).toBe('OtisAlejandro');
    expect(card.extras.data.extensions).toEqual({ talkativeness: '0.5', fav: false, world: 'Eldoria' });
    const book = card.extras.data.character_book as { name: string; entries: Array<Record<string, unknown>> };
    expect(book.name).toBe('Eldoria');
    expect(book.entries).toHaveLength(4);
    expect(book.entries[0]).toMatchObject({ keys: ['eldoria', 'wood', 'forest', 'magical forest'], extensions: { position: 0, probability: null, useProbability: false } });
    expect(card.extras.legacy).toMatchObject({ talkativeness: '0.5', creatorcomment: 'ST Default Bot contest winner: roleplay bots category' });
    expect(CardExtrasSchema.safeParse(card.extras).success).toBe(true);
  });

  it('the avatar of a PNG card is the PNG itself without its card chunks', async () => {
    const card = await character(fixture(SERAPHINA));
    const chunks = chunksOfPng(card.avatar!.bytes);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks[1]!.data.equals(chunksOfPng(fixture(SERAPHINA))[1]!.data)).toBe(true);
  });

  it('SillyTavern Megumin (V1 PNG, flat fields, non-ASCII text) imports', async () => {
    const card = await character(fixture('sillytavern/Megumin.png'));
    expect(card.character).toMatchObject({
      name: 'Megumin',
      title: 'loud, intelligent, theatrical, hyperactive sometimes',
      scenario: 'Megumin went out of city to train explosion magic',
    });
    expect(card.character.persona).toContain('wizard’s hat');
    expect(card.character.dialogue?.startsWith('<START>')).toBe(true);
    expect(card.extras.source?.spec).toBe('chara_card_v1');
    expect(card.extras.legacy).toEqual({ avatar: 'none', chat: '1673323621108', create_date: '1674407315335' });
  });

  it('Choral Default-chan (V3 PNG, ccv3 only) imports with its alternate greetings and tags', async () => {
    const card = await character(fixture(DEFAULT_CHAN));
    expect(card.character.name).toBe('Default-chan');
    expect(card.character.tags).toEqual(['Cute', 'Girlfriend', 'Cozy', 'Interactive Simulation', 'Video Games']);
    expect(card.extras.source).toEqual({ container: 'png', spec: 'chara_card_v3', spec_version: '3.0' });
    expect(card.extras.data.alternate_greetings).toHaveLength(2);
    expect(card.extras.data.extensions).toEqual({});
    expect(card.warnings.some((w) => w.includes('group_only_greetings'))).toBe(true);
  });

  it('Choral’s PNG without any text chunk is refused with its message', async () => {
    expect(await importCard(fixture('choral/invalid-character.png'), 'invalid-character.png')).toEqual({
      ok: false,
      error: { code: 'no_text_fields', message: PNG_CARD_ERROR_MESSAGES.no_text_fields, status: 400 },
    });
  });

  it.each(['Eldoria', 'Toaru'])('SillyTavern World Info %s imports as a lorebook named after the file', async (name) => {
    const book = await imported(fixture(`sillytavern-worlds/${name}.json`), `${name}.json`);
    if (book.kind !== 'lorebook') throw new Error('not a lorebook');
    const original = JSON.parse(fixture(`sillytavern-worlds/${name}.json`).toString('utf8')) as { entries: Record<string, Record<string, unknown>> };
    const entries = Object.values(original.entries);
    expect(book.lorebook.name).toBe(name);
    expect(book.lorebook.entries.map((e) => [e.keys, e.content, e.insertion_order])).toEqual(entries.map((e) => [e.key, e.content, e.order]));
    expect(book.warnings).toEqual([]);
  });

  it('damaged copies of Seraphina are refused with the PNG errors', async () => {
    const bad = Buffer.from(fixture(SERAPHINA));
    bad[1000]! ^= 0xff;
    for (const [bytes, code] of [
      [Buffer.concat([Buffer.from('JFIF'), fixture(SERAPHINA).subarray(4)]), 'invalid_header'],
      [bad, 'bad_crc'],
      [fixture(SERAPHINA).subarray(0, 300_000), 'missing_header_chunks'],
    ] as const) {
      const result = await importCard(bytes, 'card.png');
      expect(result.ok ? 'imported' : result.error.code).toBe(code);
    }
  });

  it('the PNG reader reads their chunks, finds a one-bit change, and writes an image back byte for byte', () => {
    expect(readPngChunks(fixture(SERAPHINA)).map((c) => c.name)).toEqual(['IHDR', 'IDAT', 'tEXt', 'IEND']);
    const megumin = Buffer.from(fixture('sillytavern/Megumin.png'));
    megumin[megumin.length >> 1]! ^= 0x01;
    expect(() => readPngChunks(megumin)).toThrow();
    const chan = fixture(DEFAULT_CHAN);
    expect(Buffer.from(writePng(readPngChunks(chan))).equals(chan)).toBe(true);
  });

  it.each([SERAPHINA, 'sillytavern/Megumin.png', DEFAULT_CHAN])('%s: import, export (PNG, JSON, CHARX), import again gives the same fields', async (name) => {
    const first = await character(fixture(name));
    const now = new Date('2026-03-04T05:06:07Z');
    const files = [
      [exportCardPng(first.character, first.extras, first.avatar?.bytes, { now, files: first.files }), 'again.png'],
      [Buffer.from(exportCardJson(first.character, first.extras, { now, files: first.files })), 'again.json'],
      [await exportCardCharx(first.character, first.extras, first.avatar, { now, files: first.files }), 'again.charx'],
    ] as const;
    for (const [bytes, fileName] of files) {
      const again = await character(bytes, fileName);
      expect(again.character).toEqual(first.character);
      const { modification_date: _a, ...before } = first.extras.data;
      expect(Object.fromEntries(Object.keys(before).map((key) => [key, again.extras.data[key]]))).toEqual(before);
      expect(again.extras.legacy).toEqual(first.extras.legacy);
      if (!fileName.endsWith('.json') && first.avatar) expect(Buffer.from(again.avatar!.bytes).equals(Buffer.from(first.avatar.bytes))).toBe(true);
    }
  });
});
