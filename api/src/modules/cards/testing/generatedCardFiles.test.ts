import sharp from 'sharp';
import yauzl from 'yauzl';
import { cardOfText, chunksOfPng, entriesOfZip, textsOfPng } from '../cardTestFiles';
import { generatedV1Card, generatedV2Card, generatedV3Card, V3_BACKFILL_NOTE } from './generatedCardData';
import {
  badCrcPng,
  charxCard,
  CHARX_ICON_PATH,
  notBase64Png,
  picturePng,
  traversalCharx,
  truncatedPng,
  v1CardPng,
  v2CardPng,
  v3CardPng,
  worldInfoJson,
  zipBombCharx,
} from './generatedCardFiles';

// The generated cards are checked here against the formats (another PNG and zip reader than the module's), so
// that the module's tests that use them test the module, not the generator.

describe('the generated PNG cards', () => {
  it.each<[string, () => Buffer, string[]]>([
    ['a picture', () => picturePng(), []],
    ['V1', () => v1CardPng(), ['chara']],
    ['V2', () => v2CardPng(), ['chara']],
    ['V3 (chara and ccv3)', () => v3CardPng(), ['chara', 'ccv3']],
    ['V3 (ccv3 only)', () => v3CardPng(undefined, { chara: false }), ['ccv3']],
  ])('%s: signature, IHDR, IDAT, its text chunks, IEND, every CRC right; an image sharp decodes', async (_name, png, keywords) => {
    const bytes = png();
    expect(chunksOfPng(bytes).map((c) => c.type)).toEqual(['IHDR', 'IDAT', ...keywords.map(() => 'tEXt'), 'IEND']);
    expect(textsOfPng(bytes).map(([keyword]) => keyword)).toEqual(keywords);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 96, height: 96 });
  });

  it('holds the cards as base64 of UTF-8 JSON; the chara of a V3 PNG is its V2 fallback', () => {
    expect(cardOfText(textsOfPng(v1CardPng())[0]![1])).toEqual(generatedV1Card());
    expect(cardOfText(textsOfPng(v2CardPng())[0]![1])).toEqual(generatedV2Card());
    const [[, chara], [, ccv3]] = textsOfPng(v3CardPng()) as [[string, string], [string, string]];
    expect(cardOfText(ccv3)).toEqual(generatedV3Card());
    expect(cardOfText(chara)).toMatchObject({ spec: 'chara_card_v2', data: { name: 'Juniper', creator_notes: V3_BACKFILL_NOTE } });
  });

  it('a larger picture is as large as a real avatar (the bench card)', () => {
    expect(v2CardPng(undefined, { width: 400, height: 400 }).length).toBeGreaterThan(400_000);
  });
});

describe('the generated broken files', () => {
  it('a bad CRC, a file cut off, chara that is not base64', () => {
    expect(() => chunksOfPng(badCrcPng())).toThrow('bad CRC in IDAT');
    expect(badCrcPng().length).toBe(v2CardPng().length);
    expect(truncatedPng().length).toBeLessThan(v2CardPng().length / 2);
    expect(textsOfPng(notBase64Png())).toEqual([['chara', '%%% not base64 %%%']]);
  });

  it('a zip with a ../ entry, and a zip bomb small on disk', async () => {
    expect(await zipNames(traversalCharx())).toEqual(['card.json', '../evil']);
    expect(zipBombCharx(8 * 1024 * 1024).length).toBeLessThan(20_000);
  });
});

describe('the generated CHARX and JSON files', () => {
  it('a CHARX another reader lists: card.json with its main icon, and the icon', async () => {
    const entries = await entriesOfZip(await charxCard());
    expect([...entries.keys()]).toEqual(['card.json', CHARX_ICON_PATH]);
    const card = JSON.parse(entries.get('card.json')!.toString('utf8')) as { data: { name: string; assets: unknown[] } };
    expect(card.data.name).toBe('Juniper');
    expect(card.data.assets).toEqual([{ type: 'icon', uri: `embeded://${CHARX_ICON_PATH}`, name: 'main', ext: 'png' }]);
    expect(chunksOfPng(entries.get(CHARX_ICON_PATH)!)[0]!.type).toBe('IHDR');
  });

  it('World Info files key their entries "0".."n"', () => {
    for (const format of ['current', 'old'] as const) {
      const file = JSON.parse(worldInfoJson(format).toString('utf8')) as { entries: Record<string, { uid: number }> };
      expect(Object.entries(file.entries).every(([key, entry]) => key === String(entry.uid))).toBe(true);
    }
  });
});

/** Entry names of a zip as stored (yauzl reads the names undecoded, so it does not refuse ../ as it otherwise would). */
async function zipNames(zip: Buffer): Promise<string[]> {
  const reader = await yauzl.fromBufferPromise(zip, { lazyEntries: true, decodeStrings: false });
  const names: string[] = [];
  for await (const entry of reader.eachEntry()) names.push((entry.fileName as unknown as Buffer).toString('utf8'));
  return names;
}
