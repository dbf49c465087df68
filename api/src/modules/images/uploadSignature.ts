import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UploadImageType } from '@fable/contracts';

/**
 * The API's own signed upload URLs (pictures kept on disk or in memory; an S3 bucket presigns its own): an HMAC-SHA256,
 * under the server's key, of the upload's key, announced type and size, and expiry. Whoever holds the URL may PUT
 * exactly that file there until it expires, and nothing else anywhere.
 */
export interface UploadGrant {
  userId: string;
  hash: string;
  contentType: UploadImageType;
  size: number;
  /** Unix seconds. */
  expires: number;
}

export const UPLOAD_ROUTE = '/images/uploads/:userId/:hash';

const message = (grant: UploadGrant) => ['PUT', grant.userId, grant.hash, grant.contentType, grant.size, grant.expires].join('\n');

export function signUpload(key: Uint8Array, grant: UploadGrant): string {
  return createHmac('sha256', key).update(message(grant)).digest('hex');
}

/** The URL path (on the API's origin) that grants the upload. */
export function signedUploadUrl(key: Uint8Array, grant: UploadGrant): string {
  const query = new URLSearchParams({ type: grant.contentType, size: String(grant.size), expires: String(grant.expires), signature: signUpload(key, grant) });
  return `/api/images/uploads/${grant.userId}/${grant.hash}?${query.toString()}`;
}

/** Whether `signature` is the grant's (compared in constant time). */
export function uploadSignatureMatches(key: Uint8Array, grant: UploadGrant, signature: string): boolean {
  const expected = Buffer.from(signUpload(key, grant), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
