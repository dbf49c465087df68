import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import yauzl from 'yauzl';

/**
 * Test files built straight from the formats (PNG chunks, tEXt, zip), without this module's own readers and
 * writers, so that tests check the module against the specifications and not against itself.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface RawChunk {
  type: string;
  data: Uint8Array;
  /** A CRC to write instead of the right one. */
  crc?: number;
  /** A length to declare instead of the data's. */
  declaredLength?: number;
}

/** A PNG from chunks: signature, then length, type, data and CRC (over type and data) for each. */
export function pngFromChunks(chunks: RawChunk[]): Buffer {
  const parts: Buffer[] = [PNG_SIGNATURE];
  for (const chunk of chunks) {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(chunk.declaredLength ?? chunk.data.length, 0);
    head.write(chunk.type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(chunk.crc ?? crc32(Buffer.concat([head.subarray(4), chunk.data])), 0);
    parts.push(head, Buffer.from(chunk.data), crc);
  }
  return Buffer.concat(parts);
}

/** The chunks of a PNG, each CRC checked (throws otherwise). */
export function chunksOfPng(png: Uint8Array): Array<{ type: string; data: Buffer }> {
  const bytes = Buffer.from(png);
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  const out: Array<{ type: string; data: Buffer }> = [];
  let offset = 8;
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (bytes.readUInt32BE(offset + 8 + length) !== crc32(bytes.subarray(offset + 4, offset + 8 + length))) throw new Error(`bad CRC in ${type}`);
    out.push({ type, data });
    offset += 12 + length;
    if (type === 'IEND') break;
  }
  return out;
}

/** tEXt data: Latin-1 keyword, a NUL, Latin-1 text (PNG §11.3.4.3). */
export function textData(keyword: string, text: string): Buffer {
  return Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]);
}

/** The tEXt chunks of a PNG: keyword → text. */
export function textsOfPng(png: Uint8Array): Array<[string, string]> {
  return chunksOfPng(png)
    .filter((chunk) => chunk.type === 'tEXt')
    .map((chunk) => {
      const nul = chunk.data.indexOf(0);
      return [chunk.data.toString('latin1', 0, nul), chunk.data.toString('latin1', nul + 1)];
    });
}

/** A card as the specifications store it in a PNG: the JSON string, UTF-8, then base64. */
export function cardText(card: unknown): string {
  return Buffer.from(JSON.stringify(card), 'utf8').toString('base64');
}

/** The card of a tEXt value: base64 → UTF-8 → JSON. */
export function cardOfText(text: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as Record<string, unknown>;
}

/** IHDR of a w×h 8-bit RGB image. */
export function ihdr(width = 1, height = 1): RawChunk {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([8, 2, 0, 0, 0], 8);
  return { type: 'IHDR', data };
}

/** IDAT of a w×h RGB image of one colour. */
export function idat(width = 1, height = 1, rgb: [number, number, number] = [200, 30, 90]): RawChunk {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  return { type: 'IDAT', data: deflateSync(Buffer.concat(Array.from({ length: height }, () => row))) };
}

export const iend = (): RawChunk => ({ type: 'IEND', data: Buffer.alloc(0) });
export const text = (keyword: string, value: string): RawChunk => ({ type: 'tEXt', data: textData(keyword, value) });

/** A valid 1×1 PNG with the given extra chunks before IEND. */
export function cardPng(...extra: RawChunk[]): Buffer {
  return pngFromChunks([ihdr(), idat(), ...extra, iend()]);
}

export interface ZipEntrySpec {
  name: string;
  data: Uint8Array;
  /** Deflate (8, default) or store (0). */
  method?: 0 | 8;
  /** An uncompressed size to declare instead of the real one (a lying zip bomb). */
  declaredSize?: number;
  /** Sets the "encrypted" flag (bit 0). */
  encrypted?: boolean;
  /** Bytes to write as the entry's compressed data instead of compressing `data`. */
  body?: Uint8Array;
}

/** A zip archive (PKWARE APPNOTE: local headers, central directory, end record), written by hand. */
export function zipFrom(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const method = entry.method ?? 8;
    const body = entry.body ? Buffer.from(entry.body) : method === 8 ? deflateRawSync(entry.data) : Buffer.from(entry.data);
    const crc = crc32(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const flags = (entry.encrypted ? 1 : 0) | 0x800; // UTF-8 names
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The files of a zip archive by name, read with yauzl (what a CHARX export holds). */
export async function entriesOfZip(zip: Uint8Array): Promise<Map<string, Buffer>> {
  const reader = await yauzl.fromBufferPromise(Buffer.from(zip), { lazyEntries: true });
  const out = new Map<string, Buffer>();
  for await (const entry of reader.eachEntry()) {
    const parts: Buffer[] = [];
    for await (const part of await reader.openReadStreamPromise(entry)) parts.push(part as Buffer);
    out.set(entry.fileName, Buffer.concat(parts));
  }
  return out;
}
