import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';

/**
 * A key the server made itself: generated on first start and kept in the database (`server_secrets`), so every
 * API process on that database uses the same one and it lives and dies with the data, never in the repository.
 * The keys used when their environment variable is unset outside production (JWT, upload URLs, bypass links).
 * Null when the database kept none.
 */
export async function storedServerSecret(db: Queryable, name: string): Promise<Uint8Array | null> {
  await db.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [name, randomBytes(48).toString('base64url')]);
  const { rows } = await db.query<{ value: string }>('select value from server_secrets where name = $1', [name]);
  const value = rows[0]?.value;
  return value ? new TextEncoder().encode(value) : null;
}
