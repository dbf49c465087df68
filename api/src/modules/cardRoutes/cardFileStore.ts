import type { ValidationIssue } from '../../http/errorHandling';
import type { ObjectStore } from '../../infra/storage/objectStore';
import { CardFileRefsSchema, sha256Hex, type CardFile, type CardFileRef, type KeptCardFile } from '../cards';

/**
 * A card's embedded files in the image store (the avatars' object store: disk, memory or S3), content-addressed:
 * `card-files/<sha256>`. The import stores them, card_extras.files references them, a save accepts only references
 * to files that are stored, and the export reads them back. Never served on their own: they leave only inside an
 * exported card.
 */

export const cardFileKey = (sha256: string) => `card-files/${sha256}`;

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Stores the kept files (a file stored before, by any card, is not written again). */
export async function storeCardFiles(store: ObjectStore, files: readonly KeptCardFile[]): Promise<void> {
  await Promise.all(
    files.map(async ({ ref, bytes }) => {
      const key = cardFileKey(ref.sha256);
      if ((await store.size(key)) === ref.bytes) return;
      await store.put(key, asBuffer(bytes), ref.content_type);
    }),
  );
}

/** The referenced files, read back; `missing` lists those the store no longer holds as they were (left out). */
export async function loadCardFiles(store: ObjectStore, refs: readonly CardFileRef[]): Promise<{ files: CardFile[]; missing: string[] }> {
  const read = await Promise.all(
    refs.map(async (ref): Promise<CardFile | null> => {
      const found = await store.get(cardFileKey(ref.sha256));
      return found && sha256Hex(found.bytes) === ref.sha256 ? { path: ref.path, bytes: new Uint8Array(found.bytes) } : null;
    }),
  );
  return {
    files: read.filter((file): file is CardFile => file !== null),
    missing: refs.filter((_ref, index) => read[index] === null).map((ref) => ref.path),
  };
}

/**
 * What is wrong with the file references of a save's card_extras (`files`): not references as an import answers
 * them, or a reference to a file the store does not hold. Empty when there is no `files` key or all is well.
 */
export async function cardFileIssues(store: ObjectStore, cardExtras: Record<string, unknown>, at = 'body.card_extras'): Promise<ValidationIssue[]> {
  if (!Object.hasOwn(cardExtras, 'files')) return [];
  const parsed = CardFileRefsSchema.safeParse(cardExtras.files);
  if (!parsed.success) return parsed.error.issues.map((issue) => ({ path: [at, 'files', ...issue.path.map(String)].join('.'), message: issue.message }));
  const found = await Promise.all(parsed.data.map((ref) => store.size(cardFileKey(ref.sha256))));
  return parsed.data.flatMap((ref, index): ValidationIssue[] => {
    const size = found[index];
    const path = `${at}.files.${index}`;
    if (size === null || size === undefined) {
      return [{ path, message: `no embedded file "${ref.path}" is stored with this sha256: import the card again to keep its files` }];
    }
    if (size !== ref.bytes) return [{ path, message: `the stored file "${ref.path}" has ${size} bytes, not ${ref.bytes}` }];
    return [];
  });
}
