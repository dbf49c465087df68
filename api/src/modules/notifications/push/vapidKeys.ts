import webPush from 'web-push';
import type { AppConfig } from '../../../config';
import type { Queryable } from '../../../infra/db/database';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const STORED_NAME = 'vapid_keys';
export const DEFAULT_VAPID_SUBJECT = 'mailto:support@fable.example';

/**
 * The application server's VAPID key pair (RFC 8292): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set. Otherwise,
 * outside production, a pair generated on first start and kept in the database (server_secrets), so subscriptions
 * survive restarts and every API process signs with the same key; in production without them, null (no push).
 */
export async function loadVapidKeys(db: Queryable, config: Pick<AppConfig, 'vapid' | 'nodeEnv'>): Promise<VapidKeys | null> {
  const subject = config.vapid?.subject ?? DEFAULT_VAPID_SUBJECT;
  if (config.vapid?.publicKey && config.vapid.privateKey) return { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey, subject };
  if (config.nodeEnv === 'production') return null;
  const generated = webPush.generateVAPIDKeys();
  await db.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [STORED_NAME, JSON.stringify(generated)]);
  const { rows } = await db.query<{ value: string }>('select value from server_secrets where name = $1', [STORED_NAME]);
  if (!rows[0]) return null;
  const stored = JSON.parse(rows[0].value) as { publicKey: string; privateKey: string };
  return { ...stored, subject };
}
