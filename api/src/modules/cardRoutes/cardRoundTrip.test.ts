import { deflateSync } from 'node:zlib';
import { CardImportResultSchema } from '@fable/contracts';
import { BACKENDS } from '../../testing/testDatabases';
import { cardOfText, chunksOfPng, entriesOfZip, iend, ihdr, pngFromChunks, text, textsOfPng } from '../cards/cardTestFiles';
import { isPlainObject } from '../cards/cardJson';
import { V1_FIELDS } from '../cards/readCard';
import { cardFixture, cardFixtureFiles, cardFixturesAvailable, CARD_FIXTURES_DIR } from '../cards/testing/cardFixtures';
import { generatedV2Card } from '../cards/testing/generatedCardData';
import { CHARX_ICON_PATH, charxCard, jsonCard, v1CardPng, v2CardPng, v3CardPng, worldInfoJson } from '../cards/testing/generatedCardFiles';
import { cardText } from '../cards/cardTestFiles';
import { uploadAvatar } from '../images/avatarUploadTestKit';
import { call, chatbotTestApp } from '../moderation/testing/chatbotTestKit';
import { cardRouteCalls, type ExportFormat } from './cardRouteTestKit';

/**
 * The round trip of issue 29 ("Cards that travel back"): every card and World Info file of other apps
 * (shared/fixtures, when it is there) and of the project's own generator, imported into Fable as a member does it
 * (the import call, the avatar uploaded, the chatbot or the lorebook saved), exported by Fable and read back, equals
 * the original field for field, except what EXCEPTIONS lists, each with its reason. The avatar of a PNG card goes
 * back with its image data byte for byte.
 */

type Json = Record<string, unknown>;
type Change = 'changed' | 'added' | 'removed';

/** What an export may change of a card, and why. Anything else that differs fails the test. */
const EXCEPTIONS: ReadonlyArray<{ path: RegExp; changes: readonly Change[]; formats?: readonly ExportFormat[]; reason: string }> = [
  { path: /^spec(_version)?$/, changes: ['changed', 'added'], reason: 'Fable writes V3 (chara_card_v3, 3.0); a PNG carries the V2 card beside it in its chara chunk' },
  {
    path: new RegExp(`^(${V1_FIELDS.join('|')})$`),
    changes: ['removed'],
    reason: "a V1 card's fields, and a V2 card's copies of them at the top level, are in `data` in V3 (the PNG's V2 chara chunk has the copies)",
  },
  { path: /^data\.extensions\.fable$/, changes: ['added'], reason: "Fable's own extension holds the chatbot's title, so that it comes back on re-import" },
  { path: /^data\.modification_date$/, changes: ['added', 'changed'], reason: 'V3 modification date: the time of the export' },
  { path: /^data\.creation_date$/, changes: ['added'], reason: "V3 creation date: the chatbot's, when the card had none" },
  {
    path: /^data\.(group_only_greetings|creator_notes|system_prompt|post_history_instructions|alternate_greetings|tags|creator|character_version|extensions)$/,
    changes: ['added'],
    reason: 'a field V3 requires that the card (V1, V2) did not have, written empty',
  },
  { path: /^data\.character_book\.extensions$/, changes: ['added'], reason: 'V3 requires a lorebook’s extensions; the card’s book had none: written empty' },
  {
    path: /^data\.assets$/,
    changes: ['added'],
    formats: ['charx'],
    reason: 'a CHARX carries the avatar as its main icon (assets/icon/images/main.png), which V3 lists as an icon asset',
  },
  {
    path: /^data\.assets\.\d+\.uri$/,
    changes: ['changed'],
    formats: ['png', 'json'],
    reason: 'the main icon of a CHARX is the picture itself in a PNG and the avatar of the chatbot in a JSON (ccdefault:)',
  },
  {
    path: /^data\.character_book\.entries\.\d+\.(use_regex|extensions|enabled|insertion_order)$/,
    changes: ['added'],
    reason: 'a field V3 requires of every lorebook entry that the card’s entry did not have, written with its default',
  },
];

