import type { AppConfig } from '../../config';
import { storedServerSecret } from '../../infra/crypto/storedSecret';
import type { Queryable } from '../../infra/db/database';

const JWT_SECRET_NAME = 'jwt_hs256';

/**
 * The access-token key: JWT_SECRET when set (required in production). Otherwise a random key generated on first
 * start and kept in the database, so it lives and dies with the data directory and is never in the repository.
 */
export async function loadJwtSecret(db: Queryable, config: AppConfig): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  if (config.nodeEnv === 'production') throw new Error('JWT_SECRET is required in production');
  const key = await storedServerSecret(db, JWT_SECRET_NAME);
  if (!key) throw new Error('could not store the generated JWT key');
  return key;
}
