import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config';
import type { Queryable } from '../../infra/db/database';

const JWT_SECRET_NAME = 'jwt_hs256';

/**
 * The access-token key: JWT_SECRET when set (required in production). Otherwise a random key generated on first
 * start and kept in the database, so it lives and dies with the data directory and is never in the repository.
 */
export async function loadJwtSecret(db: Queryable, config: AppConfig): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  if (config.nodeEnv === 'production') throw new Error('JWT_SECRET is required in production');
  await db.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    JWT_SECRET_NAME,
    randomBytes(48).toString('base64url'),
  ]);
  const { rows } = await db.query<{ value: string }>('select value from server_secrets where name = $1', [JWT_SECRET_NAME]);
  const value = rows[0]?.value;
  if (!value) throw new Error('could not store the generated JWT key');
  return new TextEncoder().encode(value);
}
