import path from 'node:path';
import { createDiskObjectStore } from './diskObjectStore';
import { createMemoryObjectStore } from './memoryObjectStore';
import type { ObjectStore } from './objectStore';
import { createS3ObjectStore } from './s3ObjectStore';
import type { ImageStorageConfig } from './storageConfig';

/** The store the configuration names: the bucket, the directory, or `<dataDir>/images` (memory for ':memory:'). */
export function openImageStore(storage: ImageStorageConfig | undefined, dataDir: string, inMemory: string): ObjectStore {
  if (storage?.kind === 's3') return createS3ObjectStore(storage.s3);
  if (storage?.kind === 'disk') return createDiskObjectStore(path.resolve(storage.dir));
  if (dataDir === inMemory) return createMemoryObjectStore();
  return createDiskObjectStore(path.join(dataDir, 'images'));
}
