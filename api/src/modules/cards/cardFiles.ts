import { createHash } from 'node:crypto';
import { mimeTypeOfPath, sniffImage } from './cardAssets';
import { CARD_CAPS } from './cardCaps';
import type { CardFile, CardFileRef } from './cardTypes';

/**
 * Which of a card's embedded files a chatbot keeps: in the card's order, as long as they stay within
 * CARD_CAPS.keptFilesMax files and CARD_CAPS.keptFilesMaxBytes in all (a file that would pass the byte cap is left
 * out and the next ones are still tried). Each kept file gets its reference (CardFileRef: path, SHA-256, size, type);
 * the caller stores the bytes under the SHA-256.
 */

export interface KeptCardFile {
  ref: CardFileRef;
  bytes: Uint8Array;
}

export interface LeftCardFile {
  path: string;
  bytes: number;
  /** Which cap left it out: the number of files, or their bytes in all. */
  cap: 'files' | 'bytes';
}

export interface CardFileSelection {
  kept: KeptCardFile[];
  left: LeftCardFile[];
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The type of an embedded file: from its first bytes for pictures, else from its extension. */
export const cardFileContentType = (file: CardFile) => sniffImage(file.bytes) ?? mimeTypeOfPath(file.path);

export function cardFileRef(file: CardFile): CardFileRef {
  return { path: file.path, sha256: sha256Hex(file.bytes), bytes: file.bytes.length, content_type: cardFileContentType(file) };
}

export function selectCardFiles(files: readonly CardFile[]): CardFileSelection {
  const selection: CardFileSelection = { kept: [], left: [] };
  let total = 0;
  for (const file of files) {
    const size = file.bytes.length;
    if (selection.kept.length >= CARD_CAPS.keptFilesMax) selection.left.push({ path: file.path, bytes: size, cap: 'files' });
    else if (total + size > CARD_CAPS.keptFilesMaxBytes) selection.left.push({ path: file.path, bytes: size, cap: 'bytes' });
    else {
      total += size;
      selection.kept.push({ ref: cardFileRef(file), bytes: file.bytes });
    }
  }
  return selection;
}
