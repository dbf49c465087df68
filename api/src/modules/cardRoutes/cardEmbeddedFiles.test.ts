import { CARD_CALL_ERRORS, type CharacterCardImport } from '@fable/contracts';
import { BACKENDS } from '../../testing/testDatabases';
import { CARD_CAPS, sha256Hex } from '../cards';
import { cardOfText, cardPng, cardText, entriesOfZip, text, textsOfPng, zipFrom } from '../cards/cardTestFiles';
import { jsonFile, v3Card } from '../cards/sampleCards';
import { testPicture } from '../images/testing';
import { call, chatbotTestApp } from '../moderation/testing/chatbotTestKit';
import { cardRouteCalls } from './cardRouteTestKit';

const BG = 'assets/other/images/bg.png';
const ICON = 'assets/icon/images/main.png';
const MB = 1024 * 1024;

/** A CHARX as the V3 specification describes it: card.json at the root, its assets as `embeded://path`. */
function charxWith(files: Array<{ name: string; data: Uint8Array }>, card: Record<string, unknown> = {}) {
  const assets = files.map((file) => ({ type: file.name === ICON ? 'icon' : 'background', uri: `embeded://${file.name}`, name: file.name === ICON ? 'main' : 'bg', ext: 'png' }));
  return zipFrom([{ name: 'card.json', data: jsonFile(v3Card({ name: 'Lumen', assets, ...card })) }, ...files]);
}

const filesOf = (card: CharacterCardImport) => card.card_extras.files as Array<{ path: string; sha256: string; bytes: number; content_type: string }> | undefined;

