import type { S3StoreConfig } from './s3ObjectStore';
import { envValue } from '../envValue';

/**
 * Where uploaded and generated pictures are kept:
 * - an S3-compatible bucket: S3_BUCKET (required once any S3_* is set), S3_REGION (default us-east-1), S3_ENDPOINT
 *   (unset: AWS S3), S3_ACCESS_KEY_ID with S3_SECRET_ACCESS_KEY (both or neither; neither: the SDK's credential chain),
 *   S3_FORCE_PATH_STYLE (true/false; default true with S3_ENDPOINT), S3_KEY_PREFIX;
 * - else a directory: IMAGE_STORAGE_DIR, default `<DATA_DIR>/images` (in memory when DATA_DIR is :memory:).
 */
export type ImageStorageConfig = { kind: 's3'; s3: S3StoreConfig } | { kind: 'disk'; dir: string };

const S3_VARIABLES = ['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_KEY_PREFIX'] as const;

/** Reads the storage variables; problems are reported by name, and a half-configured bucket is one. */
export function readImageStorage(env: NodeJS.ProcessEnv): { storage?: ImageStorageConfig; problems: string[] } {
  const set = S3_VARIABLES.filter((name) => envValue(env[name]) !== undefined);
  const dir = envValue(env.IMAGE_STORAGE_DIR);
  if (set.length === 0) return { storage: dir ? { kind: 'disk', dir } : undefined, problems: [] };

  const problems: string[] = [];
  const bucket = envValue(env.S3_BUCKET);
  if (!bucket) problems.push(`S3_BUCKET: required when ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set`);
  else if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) problems.push('S3_BUCKET: must be a bucket name (3-63 lower-case letters, digits, "." or "-")');
  if (dir) problems.push('IMAGE_STORAGE_DIR: set together with S3_BUCKET; choose one place for images');
  const accessKeyId = envValue(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = envValue(env.S3_SECRET_ACCESS_KEY);
  if (accessKeyId && !secretAccessKey) problems.push('S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID');
  if (secretAccessKey && !accessKeyId) problems.push('S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY');
  const endpoint = envValue(env.S3_ENDPOINT);
  if (endpoint && !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(endpoint)) problems.push('S3_ENDPOINT: must start with http:// or https://');
  const region = envValue(env.S3_REGION) ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) problems.push('S3_REGION: must be a region name like us-east-1');
  const pathStyle = envValue(env.S3_FORCE_PATH_STYLE);
  if (pathStyle !== undefined && pathStyle !== 'true' && pathStyle !== 'false') problems.push('S3_FORCE_PATH_STYLE: must be true or false');
  const keyPrefix = envValue(env.S3_KEY_PREFIX) ?? '';
  if (keyPrefix && !/^[A-Za-z0-9!_.*'()-]+(\/[A-Za-z0-9!_.*'()-]+)*\/$/.test(keyPrefix)) problems.push('S3_KEY_PREFIX: must be folder names ending with "/", like fable/');
  if (problems.length > 0 || !bucket) return { problems };
  return {
    storage: {
      kind: 's3',
      s3: {
        bucket,
        region,
        endpoint,
        accessKeyId,
        secretAccessKey,
        forcePathStyle: pathStyle === undefined ? endpoint !== undefined : pathStyle === 'true',
        keyPrefix,
      },
    },
    problems: [],
  };
}