/** Where `before` and `after` differ: objects key by key, arrays of one length item by item, anything else whole. */
function differences(before: unknown, after: unknown, path = ''): Array<[string, Change]> {
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((key): Array<[string, Change]> => {
      if (!(key in after)) return [[at(key), 'removed']];
      if (!(key in before)) return [[at(key), 'added']];
      return differences(before[key], after[key], at(key));
    });
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) return before.flatMap((item, i) => differences(item, after[i], at(i)));
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [[path, 'changed']];
}

const unexpected = (before: Json, after: Json, format: ExportFormat) =>
  differences(before, after)
    .filter(([path, change]) => !EXCEPTIONS.some((e) => e.path.test(path) && e.changes.includes(change) && (!e.formats || e.formats.includes(format))))
    .map(([path, change]) => `${path} ${change}`);

/** A V1 card (no spec) as the V3 shape it is compared in: its fields in `data`, its other keys at the top level. */
function asV3Shape(card: Json): Json {
  if (typeof card.spec === 'string') return card;
  const data = Object.fromEntries(V1_FIELDS.filter((key) => key in card).map((key) => [key, card[key]]));
  return { ...card, data };
}

/** The card in a file (a PNG's ccv3, else chara; a CHARX's card.json; a JSON file) and its picture, if any. */
async function cardIn(bytes: Uint8Array, kind: 'png' | 'json' | 'charx'): Promise<{ card: Json; picture?: Buffer }> {
  if (kind === 'png') {
    const texts = new Map(textsOfPng(bytes));
    const picture = pngFromChunks(chunksOfPng(bytes).filter((chunk) => chunk.type !== 'tEXt'));
    return { card: asV3Shape(cardOfText(texts.get('ccv3') ?? texts.get('chara')!)), picture };
  }
  if (kind === 'charx') {
    const entries = await entriesOfZip(bytes);
    return { card: JSON.parse(entries.get('card.json')!.toString('utf8')) as Json, picture: entries.get(CHARX_ICON_PATH) };
  }
  return { card: asV3Shape(JSON.parse(Buffer.from(bytes).toString('utf8')) as Json) };
}

/** A 2×2 PNG of four colours (a WebP at quality 90 gets them wrong). */
function iconPng(): Buffer {
  const rows = [
    [0, 255, 0, 0, 0, 255, 0],
    [0, 0, 0, 255, 250, 250, 5],
  ];
  return pngFromChunks([ihdr(2, 2), { type: 'IDAT', data: deflateSync(Buffer.from(rows.flat())) }, iend()]);
}

/** A V2 card whose fields Fable cuts: a 31-character name, a 2,534-character greeting, 14 tags, a link, padding. */
function cutCardPng(): Buffer {
  const card = generatedV2Card();
  const greeting = `  ${'The tide is out. '.repeat(149)}Welcome!`;
  const data = {
    ...card.data,
    name: 'Bartholomew the Very Magnificent',
    description: `${card.data.description}\nMore at https://example.com/lyra and www.example.org.`,
    first_mes: greeting,
    scenario: 'Short',
    tags: Array.from({ length: 14 }, (_, i) => `Tag ${i + 1}`),
    title: 'A lighthouse keeper',
  };
  return pngFromChunks([...chunksOfPng(iconPng()).filter((c) => c.type !== 'IEND'), text('chara', cardText({ ...card, data })), iend()]);
}

const FORMATS: readonly ExportFormat[] = ['png', 'json', 'charx'];

