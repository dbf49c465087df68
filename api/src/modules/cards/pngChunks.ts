import { crc32 } from 'node:zlib';
import extractChunks from 'png-chunks-extract';
import * as pngText from 'png-chunk-text';
import { CARD_CAPS } from './cardCaps';
import { CardFailure } from './cardErrors';

/**
 * PNG chunks of a character card, read with the libraries SillyTavern reads cards with: png-chunks-extract
 * (checks every chunk's CRC) and png-chunk-text (tEXt chunks). Before the bytes reach the extractor, their
 * layout is walked here (lengths only, no copy): that library allocates whatever length a chunk declares and
 * copies it byte by byte, so a chunk declaring 4 GB in a small file would hang it. Every failure is one of the
 * PNG errors of document 1 §5 (or png_chunk_too_large).
 *
 * Writing uses Node's zlib.crc32 rather than png-chunks-encode, which turns every chunk into a plain array
 * of numbers to compute its CRC (83 ms and some 40 bytes of memory per image byte for Seraphina's 0.5 MB).
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

/** Walks the chunk layout: signature, IHDR first, every chunk inside the file, IEND reached. */
function checkLayout(bytes: Uint8Array): void {
  if (!hasPngSignature(bytes)) throw new CardFailure('invalid_header');
  let offset = SIGNATURE.length;
  let first = true;
  for (let count = 1; offset + 8 <= bytes.length; count++) {
    if (count > CARD_CAPS.pngMaxChunks) throw new CardFailure('png_too_many_chunks');
    const length = uint32At(bytes, offset);
    const type = typeAt(bytes, offset + 4);
    if (first && type !== 'IHDR') throw new CardFailure('missing_header_chunks');
    first = false;
    // Longer than any card file may be: a damaged or hostile length, not a file cut short.
    if (length > MAX_CHUNK_LENGTH || length >= CARD_CAPS.maxInputBytes) throw new CardFailure('png_chunk_too_large');
    // IEND carries no data; the extractor stops there without reading its CRC.
    if (type === 'IEND') return;
    if (offset + 12 + length > bytes.length) throw new CardFailure('missing_header_chunks');
    offset += 12 + length;
  }
  throw new CardFailure('missing_header_chunks');
}

/** The chunks of a PNG up to IEND, every CRC checked. Throws CardFailure with the PNG error. */
export function readPngChunks(bytes: Uint8Array): PngChunk[] {
  checkLayout(bytes);
  try {
    return extractChunks(bytes);
  } catch (error) {
    throw new CardFailure(/CRC/i.test((error as Error).message) ? 'bad_crc' : 'missing_header_chunks');
  }
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

/** The keyword of a tEXt chunk (the Latin-1 bytes before the first NUL). */
export function textKeyword(chunk: PngChunk): string | null {
  if (chunk.name !== 'tEXt') return null;
  const end = chunk.data.indexOf(0);
  const keywordBytes = chunk.data.subarray(0, end === -1 ? Math.min(chunk.data.length, MAX_KEYWORD_LENGTH + 1) : end);
  return String.fromCharCode(...keywordBytes);
}

/** The text of a tEXt chunk, or null when it holds a NUL after the keyword (not valid tEXt). */
export function textOf(chunk: PngChunk): string | null {
  try {
    return pngText.decode(chunk.data).text;
  } catch {
    return null;
  }
}

/** A tEXt chunk; the text must be Latin-1 (card data is base64, so ASCII). */
export function textChunk(keyword: string, text: string): PngChunk {
  return pngText.encode(keyword, text);
}

/** Whether a chunk is card data (chara, ccv3 or an embedded asset), which the avatar and an export leave out. */
export function isCardChunk(chunk: PngChunk): boolean {
  const keyword = textKeyword(chunk);
  return keyword === CARD_KEYWORD_V2 || keyword === CARD_KEYWORD_V3 || (keyword?.startsWith(ASSET_KEYWORD_PREFIX) ?? false);
}
