import { randomUUID } from 'node:crypto';
import { prepared, type Queryable } from '../../infra/db/database';
import { SILENT_AFTER_SECONDS } from '../../infra/processes/heartbeat';
import { conversationBusy } from './chatErrors';

/**
 * One writer per conversation (issue 11 §2, see README "One conversation, one chain"): a turn holds the
 * conversation's lease (conversations.turn_token, turn_until, turn_holder) from before it reads the history until its
 * reply is saved. The lease lives in the database, so it holds across API processes; it names the process that holds
 * it, so a process that died mid-turn (its heartbeat silent, infra/processes/heartbeat.ts) frees the conversation
 * within SILENT_AFTER_SECONDS; it expires after TURN_LEASE_MS without renewal whatever happens; it is renewed while the
 * reply streams.
 */

/** How long a claim holds without renewal. */
export const TURN_LEASE_MS = 120_000;
/** A streaming turn renews its lease when this much time has passed since the last claim or renewal. */
export const TURN_LEASE_RENEW_MS = 30_000;

export interface TurnLease {
  conversationId: string;
  token: string;
  /** The API process holding it (its heartbeat's id). */
  holder: string;
  /** Epoch ms of the claim or the last renewal. */
  renewedAt: number;
  /** Cleared (by the reply's save or release()). */
  released: boolean;
}

/** A new lease for a conversation this turn creates (written with the conversation's row). */
export function newLease(conversationId: string, now: Date, holder: string): TurnLease {
  return { conversationId, token: randomUUID(), holder, renewedAt: now.getTime(), released: false };
}

/**
 * SQL: whether the conversation row's lease is live: held, not expired at `now` (a parameter), and its process still
 * heard from (a lease from before holders were named counts as heard from).
 */
const liveLease = (now: string) => `(turn_token is not null and turn_until > ${now} and (turn_holder is null or exists (
  select 1 from api_processes p where p.id = turn_holder and p.seen_at > now() - interval '${SILENT_AFTER_SECONDS} seconds')))`;

export const leaseUntil = (lease: TurnLease) => new Date(lease.renewedAt + TURN_LEASE_MS);

const CLAIM_TURN = prepared(
  'chat_claim_turn',
  `with claimed as (
     update conversations set turn_token = $3, turn_until = $4, turn_holder = $6
      where id = $1 and user_id = $2::uuid and not ${liveLease('$5')}
     returning id)
   select exists(select 1 from claimed) as claimed,
          exists(select 1 from conversations where id = $1 and user_id = $2::uuid) as found`,
);

/**
 * Claims the member's conversation for a turn: one conditional update (no live lease, or an expired one).
 * Answers the lease; null when the conversation is not the member's (the turn's checks answer 404 later);
 * throws 409 conversation_busy when another turn holds it.
 */
export async function claimTurn(db: Queryable, q: { conversationId: string; userId: string; now: Date; holder: string }): Promise<TurnLease | null> {
  const lease = newLease(q.conversationId, q.now, q.holder);
  const { rows } = await db.query<{ claimed: boolean; found: boolean }>(
    CLAIM_TURN,
    [q.conversationId, q.userId, lease.token, leaseUntil(lease), q.now, lease.holder],
  );
  const row = rows[0]!;
  if (row.claimed) return lease;
  if (row.found) throw conversationBusy();
  return null;
}

const RENEW_TURN = prepared('chat_renew_turn', 'update conversations set turn_until = $3 where id = $1 and turn_token = $2');

/** Extends the lease; false when it is no longer this turn's (expired and taken over). */
export async function renewTurn(db: Queryable, lease: TurnLease, now: Date): Promise<boolean> {
  const renewedAt = now.getTime();
  const { rowCount } = await db.query(RENEW_TURN, [
    lease.conversationId,
    lease.token,
    new Date(renewedAt + TURN_LEASE_MS),
  ]);
  if (rowCount > 0) lease.renewedAt = renewedAt;
  return rowCount > 0;
}

const RELEASE_TURN = prepared('chat_release_turn', 'update conversations set turn_token = null, turn_until = null where id = $1 and turn_token = $2');

/** Frees the conversation (when this turn still holds it). Idempotent. */
export async function releaseTurn(db: Queryable, lease: TurnLease): Promise<void> {
  if (lease.released) return;
  await db.query(RELEASE_TURN, [lease.conversationId, lease.token]);
  lease.released = true;
}

/**
 * For writes that do not take a lease (message removal): inside the caller's transaction, locks the conversation
 * row and throws 409 conversation_busy when a turn holds a live lease.
 */
export async function lockIdleConversation(tx: Queryable, conversationId: string, now: Date): Promise<void> {
  const { rows } = await tx.query<{ busy: boolean }>(
    `select ${liveLease('$2')} as busy from conversations where id = $1 for update`,
    [conversationId, now],
  );
  if (rows[0]?.busy) throw conversationBusy();
}