describe.each(BACKENDS)('cards and World Info files exported by Fable and read back on %s', (backend) => {
  const kit = chatbotTestApp(backend, ['traveller']);
  const owner = () => kit.members.traveller;
  const { upload, imported, exported, createFrom } = cardRouteCalls(() => kit.t, owner);

  /** A character card imported, saved with its avatar, exported in every format: each reads back as the original. */
  async function cardGoesBack(bytes: Uint8Array, fileName: string) {
    const kind = fileName.endsWith('.png') ? 'png' : fileName.endsWith('.json') ? 'json' : 'charx';
    const original = await cardIn(bytes, kind);
    const answer = await imported(bytes, 'application/octet-stream', fileName);
    const avatar = answer.avatar ? await uploadAvatar(kit.t, owner().headers, Buffer.from(answer.avatar.data_base64, 'base64')) : null;
    const id = await createFrom(answer, { avatar_url: avatar?.avatar_url ?? '/api/avatars/traveller.svg' });
    // The picture as it came is kept for exports only: never served.
    if (avatar) expect([400, 404]).toContain((await kit.t.app.inject({ method: 'GET', url: avatar.avatar_url.replace(/[^/]+$/, 'source.png') })).statusCode);
    for (const format of FORMATS) {
      const file = await exported(id, format);
      expect(file.status).toBe(200);
      const back = await cardIn(file.bytes, format);
      expect({ format, unexpected: unexpected(original.card, back.card, format) }).toEqual({ format, unexpected: [] });
      // The picture the card came with goes back with its image data byte for byte (the PNG itself, the CHARX icon).
      if (original.picture && format !== 'json') expect(back.picture?.equals(original.picture)).toBe(true);
    }
  }

  /** A World Info file imported as a lorebook, exported as World Info: the file as it came, key for key. */
  async function worldInfoGoesBack(bytes: Buffer, fileName: string) {
    const res = await upload(bytes, 'application/json', { filename: fileName });
    const answer = CardImportResultSchema.parse(res.body);
    if (answer.kind !== 'lorebook') throw new Error(`${fileName} is not a lorebook`);
    const form = { name: 'Travelled Book', description: 'A World Info file', avatar_url: '/api/avatars/world.svg', tags: ['World', 'Lore'], guidelines: true };
    const saved = await call(kit.t, 'POST', '/lorebooks/import', owner().headers, { ...form, book: answer.lorebook });
    expect(saved.status).toBe(200);
    const file = await kit.t.app.inject({ method: 'GET', url: `/api/lorebooks/${String(saved.body.id)}/export?format=world_info`, headers: owner().headers });
    expect(file.statusCode).toBe(200);
    expect(JSON.parse(file.body)).toStrictEqual(JSON.parse(bytes.toString('utf8')));
  }

  describe("the project's own files (generatedCardFiles)", () => {
    it.each<[string, () => Uint8Array | Promise<Uint8Array>]>([
      ['Pip.png', () => v1CardPng()],
      ['Lyra.png', () => v2CardPng()],
      ['Juniper.png', () => v3CardPng()],
      ['Juniper-ccv3-only.png', () => v3CardPng(undefined, { chara: false })],
      ['Juniper.json', () => jsonCard()],
      ['Juniper.charx', () => charxCard()],
      ['Bartholomew.png', () => cutCardPng()],
    ])('%s goes back as it came', async (fileName, bytes) => cardGoesBack(await bytes(), fileName));

    it.each<[string, () => Buffer]>([
      ['Brightwater.json', () => worldInfoJson()],
      ['Saltmarsh.json', () => worldInfoJson('old')],
    ])('%s (World Info) goes back as it came', (fileName, bytes) => worldInfoGoesBack(bytes(), fileName));

    it('a cut field the creator changed goes back as the creator wrote it; the others as the card had them', async () => {
      const answer = await imported(cutCardPng(), 'image/png', 'Bartholomew.png');
      expect(answer.character.name.length).toBeLessThan(31);
      expect(answer.cut.map((c) => c.field)).toEqual(expect.arrayContaining(['name', 'greeting', 'tags']));
      const id = await createFrom(answer, { name: 'Bartholomew' });
      const { card } = await cardIn((await exported(id, 'json')).bytes, 'json');
      const data = card.data as Json;
      expect(data.name).toBe('Bartholomew');
      expect(data.first_mes).toBe(`  ${'The tide is out. '.repeat(149)}Welcome!`);
      expect(data.tags).toHaveLength(14);
      expect(data.description).toContain('https://example.com/lyra');
    });
  });

  // The real files of other apps: each one in shared/fixtures (a file Fable refuses, Choral's PNG without a card, aside).
  if (!cardFixturesAvailable()) {
    it.skip(`the files of other apps [fixtures missing: ${CARD_FIXTURES_DIR} does not exist]`, () => undefined);
    return;
  }
  const files = cardFixtureFiles().filter((file) => file !== 'choral/invalid-character.png');
  it.each(files.filter((file) => !file.endsWith('.json')))('%s goes back as it came', (file) => cardGoesBack(cardFixture(file), file.split('/').pop()!));
  it.each(files.filter((file) => file.endsWith('.json')))('%s (World Info) goes back as it came', (file) => worldInfoGoesBack(cardFixture(file), file.split('/').pop()!));
});
