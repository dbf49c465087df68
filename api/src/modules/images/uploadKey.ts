import type { AppConfig } from '../../config';
import { storedServerSecret } from '../../infra/crypto/storedSecret';
import type { Queryable } from '../../infra/db/database';

const UPLOAD_KEY_NAME = 'image_upload_hmac';

/**
 * The key of the API's own upload URLs: IMAGE_UPLOAD_SECRET when set. Otherwise, outside production, a random key
 * generated on first start and kept in the database (every API process on that database signs alike); in production
 * none (null): uploads to disk are unavailable until the variable is set.
 */
export async function loadUploadKey(db: Queryable, config: AppConfig): Promise<Uint8Array | null> {
  if (config.imageUploadSecret) return new TextEncoder().encode(config.imageUploadSecret);
  if (config.nodeEnv === 'production') return null;
  return storedServerSecret(db, UPLOAD_KEY_NAME);
}
