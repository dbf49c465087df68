import type { Queryable } from '../../infra/db/database';
import type { SecretBox } from '../../infra/crypto/secretBox';
import { AppError } from '../../http/appError';

/** A member's own OpenAI key as stored (migration 010): sealed value, key id, and the masked form shown to them. */
export interface StoredOpenAiKey {
  value: string;
  kid: string;
  hint: string;
}

/** What authenticates a sealed key: the column and the row, so a value copied to another member does not open. */
const contextOf = (userId: string) => `users.openai_api_key:${userId}`;

/**
 * The key as the member sees it once saved: never the key itself. At most the first 3 and last 4 characters, and
 * less of a short key ("sk-…abcd" for a real key, "…ob" for "sk-bob"), so the profile page can say which key is set.
 */
export function maskApiKey(key: string): string {
  const tailLength = key.length >= 12 ? 4 : key.length >= 6 ? 2 : 0;
  const head = key.length >= 20 ? key.slice(0, 3) : '';
  return `${head}…${tailLength > 0 ? key.slice(-tailLength) : ''}`;
}

export const KEYS_UNAVAILABLE_MESSAGE = 'Saving your own OpenAI key is not available on this server.';

/** Seals a key for `userId` with the current key; 503 when the server has no key ring (production without SECRETS_KEYS). */
export function sealOpenAiKey(secrets: SecretBox | null, userId: string, key: string): StoredOpenAiKey {
  if (!secrets) throw new AppError(503, 'secrets_unavailable', KEYS_UNAVAILABLE_MESSAGE);
  const sealed = secrets.seal(key, contextOf(userId));
  return { value: sealed.value, kid: sealed.kid, hint: maskApiKey(key) };
}

/** The key in clear, or null when none is stored. Throws when it cannot be opened (unknown key id, altered value). */
export function openOpenAiKey(secrets: SecretBox | null, userId: string, value: string | null, kid: string | null): string | null {
  if (value === null) return null;
  if (kid === null) return value; // not sealed yet (sealStoredOpenAiKeys runs at start)
  if (!secrets) throw new Error('a sealed OpenAI key is stored but SECRETS_KEYS is not set');
  return secrets.open({ kid, value }, contextOf(userId));
}

export interface KeyStoreLog {
  info(obj: object, msg: string): void;
}

/**
 * At start, after migrations: refuses to run when stored keys cannot be opened (production without SECRETS_KEYS,
 * a key id no longer configured), then seals the keys stored in plain text (before migration 010) and re-seals those
 * under an older key with the current one, so a retired key can leave SECRETS_KEYS after one start.
 */
export async function sealStoredOpenAiKeys(db: Queryable, secrets: SecretBox | null, log?: KeyStoreLog): Promise<void> {
  const { rows: kids } = await db.query<{ kid: string | null; n: number }>(
    'select openai_api_key_kid as kid, count(*)::int as n from users where openai_api_key is not null group by 1',
  );
  if (kids.length === 0) return;
  if (!secrets) {
    throw new Error('SECRETS_KEYS is required: members\' OpenAI keys are stored and must be encrypted (see api/README.md)');
  }
  const unknown = kids.map((k) => k.kid).filter((kid): kid is string => kid !== null && !secrets.knows(kid));
  if (unknown.length > 0) {
    throw new Error(`SECRETS_KEYS lacks the key ids ${unknown.join(', ')} that stored OpenAI keys are sealed with`);
  }
  if (kids.every((k) => k.kid === secrets.currentKid)) return;

  const { rows } = await db.query<{ id: string; openai_api_key: string; openai_api_key_kid: string | null }>(
    'select id, openai_api_key, openai_api_key_kid from users where openai_api_key is not null and openai_api_key_kid is distinct from $1',
    [secrets.currentKid],
  );
  for (const row of rows) {
    const clear = openOpenAiKey(secrets, row.id, row.openai_api_key, row.openai_api_key_kid);
    if (clear === null) continue;
    const sealed = sealOpenAiKey(secrets, row.id, clear);
    // Only if no other process got there first.
    await db.query(
      `update users set openai_api_key = $2, openai_api_key_kid = $3, openai_api_key_hint = $4
       where id = $1 and openai_api_key = $5 and openai_api_key_kid is not distinct from $6`,
      [row.id, sealed.value, sealed.kid, sealed.hint, row.openai_api_key, row.openai_api_key_kid],
    );
  }
  log?.info({ sealed: rows.length, kid: secrets.currentKid }, 'stored OpenAI keys sealed with the current key');
}
