import { type Readable } from 'node:stream';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { isSafeEntryPath } from './cardAssets';
import { CARD_CAPS } from './cardCaps';
import { CardFailure } from './cardErrors';

/**
 * CHARX files (V3 specification): a zip with the card as `card.json` at its root and assets that the card
 * points to as `embeded://path/to/asset.png`. Read with yauzl, which reads the central directory, refuses
 * unsafe file names ("..", absolute paths, backslashes) and checks each entry's inflated size against the
 * size it declares. On top of that: at most CARD_CAPS.charxMaxEntries entries (checked before any is read) and
 * at most CARD_CAPS.charxMaxUnpackedBytes unpacked in all, checked on the declared sizes and again on the bytes
 * as they are inflated (a zip bomb stops at the cap). Written with yazl.
 */

export const CHARX_CARD_PATH = 'card.json';

export function hasZipSignature(bytes: Uint8Array): boolean {
  // A local file header, or the end of central directory of an empty archive.
  return bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

/** yauzl's validateFileName messages. */
const UNSAFE_NAME = /^(invalid characters in fileName|absolute path|invalid relative path)/;

function zipFailure(error: unknown): CardFailure {
  if (error instanceof CardFailure) return error;
  const message = error instanceof Error ? error.message : '';
  if (UNSAFE_NAME.test(message)) return new CardFailure('charx_unsafe_path');
  if (/encrypt/i.test(message)) return new CardFailure('charx_encrypted');
  if (/too many bytes in the stream|size mismatch/i.test(message)) return new CardFailure('charx_too_large');
  return new CardFailure('charx_invalid');
}

/** Reads one entry's bytes, stopping the stream as soon as the running total passes the cap. */
async function readEntry(stream: Readable, budget: { left: number }): Promise<Buffer> {
  const parts: Buffer[] = [];
  try {
    for await (const part of stream) {
      const chunk = part as Buffer;
      budget.left -= chunk.length;
      if (budget.left < 0) throw new CardFailure('charx_too_large');
      parts.push(chunk);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts);
}

/** The files of a CHARX (directories left out), by path. Throws CardFailure. */
export async function readCharx(bytes: Uint8Array): Promise<Map<string, Uint8Array>> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    throw zipFailure(error);
  }
  const files = new Map<string, Uint8Array>();
  // An error yauzl emits between two reads (with nobody waiting) must not go unhandled.
  zip.on('error', () => undefined);
  try {
    if (zip.entryCount > CARD_CAPS.charxMaxEntries) throw new CardFailure('charx_too_many_entries');
    const budget = { left: CARD_CAPS.charxMaxUnpackedBytes };
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName;
      if (name.endsWith('/')) {
        if (!isSafeEntryPath(name.slice(0, -1))) throw new CardFailure('charx_unsafe_path');
        continue;
      }
      if (!isSafeEntryPath(name)) throw new CardFailure('charx_unsafe_path');
      if (entry.isEncrypted()) throw new CardFailure('charx_encrypted');
      declared += entry.uncompressedSize;
      if (declared > CARD_CAPS.charxMaxUnpackedBytes) throw new CardFailure('charx_too_large');
      if (files.has(name)) continue; // the first of two entries with one name wins
      const stream = await zip.openReadStreamPromise(entry);
      files.set(name, await readEntry(stream, budget));
    }
  } catch (error) {
    throw zipFailure(error);
  } finally {
    zip.close();
  }
  return files;
}

/** Extensions of formats that are compressed already (stored as they are). */
const STORED = /\.(png|jpe?g|webp|gif|avif|mp3|ogg|mp4|webm|zip|charx)$/i;

/** A zip of the files, in the order given (card.json first, as CHARX readers look for it). */
export async function writeCharx(files: Array<{ path: string; bytes: Uint8Array }>, mtime: Date): Promise<Uint8Array> {
  const zip = new yazl.ZipFile();
  for (const { path, bytes } of files) {
    zip.addBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), path, { mtime, compress: !STORED.test(path) });
  }
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of zip.outputStream as unknown as AsyncIterable<Buffer>) parts.push(part);
  return Buffer.concat(parts);
}
