import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertObjectKey, type ObjectStore } from './objectStore';

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, Ceph, …), from the S3_* variables. */
export interface S3StoreConfig {
  bucket: string;
  region: string;
  /** The store's endpoint (unset: AWS S3 itself). */
  endpoint?: string;
  /** Unset: the SDK's own credential chain (AWS_* variables, instance or pod roles). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (http://host/bucket/key) rather than the host name; most self-hosted stores need it. */
  forcePathStyle: boolean;
  /** Prepended to every key ("fable/" puts everything under fable/). */
  keyPrefix: string;
}

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * Objects in an S3-compatible bucket through @aws-sdk/client-s3. Uploads from browsers go straight to the bucket with
 * a presigned PUT whose signature covers the content type and length (the bucket needs a CORS rule allowing PUT from
 * the site's origin). Checksums only when an operation requires one: several S3-compatible stores refuse the SDK's
 * default CRC headers.
 */
export function createS3ObjectStore(config: S3StoreConfig): ObjectStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const Bucket = config.bucket;
  const keyOf = (key: string) => {
    assertObjectKey(key);
    return `${config.keyPrefix}${key}`;
  };

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        const bytes = Buffer.from(await res.Body!.transformToByteArray());
        return { bytes, contentType: res.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async size(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return res.ContentLength ?? 0;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async directUpload(key, { contentType, size, expiresInSeconds }) {
      const command = new PutObjectCommand({ Bucket, Key: keyOf(key), ContentType: contentType, ContentLength: size });
      const url = await getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(['host', 'content-type', 'content-length']),
      });
      return { url, headers: { 'Content-Type': contentType } };
    },
    async close() {
      client.destroy();
    },
  };
}
