/**
 * Where stored files live: bytes under a key, with their content type. Implementations: a directory on local disk
 * (the embedded default, diskObjectStore.ts), memory (tests and DATA_DIR=:memory:, memoryObjectStore.ts) and any
 * S3-compatible store (s3ObjectStore.ts). Keys are relative paths of lower-case letters, digits, "-", "_" and "."
 * segments joined by "/" (never "." or ".." alone): the callers build them, users never name them.
 */
export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

/** A URL the browser uploads to directly (a presigned S3 PUT) and the headers it must send with the bytes. */
export interface DirectUpload {
  url: string;
  headers: Record<string, string>;
}

export interface ObjectStore {
  readonly kind: 'disk' | 'memory' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** The object's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes the object; nothing when there is none. */
  delete(key: string): Promise<void>;
  /**
   * A URL the browser PUTs exactly `size` bytes of `contentType` to, valid `expiresInSeconds`: only stores the browser
   * can reach directly have one (S3); for the others the API signs its own upload URL and calls `put`.
   */
  directUpload?(key: string, options: { contentType: string; size: number; expiresInSeconds: number }): Promise<DirectUpload>;
  close(): Promise<void>;
}

const KEY = /^[a-z0-9_-][a-z0-9._-]*(?:\/[a-z0-9_-][a-z0-9._-]*)*$/;

/** Throws on a key outside the pattern above (no absolute paths, no "..", no empty segments). */
export function assertObjectKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((s) => s === '.' || s === '..')) {
    throw new Error(`invalid object key: ${JSON.stringify(key)}`);
  }
}