describe.each(BACKENDS)('embedded files of CHARX and PNG cards are kept with the chatbot on %s', (backend) => {
  const kit = chatbotTestApp(backend, ['archivist']);
  let icon: Buffer;
  let background: Buffer;
  beforeAll(async () => {
    icon = await testPicture(64, 64, 1);
    background = await testPicture(160, 90, 2);
  });
  const owner = () => kit.members.archivist;

  const { upload, imported, exported, createBody, createFrom } = cardRouteCalls(() => kit.t, owner);

  it('a CHARX with an extra asset imports, is created, exports and imports again with the same bytes at the same path', async () => {
    const first = await imported(charxWith([{ name: ICON, data: icon }, { name: BG, data: background }]), 'application/zip', 'Lumen.charx');
    const ref = { path: BG, sha256: sha256Hex(background), bytes: background.length, content_type: 'image/png' };
    expect(filesOf(first)).toEqual([ref]);
    expect(first.dropped).toEqual([]);
    expect(first.avatar?.content_type).toBe('image/png');
    const id = await createFrom(first);
    expect((await call(kit.t, 'GET', `/users/characters/${id}`, owner().headers)).body.card_extras.files).toEqual([ref]);

    const charx = await exported(id, 'charx');
    expect(charx.status).toBe(200);
    const entries = await entriesOfZip(charx.bytes);
    expect(entries.get(BG)?.equals(background)).toBe(true);
    const card = JSON.parse(entries.get('card.json')!.toString('utf8')) as { data: { assets: Array<{ uri: string; name: string }> } };
    expect(card.data.assets.find((asset) => asset.name === 'bg')?.uri).toBe(`embeded://${BG}`);
    const again = await imported(charx.bytes, 'application/zip', 'again.charx');
    expect(filesOf(again)).toEqual([ref]);
    expect((again.card_extras.data as Record<string, unknown>).assets).toEqual((first.card_extras.data as Record<string, unknown>).assets);
  });

  it('the PNG export writes each file as a chara-ext-asset_ chunk (V3: uri __asset:path), which imports again', async () => {
    const first = await imported(charxWith([{ name: BG, data: background }]), 'application/zip');
    const id = await createFrom(first);
    const png = await exported(id, 'png');
    const texts = new Map(textsOfPng(png.bytes));
    expect([...texts.keys()]).toEqual(['chara', 'ccv3', `chara-ext-asset_:${BG}`]);
    expect(Buffer.from(texts.get(`chara-ext-asset_:${BG}`)!, 'base64').equals(background)).toBe(true);
    const v3 = cardOfText(texts.get('ccv3')!) as { data: { assets: Array<{ uri: string }> } };
    expect(v3.data.assets).toEqual([expect.objectContaining({ uri: `__asset:${BG}` })]);
    const again = await imported(png.bytes, 'image/png');
    expect(filesOf(again)).toEqual(filesOf(first));

    // JSON has no room for files: they go as data URLs in the asset list.
    const json = (await exported(id, 'json')).body() as { data: { assets: Array<{ uri: string }> } };
    expect(json.data.assets[0]!.uri).toBe(`data:image/png;base64,${background.toString('base64')}`);
  });

  it('a PNG card’s asset chunks are kept as well', async () => {
    const data = Buffer.from('OggS not really');
    const card = v3Card({ name: 'Echo', assets: [{ type: 'audio', uri: '__asset:voice.ogg', name: 'voice', ext: 'ogg' }] });
    const answer = await imported(cardPng(text('ccv3', cardText(card)), text('chara-ext-asset_:voice.ogg', data.toString('base64'))), 'image/png');
    expect(filesOf(answer)).toEqual([{ path: 'voice.ogg', sha256: sha256Hex(data), bytes: data.length, content_type: 'audio/ogg' }]);
    await createFrom(answer);
  });

  it(`files past the caps (${CARD_CAPS.keptFilesMax} files, ${CARD_CAPS.keptFilesMaxBytes / MB} MB in all) are left out, listed in dropped and a warning`, async () => {
    const many = Array.from({ length: CARD_CAPS.keptFilesMax + 2 }, (_, i) => ({ name: `assets/other/f${i}.bin`, data: Buffer.from(`file ${i}`) }));
    const answer = await imported(zipFrom([{ name: 'card.json', data: jsonFile(v3Card()) }, ...many]), 'application/zip');
    expect(filesOf(answer)).toHaveLength(CARD_CAPS.keptFilesMax);
    expect(answer.dropped).toEqual([50, 51].map((i) => ({ path: `assets/other/f${i}.bin`, bytes: `file ${i}`.length, reason: 'too_large' })));
    expect(answer.warnings).toContain(
      '2 files embedded in the card (assets/other/f50.bin, assets/other/f51.bin) were left out: a chatbot keeps at most 50 embedded files and 20 MB of them in all.',
    );
    await createFrom(answer);

    const big = ['a', 'b', 'c'].map((name, i) => ({ name: `assets/other/${name}.bin`, data: Buffer.alloc(8 * MB, i + 1) }));
    const heavy = await imported(zipFrom([{ name: 'card.json', data: jsonFile(v3Card()) }, ...big]), 'application/zip');
    expect(filesOf(heavy)?.map((file) => file.path)).toEqual(['assets/other/a.bin', 'assets/other/b.bin']);
    expect(heavy.dropped).toEqual([{ path: 'assets/other/c.bin', bytes: 8 * MB, reason: 'too_large' }]);
    const id = await createFrom(heavy);
    const entries = await entriesOfZip((await exported(id, 'charx')).bytes);
    expect(entries.get('assets/other/b.bin')?.equals(big[1]!.data)).toBe(true);
  });

  describe('a save accepts only references to stored files', () => {
    let card: CharacterCardImport;
    let ref: { path: string; sha256: string; bytes: number; content_type: string };
    beforeAll(async () => {
      card = await imported(charxWith([{ name: BG, data: background }]), 'application/zip');
      ref = filesOf(card)![0]!;
    });

    const withFiles = (files: unknown) => ({ ...card.card_extras, files });
    const create = (files: unknown) => call(kit.t, 'POST', '/characters', owner().headers, createBody(card, { card_extras: withFiles(files) }));

    it('create: a file no import stored, or with another size, is refused with 400 and what to do', async () => {
      const unknown = await create([{ ...ref, sha256: sha256Hex(Buffer.from('never imported')) }]);
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.code).toBe('validation_error');
      expect(unknown.body.error.details.issues).toEqual([
        { path: 'body.card_extras.files.0', message: `no embedded file "${BG}" is stored with this sha256: import the card again to keep its files` },
      ]);
      const resized = await create([{ ...ref, bytes: ref.bytes + 1 }]);
      expect(resized.status).toBe(400);
      expect(resized.body.error.details.issues).toEqual([{ path: 'body.card_extras.files.0', message: `the stored file "${BG}" has ${ref.bytes} bytes, not ${ref.bytes + 1}` }]);
    });

    it('create: references that are not what an import answers are refused', async () => {
      const cases: Array<[unknown, string]> = [
        ['bg.png', 'body.card_extras.files'],
        [[{ ...ref, path: '../../etc/passwd' }], 'body.card_extras.files.0.path'],
        [[{ path: BG }], 'body.card_extras.files.0.sha256'],
        [[ref, ref], 'body.card_extras.files'],
      ];
      for (const [files, path] of cases) {
        const res = await create(files);
        expect(res.status).toBe(400);
        expect(res.body.error.details.issues[0].path).toBe(path);
      }
    });

    it('update: the same rule; the stored files pass', async () => {
      const id = await createFrom(card, { card_extras: withFiles([]) });
      const refused = await call(kit.t, 'PATCH', `/characters/${id}`, owner().headers, { card_extras: withFiles([{ ...ref, sha256: 'f'.repeat(64) }]) });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details.issues[0].path).toBe('body.card_extras.files.0');
      const saved = await call(kit.t, 'PATCH', `/characters/${id}`, owner().headers, { card_extras: withFiles([ref]) });
      expect(saved.status).toBe(200);
      expect(saved.body.card_extras.files).toEqual([ref]);
    });

    it('a card the import refuses stores none of its files', async () => {
      const secret = await testPicture(50, 50, 9);
      const refused = await upload(charxWith([{ name: BG, data: secret }], { name: 'Lu\u0000men' }), 'application/zip');
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('card_unsafe_text');
      expect(CARD_CALL_ERRORS.card_unsafe_text.status).toBe(400);
      const res = await create([{ path: BG, sha256: sha256Hex(secret), bytes: secret.length, content_type: 'image/png' }]);
      expect(res.status).toBe(400);
    });
  });
});
