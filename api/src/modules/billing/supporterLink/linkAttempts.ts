import { createHash, randomBytes } from 'node:crypto';
import type { SupporterLinkState } from '@fable/contracts';
import type { Queryable } from '../../../infra/db/database';

/**
 * A link attempt (billing_supporter_link_attempts, migration 017). Its id is the OAuth state sent to SubscribeStar and
 * the transient link id of GET link/subscribestar/:transientId: the link page (or another tab, or the thank-you page)
 * reads the attempt's state by it while and after it runs.
 */
export interface LinkAttempt {
  id: string;
  user_id: string;
  application_id: string;
  redirect_url: string;
  status: Exclude<SupporterLinkState, 'idle'>;
  message: string | null;
  tier: string | null;
  code_hash: string | null;
  created_at: Date;
}

/** An attempt waits this long for the member to come back from SubscribeStar. */
export const ATTEMPT_TTL_MS = 30 * 60_000;

const COLUMNS = 'id, user_id::text as user_id, application_id, redirect_url, status, message, tier, code_hash, created_at';

export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export async function createAttempt(db: Queryable, userId: string, applicationId: string, redirectUrl: string, now: Date): Promise<LinkAttempt> {
  const id = randomBytes(24).toString('base64url');
  const { rows } = await db.query<LinkAttempt>(
    `insert into billing_supporter_link_attempts (id, user_id, application_id, platform, redirect_url, status, created_at)
     values ($1, $2, $3, 'subscribestar', $4, 'linking', $5) returning ${COLUMNS}`,
    [id, userId, applicationId, redirectUrl, now],
  );
  return rows[0] as LinkAttempt;
}

/** A member's own attempt by id (another member's is not found). */
export async function findAttempt(db: Queryable, id: string, userId: string, applicationId: string): Promise<LinkAttempt | null> {
  const { rows } = await db.query<LinkAttempt>(
    `select ${COLUMNS} from billing_supporter_link_attempts where id = $1 and user_id = $2 and application_id = $3`,
    [id, userId, applicationId],
  );
  return rows[0] ?? null;
}

/** The attempt a returning code belongs to: by state when given, else the member's latest open one for this redirect URL. */
export async function openAttempt(db: Queryable, userId: string, applicationId: string, redirectUrl: string, state: string | undefined, now: Date): Promise<LinkAttempt | null> {
  const { rows } = await db.query<LinkAttempt>(
    `select ${COLUMNS} from billing_supporter_link_attempts
      where user_id = $1 and application_id = $2 and redirect_url = $3 and status = 'linking' and code_hash is null
        and created_at > $4 and ($5::text is null or id = $5)
      order by created_at desc limit 1`,
    [userId, applicationId, redirectUrl, new Date(now.getTime() - ATTEMPT_TTL_MS), state ?? null],
  );
  return rows[0] ?? null;
}

/**
 * Claims the attempt for a code: true once. A code already claimed by any attempt (replayed) answers 'replayed'; an
 * attempt already claimed by another request answers 'taken'.
 */
export async function claimAttempt(db: Queryable, attemptId: string, code: string): Promise<'claimed' | 'replayed' | 'taken'> {
  const codeHash = hashCode(code);
  const used = await db.query('select 1 from billing_supporter_link_attempts where code_hash = $1', [codeHash]);
  if (used.rows.length > 0) return 'replayed';
  try {
    const { rows } = await db.query(
      `update billing_supporter_link_attempts set code_hash = $2 where id = $1 and code_hash is null and status = 'linking' returning id`,
      [attemptId, codeHash],
    );
    return rows.length > 0 ? 'claimed' : 'taken';
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return 'replayed';
    throw error;
  }
}

export async function finishAttempt(
  db: Queryable,
  attemptId: string,
  outcome: { status: LinkAttempt['status']; message: string | null; tier: string | null },
  now: Date,
): Promise<void> {
  await db.query(
    `update billing_supporter_link_attempts set status = $2, message = $3, tier = $4, finished_at = $5 where id = $1`,
    [attemptId, outcome.status, outcome.message, outcome.tier, now],
  );
}
