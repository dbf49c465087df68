import { crc32 } from 'node:zlib';
import { CARD_CAPS } from './cardCaps';
import { CardFailure } from './cardErrors';

/**
 * PNG chunks of a character card (ISO 15948 §5), read and written here with Node's zlib.crc32: the chunk layout is
 * walked by lengths (a chunk declaring 4 GB in a small file is refused before anything is allocated), every CRC is
 * checked, and tEXt chunks are Latin-1 keyword, NUL, text. The same rules as png-chunks-extract and png-chunk-text,
 * the libraries SillyTavern reads cards with, which this replaced (one release each and no maintenance; the extractor copied each
 * chunk byte by byte into whatever length it declared, and the encoder turned every chunk into an array of numbers
 * for its CRC). Every failure is one of the PNG errors of document 1 §5 (or png_chunk_too_large).
 */

export interface PngChunk {
  name: string;
  data: Uint8Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** PNG (ISO 15948 §5.3): a chunk length is at most 2^31 - 1. */
const MAX_CHUNK_LENGTH = 0x7fffffff;

/** The tEXt keywords of a card: V2 (`chara`), V3 (`ccv3`) and V3 assets embedded in the PNG. */
export const CARD_KEYWORD_V2 = 'chara';
export const CARD_KEYWORD_V3 = 'ccv3';
export const ASSET_KEYWORD_PREFIX = 'chara-ext-asset_:';
/** PNG tEXt keywords are 1 to 79 Latin-1 characters. */
export const MAX_KEYWORD_LENGTH = 79;

export function hasPngSignature(bytes: Uint8Array): boolean {
  return bytes.length >= SIGNATURE.length && SIGNATURE.every((b, i) => bytes[i] === b);
}

function uint32At(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset]! << 24) >>> 0) + (bytes[offset + 1]! << 16) + (bytes[offset + 2]! << 8) + bytes[offset + 3]!;
}

function typeAt(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!, bytes[offset + 3]!);
}

/**
 * The chunks of a PNG up to IEND (signature, IHDR first, every chunk inside the file, every CRC checked; IEND's data
 * and CRC are not read, as readers of cards do not). Throws CardFailure with the PNG error.
 */
export function readPngChunks(bytes: Uint8Array): PngChunk[] {
  if (!hasPngSignature(bytes)) throw new CardFailure('invalid_header');
  const chunks: PngChunk[] = [];
  let offset = SIGNATURE.length;
  for (let count = 1; offset + 8 <= bytes.length; count++) {
    if (count > CARD_CAPS.pngMaxChunks) throw new CardFailure('png_too_many_chunks');
    const length = uint32At(bytes, offset);
    const name = typeAt(bytes, offset + 4);
    if (chunks.length === 0 && name !== 'IHDR') throw new CardFailure('missing_header_chunks');
    // Longer than any card file may be: a damaged or hostile length, not a file cut short.
    if (length > MAX_CHUNK_LENGTH || length >= CARD_CAPS.maxInputBytes) throw new CardFailure('png_chunk_too_large');
    if (name === 'IEND') {
      chunks.push({ name, data: new Uint8Array(0) });
      return chunks;
    }
    if (offset + 12 + length > bytes.length) throw new CardFailure('missing_header_chunks');
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== uint32At(bytes, offset + 8 + length)) throw new CardFailure('bad_crc');
    chunks.push({ name, data: bytes.slice(offset + 8, offset + 8 + length) });
    offset += 12 + length;
  }
  throw new CardFailure('missing_header_chunks');
}

/** A PNG file from chunks (signature added, CRCs computed). */
export function writePng(chunks: PngChunk[]): Uint8Array {
  const out = Buffer.alloc(SIGNATURE.length + chunks.reduce((sum, chunk) => sum + 12 + chunk.data.length, 0));
  out.set(SIGNATURE, 0);
  let offset = SIGNATURE.length;
  for (const { name, data } of chunks) {
    out.writeUInt32BE(data.length, offset);
    out.write(name, offset + 4, 4, 'latin1');
    out.set(data, offset + 8);
    out.writeUInt32BE(crc32(out.subarray(offset + 4, offset + 8 + data.length)), offset + 8 + data.length);
    offset += 12 + data.length;
  }
  return out;
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** The keyword of a tEXt chunk (the Latin-1 bytes before the first NUL). */
export function textKeyword(chunk: PngChunk): string | null {
  if (chunk.name !== 'tEXt') return null;
  const end = chunk.data.indexOf(0);
  return latin1(chunk.data.subarray(0, end === -1 ? Math.min(chunk.data.length, MAX_KEYWORD_LENGTH + 1) : end));
}

/** The text of a tEXt chunk (the Latin-1 bytes after the keyword's NUL), or null when it holds another NUL (not valid tEXt). */
export function textOf(chunk: PngChunk): string | null {
  const end = chunk.data.indexOf(0);
  if (end === -1) return '';
  const text = chunk.data.subarray(end + 1);
  return text.includes(0) ? null : latin1(text);
}

/** Latin-1 characters other than NUL: what a tEXt keyword and text may hold. */
// eslint-disable-next-line no-control-regex
const LATIN1_NO_NUL = /^[\x01-\xff]*$/;

/** A tEXt chunk: a keyword of 1 to 79 Latin-1 characters, Latin-1 text (card data is base64, so ASCII), no NUL in either. */
export function textChunk(keyword: string, text: string): PngChunk {
  if (keyword.length === 0 || keyword.length > MAX_KEYWORD_LENGTH || !LATIN1_NO_NUL.test(keyword) || !LATIN1_NO_NUL.test(text)) {
    throw new Error(`not a PNG tEXt chunk: keyword "${keyword.slice(0, 80)}" (1 to 79 Latin-1 characters) and Latin-1 text, without NUL`);
  }
  return { name: 'tEXt', data: new Uint8Array(Buffer.from(`${keyword}\0${text}`, 'latin1')) };
}

/** Whether a chunk is card data (chara, ccv3 or an embedded asset), which the avatar and an export leave out. */
export function isCardChunk(chunk: PngChunk): boolean {
  const keyword = textKeyword(chunk);
  return keyword === CARD_KEYWORD_V2 || keyword === CARD_KEYWORD_V3 || (keyword?.startsWith(ASSET_KEYWORD_PREFIX) ?? false);
}
