import { deflateSync } from 'node:zlib';
import { writePng } from './pngChunks';

/**
 * The image of an exported PNG card whose chatbot has no avatar to carry it (none given, or one that cannot be
 * read): a plain square in one colour. Made once, with zlib and writePng.
 */
const SIZE = 256;
const COLOUR = [0x5b, 0x4b, 0xc4] as const;

let cached: Uint8Array | undefined;

export function placeholderPng(): Uint8Array {
  if (cached) return cached;
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, SIZE);
  view.setUint32(4, SIZE);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const row = new Uint8Array(1 + SIZE * 3); // filter byte 0, then the pixels
  for (let x = 0; x < SIZE; x++) row.set(COLOUR, 1 + x * 3);
  const pixels = new Uint8Array(row.length * SIZE);
  for (let y = 0; y < SIZE; y++) pixels.set(row, y * row.length);
  cached = writePng([
    { name: 'IHDR', data: header },
    { name: 'IDAT', data: deflateSync(pixels) },
    { name: 'IEND', data: new Uint8Array(0) },
  ]);
  return cached;
}
