import type { Queryable } from '../../infra/db/database';
import { notifyMember } from '../notifications/notifyMember';
import { subscriptionNotice } from './subscriptionNotices';

/** One billing state change (billing_ledger, append-only: the database refuses UPDATE, DELETE and TRUNCATE). */
export interface LedgerEntry {
  application_id: string;
  user_id?: string | null;
  subscription_id?: string | null;
  order_id?: string | null;
  /** Who: the member, the system (jobs), the payment provider (webhooks) or an admin. */
  actor: 'member' | 'system' | 'provider' | 'admin';
  actor_id?: string | null;
  /** What: subscription.created, subscription.cancelled, order.succeeded, ... */
  action: string;
  from_state?: string | null;
  to_state?: string | null;
  amount_minor?: number | null;
  currency?: string | null;
  details?: Record<string, unknown>;
}

export interface LedgerRow extends Required<Omit<LedgerEntry, 'details'>> {
  id: string;
  details: Record<string, unknown>;
  created_at: Date;
}

/**
 * Appends an entry at `at`; call it in the transaction of the change it records. A member-facing subscription event
 * notifies the member in the same transaction (subscriptionNotices.ts), once per entry.
 */
export async function appendLedger(db: Queryable, entry: LedgerEntry, at: Date): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `insert into billing_ledger (application_id, user_id, subscription_id, order_id, actor, actor_id, action, from_state, to_state,
                                 amount_minor, currency, details, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id::text as id`,
    [
      entry.application_id,
      entry.user_id ?? null,
      entry.subscription_id ?? null,
      entry.order_id ?? null,
      entry.actor,
      entry.actor_id ?? null,
      entry.action,
      entry.from_state ?? null,
      entry.to_state ?? null,
      entry.amount_minor ?? null,
      entry.currency ?? null,
      JSON.stringify(entry.details ?? {}),
      at,
    ],
  );
  const notice = entry.user_id ? subscriptionNotice(entry) : null;
  if (notice && entry.user_id) await notifyMember(db, { userId: entry.user_id, ...notice, dedupeKey: `ledger:${rows[0]!.id}`, now: at });
}

/** A subscription's entries, oldest first (tests print them; the portal may show a history). */
export async function ledgerOf(db: Queryable, subscriptionId: string): Promise<LedgerRow[]> {
  const { rows } = await db.query<LedgerRow>(
    `select id::text as id, application_id, user_id, subscription_id, order_id, actor, actor_id, action, from_state, to_state,
            amount_minor, currency, details, created_at
       from billing_ledger where subscription_id = $1 order by billing_ledger.id`,
    [subscriptionId],
  );
  return rows;
}
