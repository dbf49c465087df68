import { IMAGE_PRESET_NAMES, type ImagePreset } from '@fable/contracts';
import type { ObjectStore } from '../../infra/storage/objectStore';
import type { ProcessedPicture } from './imagePipeline';

/**
 * Where a picture's files live in the object store:
 * - images/<hash>/original.webp, images/<hash>/<preset>.webp, images/<hash>/<preset>.blurred.webp (stored pictures);
 * - images/<hash>/source.png (a PNG as it came, its metadata left out: what a card export carries; never served);
 * - uploads/<user id>/<hash> (an upload's bytes until it is completed).
 */
export const imageFileKey = (hash: string, file: string) => `images/${hash}/${file}`;
export const uploadKey = (userId: string, hash: string) => `uploads/${userId}/${hash}`;

/** The files GET /api/images/:hash/:file serves (the original is kept, not served). */
export const SERVED_FILES = IMAGE_PRESET_NAMES.flatMap((preset) => [`${preset}.webp`, `${preset}.blurred.webp`]) as [string, ...string[]];

export const WEBP = 'image/webp';

/** The uploaded PNG as it came (ProcessedPicture.source), for card exports. */
export const SOURCE_FILE = 'source.png';

/** Writes every file of a processed picture (before its row is recorded: a row means all files are there). */
export async function storePictureFiles(store: ObjectStore, hash: string, picture: ProcessedPicture): Promise<void> {
  const files: Array<[string, Buffer]> = [['original.webp', picture.original]];
  for (const preset of IMAGE_PRESET_NAMES as ImagePreset[]) {
    files.push([`${preset}.webp`, picture.presets[preset]], [`${preset}.blurred.webp`, picture.blurred[preset]]);
  }
  const writes = files.map(([file, bytes]) => store.put(imageFileKey(hash, file), bytes, WEBP));
  if (picture.source) writes.push(store.put(imageFileKey(hash, SOURCE_FILE), picture.source, 'image/png'));
  await Promise.all(writes);
}
