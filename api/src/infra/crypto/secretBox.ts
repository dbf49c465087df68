import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config';
import type { Queryable } from '../db/database';
import type { SecretKey } from './secretKeys';

/** A secret as stored: the id of the key that encrypted it, and base64url(iv ‖ ciphertext ‖ tag). */
export interface SealedSecret {
  kid: string;
  value: string;
}

/** AES-256-GCM over a key ring: seals with the first key, opens with whichever key a value names. */
export interface SecretBox {
  /** The key id new values are sealed with. */
  readonly currentKid: string;
  knows(kid: string): boolean;
  /** `context` (e.g. the table, column and row id) is authenticated: a value copied to another row does not open. */
  seal(plaintext: string, context: string): SealedSecret;
  /** Throws when the key id is unknown or the value was altered. */
  open(sealed: SealedSecret, context: string): string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSecretBox(keys: readonly SecretKey[]): SecretBox {
  const current = keys[0];
  if (!current) throw new Error('a secret box needs at least one key');
  const byKid = new Map(keys.map((k) => [k.kid, k.key]));
  return {
    currentKid: current.kid,
    knows: (kid) => byKid.has(kid),
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return { kid: current.kid, value: Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url') };
    },
    open(sealed, context) {
      const key = byKid.get(sealed.kid);
      if (!key) throw new Error(`no key with id "${sealed.kid}" to open a stored secret`);
      const raw = Buffer.from(sealed.value, 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('a stored secret is truncated');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/** Key id of the development key kept in server_secrets when SECRETS_KEYS is unset (never in production). */
export const DEV_SECRETS_KID = 'dev';
const DEV_KEY_NAME = 'secrets_dev_key';

/**
 * The key ring of stored secrets: SECRETS_KEYS when set. Outside production, without it, a random key generated on
 * first start and kept in the database (like the JWT key, serverSecret.ts); a dev key already there stays readable
 * after SECRETS_KEYS is set, so values it sealed still open. In production without SECRETS_KEYS: null (no secret
 * can be stored; startup refuses if some already are, see openAiKeyStore.ts).
 */
export async function loadSecretBox(db: Queryable, config: Pick<AppConfig, 'secretsKeys' | 'nodeEnv'>): Promise<SecretBox | null> {
  const configured = config.secretsKeys ?? [];
  if (config.nodeEnv === 'production') return configured.length > 0 ? createSecretBox(configured) : null;
  if (configured.length === 0) {
    await db.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
      DEV_KEY_NAME,
      randomBytes(32).toString('base64'),
    ]);
  }
  const { rows } = await db.query<{ value: string }>('select value from server_secrets where name = $1', [DEV_KEY_NAME]);
  const dev = rows[0] && !configured.some((k) => k.kid === DEV_SECRETS_KID) ? [{ kid: DEV_SECRETS_KID, key: Buffer.from(rows[0].value, 'base64') }] : [];
  const keys = [...configured, ...dev];
  return keys.length > 0 ? createSecretBox(keys) : null;
}
