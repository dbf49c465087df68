import path from 'node:path';
import {
  CARD_CALL_ERRORS,
  CARD_EXTRAS_MAX_BYTES,
  CARD_IMPORT_MAX_BYTES,
  CardExtrasSchema as SavedExtrasSchema,
  CardImportResultSchema,
  type CharacterCardImport,
} from '@fable/contracts';
import fc from 'fast-check';
import { MAX_BODY_DEPTH } from '../../http/inputGuard';
import { BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { CARD_CAPS, CARD_ERROR_MESSAGES, CardExtrasSchema, exportCardCharx, importCard, sha256Hex } from '../cards';
import { cardPng, cardText, chunksOfPng, text, textsOfPng, zipFrom } from '../cards/cardTestFiles';
import { jsonFile as json, v2Card } from '../cards/sampleCards';
import { cardFixture as fixture, cardFixtureFiles, DEFAULT_CHAN, describeWithCardFixtures, SERAPHINA } from '../cards/testing/cardFixtures';
import { generatedV2Card } from '../cards/testing/generatedCardData';
import * as generated from '../cards/testing/generatedCardFiles';
import { call, guestHeaders, signUpMember, type Member } from '../moderation/testing/chatbotTestKit';
import { cardRouteCalls } from './cardRouteTestKit';

const { badCrcPng, notBase64Png, traversalCharx, truncatedPng, v1CardPng, v2CardPng, v3CardPng, worldInfoJson, zipBombCharx } = generated;

const nested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe.each(BACKENDS)('character card import and export over HTTP on %s', (backend) => {
  let t: TestApp;
  let owner: Member;
  let other: Member;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await signUpMember(t, 'carder');
    other = await signUpMember(t, 'reader');
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  const { upload, imported, exported, createFrom } = cardRouteCalls(() => t, () => owner);

  describe('import', () => {
    /** Each file through the route: the kind imported, or the refusal's status, code and message. */
    async function kindsOf(files: Array<[string, Uint8Array]>): Promise<Record<string, string>> {
      const seen: Record<string, string> = {};
      for (const [file, bytes] of files) {
        const res = await upload(bytes, file.endsWith('.png') ? 'image/png' : 'application/json', { filename: path.basename(file) });
        expect(res.status).toBeLessThan(500);
        if (res.status === 200) seen[file] = CardImportResultSchema.parse(res.body).kind;
        else seen[file] = `${res.status} ${res.body.error.code}: ${res.body.error.message}`;
      }
      return seen;
    }

    it('reads each kind of card (generated), or refuses it with the reader’s code and message', async () => {
      const characters = { 'v1.png': v1CardPng(), 'v2.png': v2CardPng(), 'v3.png': v3CardPng(), 'card.json': generated.jsonCard(), 'card.charx': await generated.charxCard() };
      const lorebooks = { 'world.json': worldInfoJson(), 'old-world.json': worldInfoJson('old'), 'atlas.json': generated.lorebookV3Json() };
      expect(await kindsOf(Object.entries({ ...characters, ...lorebooks, 'no-text.png': generated.picturePng() }))).toEqual({
        ...Object.fromEntries(Object.keys(characters).map((file) => [file, 'character'])),
        ...Object.fromEntries(Object.keys(lorebooks).map((file) => [file, 'lorebook'])),
        'no-text.png': `400 no_text_fields: ${CARD_ERROR_MESSAGES.no_text_fields}`,
      });
    });

    describeWithCardFixtures('the real files of other apps', () => {
      it('reads each file of the fixtures folder, or refuses it with the reader’s code and message', async () => {
        const files = cardFixtureFiles();
        expect(files.length).toBeGreaterThanOrEqual(6);
        expect(await kindsOf(files.map((file) => [file, fixture(file)]))).toEqual({
          'choral/invalid-character.png': `400 no_text_fields: ${CARD_ERROR_MESSAGES.no_text_fields}`,
          'choral/test-character-v3.png': 'character',
          'sillytavern/Megumin.png': 'character',
          'sillytavern/default_Seraphina.png': 'character',
          'sillytavern-worlds/Eldoria.json': 'lorebook',
          'sillytavern-worlds/Toaru.json': 'lorebook',
        });
      });
    });

    it('a V2 PNG: the form’s fields, the warnings, the card’s other data and the PNG as the avatar', async () => {
      const source = generatedV2Card().data;
      const card = await imported(v2CardPng(), 'image/png', 'Lyra.png');
      expect(card.character).toMatchObject({ name: 'Lyra', title: source.creator_notes, scenario: null, dialogue: null, tags: [] });
      expect(card.character.persona).toBe(source.description);
      expect(card.character.greeting).toBe(source.first_mes);
      expect(card.warnings).toEqual(expect.arrayContaining([expect.stringContaining('title'), 'Add at least 2 tags before making the chatbot public.']));
      expect(card.cut).toEqual([]);
      expect(card.dropped).toEqual([]);
      expect(CardExtrasSchema.parse(card.card_extras).data).toMatchObject({ creator: 'FableTests', character_book: { name: 'Brightwater' } });
      expect(SavedExtrasSchema.safeParse(card.card_extras).success).toBe(true);
      expect(card.avatar?.content_type).toBe('image/png');
      const avatar = Buffer.from(card.avatar!.data_base64, 'base64');
      expect(chunksOfPng(avatar).map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    });

    it('a V1 PNG, and a V3 PNG (ccv3 read before chara) with its tags', async () => {
      const v1 = await imported(v1CardPng(), 'image/png');
      expect(v1.character).toMatchObject({ name: 'Pip', scenario: 'Pip is fixing a clock in the market square' });
      expect(v1.character.dialogue?.startsWith('<START>')).toBe(true);
      const v3 = await imported(v3CardPng(), 'image/png');
      expect(v3.character.name).toBe('Juniper');
      expect(v3.character.tags).toEqual(['Cute', 'Helper', 'Cozy', 'Interactive Simulation', 'Software']);
      expect(v3.card_extras.source).toEqual(expect.objectContaining({ spec: 'chara_card_v3' }));
      expect((v3.card_extras.data as Record<string, unknown>).alternate_greetings).toHaveLength(2);
    });

    it('JSON cards of V1, V2 and V3, sent as application/json', async () => {
      const v1 = { name: 'Aria', description: 'A wandering bard.', personality: 'cheerful', scenario: 'A tavern.', first_mes: 'Hello there!', mes_example: '' };
      const v3 = { ...v2Card(), spec: 'chara_card_v3', spec_version: '3.0', data: { ...v2Card().data, group_only_greetings: [] } };
      for (const [card, spec] of [[v1, 'chara_card_v1'], [v2Card(), 'chara_card_v2'], [v3, 'chara_card_v3']] as const) {
        const answer = await imported(json(card), 'application/json', 'aria.json');
        expect(answer.character.name).toBe('Aria');
        expect(answer.avatar).toBeNull();
        expect(answer.card_extras.source).toEqual(expect.objectContaining({ container: 'json', spec }));
      }
    });

    it('a standalone lorebook_v3 and SillyTavern World Info come back as a lorebook', async () => {
      const lorebook = { spec: 'lorebook_v3', data: { name: 'Atlas', extensions: {}, entries: [{ keys: ['moon'], content: 'The moon is made of glass.', extensions: {}, enabled: true, insertion_order: 1, use_regex: false }] } };
      const res = await upload(json(lorebook), 'application/json', { filename: 'atlas.json' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ kind: 'lorebook', entry_count: 1, lorebook: { name: 'Atlas', entries: [{ keys: ['moon'] }] }, warnings: [] });
      const world = await upload(worldInfoJson(), 'application/json', { filename: 'Brightwater.json' });
      expect(world.body).toMatchObject({ kind: 'lorebook', lorebook: { name: 'Brightwater' } });
      expect(world.body.entry_count).toBe(Object.keys(JSON.parse(worldInfoJson().toString('utf8')).entries).length);
    });

    it('a CHARX (application/zip or octet-stream): the main icon is the avatar; other embedded files are referenced in card_extras.files', async () => {
      const lyra = await importCard(v2CardPng());
      if (!lyra.ok || lyra.card.kind !== 'character') throw new Error('generated card');
      const charx = await exportCardCharx(lyra.card.character, lyra.card.extras, lyra.card.avatar, {
        files: [{ path: 'assets/other/audio/theme.mp3', bytes: Buffer.from('ID3 not really') }],
      });
      for (const type of ['application/zip', 'application/octet-stream', 'application/x-zip-compressed']) {
        const card = await imported(charx, type, 'Lyra.charx');
        expect(card.character.name).toBe('Lyra');
        expect(card.avatar?.content_type).toBe('image/png');
        expect(card.card_extras.files).toEqual([
          { path: 'assets/other/audio/theme.mp3', sha256: sha256Hex(Buffer.from('ID3 not really')), bytes: 14, content_type: 'audio/mpeg' },
        ]);
        expect(card.warnings.filter((w) => w.includes('theme.mp3'))).toEqual([]);
      }
    });

    it('cuts long fields to our limits and lists each cut', async () => {
      const card = await imported(json(v2Card({ name: 'Bartholomew the Magnificent Wanderer', first_mes: 'Hello'.repeat(500) })), 'application/json');
      expect(card.character.name).toHaveLength(20);
      expect(card.cut).toEqual([
        { field: 'name', from: 36, to: 20 },
        { field: 'greeting', from: 2500, to: 2000 },
      ]);
    });

    it('card data larger than a chatbot keeps: the largest parts are left out, listed, and the rest can be saved', async () => {
      const entries = Array.from({ length: 300 }, (_, i) => ({ keys: [`k${i}`], content: 'lore '.repeat(200), extensions: {}, enabled: true, insertion_order: i }));
      const card = await imported(json(v2Card({ character_book: { extensions: {}, entries }, alternate_greetings: ['Hi again!'] })), 'application/json');
      expect(Buffer.byteLength(JSON.stringify(card.card_extras))).toBeLessThanOrEqual(CARD_EXTRAS_MAX_BYTES);
      expect(card.dropped).toEqual([{ path: 'data.character_book', bytes: expect.any(Number), reason: 'too_large' }]);
      expect(card.dropped[0]!.bytes).toBeGreaterThan(300_000);
      expect(card.warnings.filter((w) => w.includes('256 KB'))).toEqual([
        expect.stringMatching(/^The card's other data takes \d+ KB, more than the 256 KB a chatbot keeps; left out so that the rest can be saved: the character book \(\d+ KB\)\.$/),
      ]);
      expect((card.card_extras.data as Record<string, unknown>).alternate_greetings).toEqual(['Hi again!']);
      const id = await createFrom(card);
      expect((await call(t, 'GET', `/users/characters/${id}`, owner.headers)).body.card_extras).toEqual(card.card_extras);
    });

    it('card data nested deeper than a save accepts is left out and listed; the rest can be saved', async () => {
      expect(CARD_CAPS.maxJsonDepth).toBeGreaterThan(MAX_BODY_DEPTH);
      const card = await imported(json(v2Card({ extensions: { deep: nested(40) }, creator_notes: 'kept' })), 'application/json');
      expect(card.dropped).toEqual([{ path: 'data.extensions', bytes: expect.any(Number), reason: 'nested_too_deeply' }]);
      expect(card.warnings).toContain('Left out because it is nested too deeply to be saved: the extensions.');
      expect((card.card_extras.data as Record<string, unknown>).creator_notes).toBe('kept');
      await createFrom(card);
      // 28 levels inside an extension still fit.
      const shallow = await imported(json(v2Card({ extensions: { deep: nested(26) } })), 'application/json');
      expect(shallow.dropped).toEqual([]);
      await createFrom(shallow);
    });

    it('refuses guests and anonymous callers (401) before reading the file', async () => {
      expect((await upload(v2CardPng(), 'image/png', { headers: {} })).status).toBe(401);
      expect((await upload(v2CardPng(), 'image/png', { headers: guestHeaders() })).status).toBe(401);
    });

    it('refuses other content types (415) and files of 10 MB or more (413), with messages for people', async () => {
      for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'image/jpeg']) {
        const res = await upload(v2CardPng(), type);
        expect(res.status).toBe(415);
        expect(res.body.error).toEqual({ code: 'unsupported_media_type', message: CARD_CALL_ERRORS.unsupported_media_type.message });
      }
      expect((await upload(v2CardPng(), undefined)).status).toBe(415);
      expect(CARD_IMPORT_MAX_BYTES).toBe(CARD_CAPS.maxInputBytes);
      for (const size of [CARD_IMPORT_MAX_BYTES, CARD_IMPORT_MAX_BYTES + 1, 20 * 1024 * 1024]) {
        const res = await upload(Buffer.alloc(size, 0x20), 'application/json');
        expect(res.status).toBe(413);
        expect(res.body.error).toEqual({ code: 'file_too_large', message: CARD_ERROR_MESSAGES.file_too_large });
      }
      const empty = await upload(Buffer.alloc(0), 'image/png');
      expect(empty.status).toBe(400);
      expect(empty.body.error).toEqual({ code: 'empty_file', message: CARD_ERROR_MESSAGES.empty_file });
    });

    it('other calls still read JSON bodies (the raw parser is this route’s only)', async () => {
      const res = await call(t, 'POST', '/characters/token-count', owner.headers, { persona: 'A bard.' });
      expect(res.status).toBe(200);
    });
  });

  describe('malformed files get a clear error over HTTP, never a 5xx, never a hang', () => {
    // The file name as a browser sends it: it tells a JSON or PNG file that its first bytes do not give away.
    const cases: Array<[string, () => Uint8Array, string, string]> = [
      ['no text fields', () => cardPng(), 'no_text_fields', 'card.png'],
      ['no chara field', () => cardPng(text('Software', 'Krita')), 'no_chara_field', 'card.png'],
      ['bad base64', () => notBase64Png(), 'bad_base64', 'card.png'],
      ['invalid header', () => Buffer.concat([Buffer.from('JFIF'), v2CardPng().subarray(4)]), 'invalid_header', 'card.png'],
      ['bad CRC', () => badCrcPng(), 'bad_crc', 'card.png'],
      ['missing header chunks', () => truncatedPng(), 'missing_header_chunks', 'card.png'],
      ['a PNG declaring a 64 MB chunk', () => {
        const png = cardPng(text('chara', cardText(v2Card())));
        png.writeUInt32BE(64 * 1024 * 1024, 33);
        return png;
      }, 'png_chunk_too_large', 'card.png'],
      ['broken JSON in the chunk', () => cardPng(text('chara', Buffer.from('{"name": "x",').toString('base64'))), 'invalid_json', 'card.png'],
      ['a JSON array', () => json([{ name: 'x' }]), 'not_a_card', 'card.json'],
      ['a JSON number', () => Buffer.from('42'), 'not_a_card', 'card.json'],
      ['a V2 card whose data is a string', () => json({ spec: 'chara_card_v2', spec_version: '2.0', data: 'oops' }), 'invalid_card', 'card.json'],
      ['JSON nested 100,000 deep', () => Buffer.from(`{"spec":"chara_card_v2","data":${'['.repeat(100_000)}${']'.repeat(100_000)}}`), 'nested_too_deeply', 'card.json'],
      ['binary data named .json', () => Buffer.from(Array.from({ length: 5000 }, (_, i) => 0x80 + (i % 100))), 'invalid_text', 'card.json'],
      ['binary data', () => Buffer.from(Array.from({ length: 5000 }, (_, i) => 0x80 + (i % 100))), 'unsupported_format', 'card.bin'],
      ['a zip bomb', () => zipBombCharx(), 'charx_too_large', 'card.charx'],
      ['a CHARX with a ../ entry', () => traversalCharx('../../etc/cron.d/x'), 'charx_unsafe_path', 'card.charx'],
      ['a CHARX without card.json', () => zipFrom([{ name: 'cards/card.json', data: json(v2Card()) }]), 'charx_no_card', 'card.charx'],
      ['a PNG of 20,000 empty chunks', () => cardPng(...Array.from({ length: 20_000 }, () => text('x', ''))), 'png_too_many_chunks', 'card.png'],
      ['a zip that is cut off', () => zipFrom([{ name: 'card.json', data: json(v2Card()) }]).subarray(0, 60), 'charx_invalid', 'card.charx'],
    ];
    it.each(cases)('%s', async (_name, bytes, code, filename) => {
      const res = await upload(bytes(), 'application/octet-stream', { filename });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code, message: CARD_ERROR_MESSAGES[code as keyof typeof CARD_ERROR_MESSAGES] });
    });

    it.each<[string, string]>([
      ['a NUL character in the name', JSON.stringify(v2Card({ name: 'Ar\u0000ia' }))],
      ['an unpaired surrogate in the greeting', JSON.stringify(v2Card({ first_mes: 'Hello \ud800 there' }))],
      ['a NUL character in a key the chatbot keeps', JSON.stringify(v2Card({ extensions: { 'a\u0000b': 1 } }))],
      ['a NUL character in a V1 card', JSON.stringify({ name: '\u0000' })],
    ])('%s: 400 card_unsafe_text, as no chatbot can store it', async (_name, body) => {
      const res = await upload(Buffer.from(body, 'utf8'), 'application/json');
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'card_unsafe_text', message: CARD_CALL_ERRORS.card_unsafe_text.message });
      expect(res.body.error.details.issues[0].path).toMatch(/^card\./);
    });

    it('damaged copies of a card: never a 5xx', async () => {
      const original = v2CardPng();
      const statuses = new Set<number>();
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.nat({ max: original.length - 1 }), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 8 }),
          fc.option(fc.nat({ max: original.length }), { nil: undefined }),
          async (flips, cutAt) => {
            const bytes = Buffer.from(original.subarray(0, cutAt ?? original.length));
            for (const [at, mask] of flips) if (at < bytes.length) bytes[at]! ^= mask;
            const res = await upload(bytes, 'image/png');
            statuses.add(res.status);
            expect(res.status).toBeLessThan(500);
            if (res.status !== 200) expect(typeof res.body.error.message).toBe('string');
          },
        ),
        { numRuns: 40, seed: 13 },
      );
      expect([...statuses].every((s) => s === 200 || s === 400)).toBe(true);
    });
  });

  describe('export', () => {
    it('the creator exports a private chatbot in each format; others get 404 as on the profile; always the saved state', async () => {
      const card = await imported(v2CardPng(), 'image/png');
      const id = await createFrom(card);
      const png = await exported(id, 'png');
      expect(png.status).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.headers['content-disposition']).toBe('attachment; filename="Lyra.png"');
      expect(png.headers['cache-control']).toBe('private, no-store');
      expect(textsOfPng(png.bytes).map(([keyword]) => keyword)).toEqual(['chara', 'ccv3']);
      const jsonFile = await exported(id, 'json');
      expect(jsonFile.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(jsonFile.headers['content-disposition']).toBe('attachment; filename="Lyra.json"');
      expect(jsonFile.body()).toMatchObject({ spec: 'chara_card_v3', data: { name: 'Lyra' } });
      const charx = await exported(id, 'charx');
      expect(charx.headers['content-type']).toBe('application/zip');
      expect(charx.bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
      expect((await exported(id, 'png', other.headers)).status).toBe(404);
      expect((await exported(id, 'png', guestHeaders())).status).toBe(404);

      expect((await call(t, 'PATCH', `/characters/${id}`, owner.headers, { name: 'Lyrabelle', title: 'Guardian of the glade' })).status).toBe(200);
      const after = await exported(id, 'json');
      expect(after.body().data).toMatchObject({ name: 'Lyrabelle', extensions: { fable: { title: 'Guardian of the glade' } } });
      expect(after.headers['content-disposition']).toBe('attachment; filename="Lyrabelle.json"');
    });

    it('a public chatbot with its definition visible: any member and guests; anonymous callers 401', async () => {
      const card = await imported(v3CardPng(), 'image/png');
      const id = await createFrom(card, { visibility: 'public' });
      expect((await exported(id, 'png', other.headers)).status).toBe(200);
      const byGuest = await exported(id, 'json', guestHeaders());
      expect(byGuest.status).toBe(200);
      expect(byGuest.body().data.name).toBe('Juniper');
      expect((await exported(id, 'png', {})).status).toBe(401);
      // Another application's members do not see it.
      const tales = await signUpMember(t, 'tales', { applicationId: 'tales' });
      expect((await exported(id, 'png', tales.headers)).status).toBe(404);
    });

    it('a hidden definition, an unlisted chatbot or one moderation withdrew: 403 for others, the creator still exports', async () => {
      const card = await imported(v3CardPng(), 'image/png');
      const hiddenDefinition = await createFrom(card, { visibility: 'public', definition_visible: false });
      const unlisted = await createFrom(card, { visibility: 'hidden' });
      const withdrawn = await createFrom(card, { visibility: 'public' });
      await t.db.query(`update characters set moderation_status = 'fix_required' where id = $1`, [withdrawn]);
      for (const [id, code] of [[hiddenDefinition, 'definition_hidden'], [unlisted, 'definition_hidden'], [withdrawn, 'character_withdrawn']] as const) {
        for (const headers of [other.headers, guestHeaders()]) {
          const res = await exported(id, 'png', headers);
          expect(res.status).toBe(403);
          expect(res.body().error).toEqual({ code, message: CARD_CALL_ERRORS[code].message });
        }
        expect((await exported(id, 'charx')).status).toBe(200);
      }
    });

    it('unknown chatbots 404; an unknown format 400', async () => {
      expect((await exported('no-such-bot', 'png')).status).toBe(404);
      const res = await t.app.inject({ method: 'GET', url: '/api/characters/x/export?format=gif', headers: owner.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    });

    it('a name that is no safe file name becomes one', async () => {
      const card = await imported(json(v2Card({ name: 'Zoë "x" ../é' })), 'application/json');
      const id = await createFrom(card);
      const res = await exported(id, 'png');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Zoe _x_ .._e.png"; filename*=UTF-8''Zo%C3%AB%20_x_%20.._%C3%A9.png`);
    });
  });

  describe('round trip: import, create, export, import again gives the same fields and extras', () => {
    /**
     * Everything the first import kept comes back (the export adds its dates, the defaults V3 requires and, in a
     * CHARX, the main icon's asset: the chatbot's avatar, `ccdefault:` once imported again).
     */
    function expectSame(first: CharacterCardImport, again: CharacterCardImport) {
      expect(again.character).toEqual(first.character);
      const before = first.card_extras.data as Record<string, unknown>;
      const after = again.card_extras.data as Record<string, unknown>;
      expect(Object.fromEntries(Object.keys(before).map((key) => [key, after[key]]))).toEqual(before);
      const isDefault = (value: unknown) =>
        value === '' || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
      const avatarIcon = [{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }];
      const isAvatarIcon = (key: string, value: unknown) => key === 'assets' && JSON.stringify(value) === JSON.stringify(avatarIcon);
      const added = Object.entries(after).filter(
        ([key, value]) => !(key in before) && !isDefault(value) && !isAvatarIcon(key, value) && key !== 'creation_date' && key !== 'modification_date',
      );
      expect(added).toEqual([]);
      expect(again.card_extras.legacy).toEqual(first.card_extras.legacy);
    }

    async function roundTrip(bytes: Uint8Array, fileName: string, visibility: 'private' | 'public') {
      const first = await imported(bytes, 'image/png', fileName);
      const id = await createFrom(first, { visibility });
      for (const [format, type] of [['png', 'image/png'], ['json', 'application/json'], ['charx', 'application/octet-stream']] as const) {
        const file = await exported(id, format);
        expect(file.status).toBe(200);
        const again = await imported(file.bytes, type, `again.${format}`);
        expectSame(first, again);
        // The avatar (generated, drawn from its seed) comes with the PNG and as the CHARX main icon.
        if (format !== 'json') expect(again.avatar?.content_type).toBe('image/png');
      }
    }

    it.each([
      ['a V2 PNG with a character book', () => v2CardPng(), 'private'],
      ['a V3 PNG', () => v3CardPng(), 'public'],
    ] as const)('%s (%s) through PNG, JSON and CHARX', async (_name, png, visibility) => roundTrip(png(), 'card.png', visibility));

    describeWithCardFixtures('the real files of other apps', () => {
      it.each([
        [SERAPHINA, 'private'],
        [DEFAULT_CHAN, 'public'],
      ] as const)('%s (%s) through PNG, JSON and CHARX', async (file, visibility) => roundTrip(fixture(file), path.basename(file), visibility));
    });
  });
});
