import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertObjectKey, type ObjectStore } from './objectStore';

/** The content type is kept beside the bytes, in `<file>.type`. */
const TYPE_SUFFIX = '.type';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Objects as files under `root` (the embedded default: `<DATA_DIR>/images`). Writes go to a temporary file renamed
 * into place, so a reader never sees half a file and concurrent writers of one key leave one whole version.
 */
export function createDiskObjectStore(root: string): ObjectStore {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    assertObjectKey(key);
    // The store's own side files are never objects.
    if (key.endsWith(TYPE_SUFFIX) || key.endsWith('.tmp')) throw new Error(`invalid object key: ${JSON.stringify(key)}`);
    return path.join(base, ...key.split('/'));
  };
  const writeAtomically = async (file: string, data: Buffer | string) => {
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, file);
  };
  return {
    kind: 'disk',
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(`${file}${TYPE_SUFFIX}`, contentType);
      await writeAtomically(file, bytes);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [bytes, contentType] = await Promise.all([readFile(file), readFile(`${file}${TYPE_SUFFIX}`, 'utf8')]);
        return { bytes, contentType };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async size(key) {
      try {
        return (await stat(fileOf(key))).size;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(`${file}${TYPE_SUFFIX}`, { force: true });
    },
    async close() {},
  };
}
