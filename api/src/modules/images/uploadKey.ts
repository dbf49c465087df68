import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config';
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
  await db.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [UPLOAD_KEY_NAME, randomBytes(48).toString('base64url')]);
  const { rows } = await db.query<{ value: string }>('select value from server_secrets where name = $1', [UPLOAD_KEY_NAME]);
  return rows[0] ? new TextEncoder().encode(rows[0].value) : null;
}
