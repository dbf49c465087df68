import { assertObjectKey, type ObjectStore, type StoredObject } from './objectStore';

/** Objects kept in memory, gone when the process ends (tests, and DATA_DIR=:memory:). */
export function createMemoryObjectStore(): ObjectStore {
  const objects = new Map<string, StoredObject>();
  return {
    kind: 'memory',
    async put(key, bytes, contentType) {
      assertObjectKey(key);
      objects.set(key, { bytes: Buffer.from(bytes), contentType });
    },
    async get(key) {
      assertObjectKey(key);
      const found = objects.get(key);
      return found ? { bytes: Buffer.from(found.bytes), contentType: found.contentType } : null;
    },
    async size(key) {
      assertObjectKey(key);
      return objects.get(key)?.bytes.length ?? null;
    },
    async delete(key) {
      assertObjectKey(key);
      objects.delete(key);
    },
    async close() {
      objects.clear();
    },
  };
}
