import { deflateSync } from 'node:zlib';
import yazl from 'yazl';
import { cardText, iend, ihdr, pngFromChunks, text, zipFrom, type RawChunk } from '../cardTestFiles';
import { generatedV1Card, generatedV2Card, generatedV3Card, lorebookV3File, oldWorldInfoFile, v2FallbackOf, worldInfoFile } from './generatedCardData';

/**
 * The project's own test cards as files, built in memory from the formats (PNG chunks with their CRC32, tEXt,
 * base64 of UTF-8 JSON, zip through yazl), so that no test needs the real cards of shared/fixtures: the valid
 * kinds (V1, V2 and V3 PNG, CHARX, JSON card, lorebook_v3, World Info) and the broken ones (bad CRC, cut off,
 * chara not base64, a ../ entry, a zip bomb).
 */

export interface ImageSize {
  width?: number;
  height?: number;
  seed?: number;
}

/** IDAT of a w×h 8-bit RGB image of deterministic noise: it does not compress, as a photo nearly does not. */
function noiseIdat(width: number, height: number, seed: number): RawChunk {
  const stride = 1 + width * 3;
  const pixels = Buffer.alloc(stride * height);
  let state = seed >>> 0 || 1;
  for (let y = 0; y < height; y++) {
    // Filter byte 0 (none), then the pixels (xorshift32).
    for (let i = y * stride + 1; i < (y + 1) * stride; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      pixels[i] = state & 0xff;
    }
  }
  return { type: 'IDAT', data: deflateSync(pixels) };
}

const imageChunks = ({ width = 96, height = 96, seed = 7 }: ImageSize = {}): RawChunk[] => [ihdr(width, height), noiseIdat(width, height, seed)];

/** A valid PNG picture without any text chunk (what an avatar is, and a card with no card in it). */
export const picturePng = (size?: ImageSize): Buffer => pngFromChunks([...imageChunks(size), iend()]);

/** A picture with text chunks before IEND (keyword, text). */
export const pngWithTexts = (texts: Array<[string, string]>, size?: ImageSize): Buffer =>
  pngFromChunks([...imageChunks(size), ...texts.map(([keyword, value]) => text(keyword, value)), iend()]);

/** A V1 card in a PNG: a chara tEXt chunk, base64 of the flat V1 JSON. */
export const v1CardPng = (card: object = generatedV1Card()): Buffer => pngWithTexts([['chara', cardText(card)]]);

/** A V2 card in a PNG, chara only (as SillyTavern writes it). */
export const v2CardPng = (card: object = generatedV2Card(), size?: ImageSize): Buffer => pngWithTexts([['chara', cardText(card)]], size);

/**
 * A V3 card in a PNG: ccv3, after a chara chunk with its V2 fallback (as V3 exporters write both), unless
 * `chara: false` (ccv3 only, as Choral writes it).
 */
export function v3CardPng(card: { data: Record<string, unknown> } = generatedV3Card(), options: { chara?: boolean } = {}): Buffer {
  const ccv3: [string, string] = ['ccv3', cardText(card)];
  return pngWithTexts(options.chara === false ? [ccv3] : [['chara', cardText(v2FallbackOf(card))], ccv3]);
}

/** A JSON file's bytes (UTF-8). */
export const jsonBytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value), 'utf8');

export const jsonCard = (card: unknown = generatedV3Card()): Buffer => jsonBytes(card);
export const lorebookV3Json = (): Buffer => jsonBytes(lorebookV3File());
/** A SillyTavern World Info file: the current format, or the old one. */
export const worldInfoJson = (format: 'current' | 'old' = 'current'): Buffer => jsonBytes(format === 'old' ? oldWorldInfoFile() : worldInfoFile());

export const CHARX_ICON_PATH = 'assets/icon/images/main.png';

/** A CHARX (zip through yazl): card.json, a V3 card whose main icon is the embedded picture, and that picture. */
export async function charxCard(card: { data: Record<string, unknown> } = generatedV3Card(), icon: Uint8Array = picturePng()): Promise<Buffer> {
  const withIcon = { ...card, data: { ...card.data, assets: [{ type: 'icon', uri: `embeded://${CHARX_ICON_PATH}`, name: 'main', ext: 'png' }] } };
  const zip = new yazl.ZipFile();
  const mtime = new Date('2026-01-01T00:00:00Z');
  zip.addBuffer(jsonBytes(withIcon), 'card.json', { mtime });
  zip.addBuffer(Buffer.from(icon), CHARX_ICON_PATH, { mtime, compress: false });
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of zip.outputStream as unknown as AsyncIterable<Buffer>) parts.push(part);
  return Buffer.concat(parts);
}

/** Where the first IDAT's data starts in a PNG of ./generatedCardFiles (signature 8, IHDR 25, IDAT length and type 8). */
const IDAT_DATA_AT = 8 + 25 + 8;

/** A card PNG with one byte of its image data changed: the IDAT's CRC no longer matches. */
export function badCrcPng(png: Uint8Array = v2CardPng()): Buffer {
  const out = Buffer.from(png);
  out[IDAT_DATA_AT + (out.readUInt32BE(IDAT_DATA_AT - 8) >> 1)]! ^= 0xff;
  return out;
}

/** A card PNG cut off in the middle of its image data (no IEND, the last chunk incomplete). */
export function truncatedPng(png: Uint8Array = v2CardPng()): Buffer {
  return Buffer.from(png).subarray(0, IDAT_DATA_AT + (Buffer.from(png).readUInt32BE(IDAT_DATA_AT - 8) >> 1));
}

/** A PNG whose chara text is not base64. */
export const notBase64Png = (): Buffer => pngWithTexts([['chara', '%%% not base64 %%%']]);

/** A CHARX with an entry outside the archive's folder (../evil). */
export const traversalCharx = (entry = '../evil'): Buffer =>
  zipFrom([
    { name: 'card.json', data: jsonBytes(generatedV3Card()) },
    { name: entry, data: Buffer.from('x') },
  ]);

/**
 * A zip bomb: card.json of `size` zero bytes (a few hundred KB once deflated), declaring `declaredSize` bytes
 * unpacked (a lie when smaller than `size`, so a reader must stop while inflating).
 */
export const zipBombCharx = (size = 200 * 1024 * 1024, declaredSize = 10): Buffer =>
  zipFrom([{ name: 'card.json', data: Buffer.alloc(size), declaredSize }]);
