import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AUTH_ERROR_CODES, AUTH_ERROR_MESSAGES, AUTH_TOKEN_LIFETIMES, REFRESH_RETRY_SECONDS } from '@fable/contracts';
import { AppError } from '../../http/appError';
import type { Database, Queryable } from '../../infra/db/database';

/** Refresh tokens live 30 days (each refresh starts a new 30 days). */
export const REFRESH_TOKEN_TTL_SECONDS = AUTH_TOKEN_LIFETIMES.refreshSeconds;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newRefreshToken = () => randomBytes(32).toString('base64url');

const refreshFailed = () =>
  AppError.unauthorized(AUTH_ERROR_CODES.TOKEN_REFRESH_FAILED, AUTH_ERROR_MESSAGES.token_refresh_failed);

async function insertRefreshToken(db: Queryable, sessionId: string, now: Date): Promise<string> {
  const token = newRefreshToken();
  await db.query('insert into refresh_tokens (token_hash, session_id, created_at, expires_at) values ($1, $2, $3, $4)', [
    hashToken(token),
    sessionId,
    now,
    new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  ]);
  return token;
}

/** Starts a session (a refresh-token family) and returns its first refresh token. */
export async function createSession(
  db: Database,
  session: { userId: string; applicationId: string; method: string },
  now: Date,
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  return db.transaction(async (tx) => {
    await tx.query(
      'insert into auth_sessions (id, user_id, application_id, method, created_at) values ($1, $2, $3, $4, $5)',
      [sessionId, session.userId, session.applicationId, session.method, now],
    );
    return { sessionId, refreshToken: await insertRefreshToken(tx, sessionId, now) };
  });
}

export interface Rotated {
  userId: string;
  sessionId: string;
  applicationId: string;
  refreshToken: string;
}

/** A retry of a lost refresh (same attempt id) is taken as the same refresh within this time of the first. */
const REFRESH_RETRY_MS = REFRESH_RETRY_SECONDS * 1000;

/**
 * Spends a refresh token and returns its successor. An unknown, expired or revoked token fails; a token that was
 * already spent means it leaked (or two tabs raced): the whole session is revoked, so the thief's successor dies too.
 * One exception: the same device retrying the same refresh (`attemptId` as on the first try, within REFRESH_RETRY_MS)
 * because the answer never reached it. While the successor it never received is unspent, that successor dies and a
 * new one is issued; once the successor has been used, the retry is a replay like any other.
 */
export async function rotateRefreshToken(db: Database, token: string, now: Date, attemptId?: string): Promise<Rotated> {
  const outcome = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      session_id: string;
      expires_at: Date;
      used_at: Date | null;
      attempt_id: string | null;
      successor_hash: string | null;
      user_id: string;
      application_id: string;
      revoked_at: Date | null;
      deleted_at: Date | null;
    }>(
      `select t.session_id, t.expires_at, t.used_at, t.attempt_id, t.successor_hash, s.user_id, s.application_id, s.revoked_at, u.deleted_at
       from refresh_tokens t
       join auth_sessions s on s.id = t.session_id
       join users u on u.id = s.user_id
       where t.token_hash = $1
       for update of t, s`,
      [hashToken(token)],
    );
    const row = rows[0];
    if (!row || row.revoked_at !== null || row.deleted_at !== null) return { kind: 'fail' as const };
    const rotated = (refreshToken: string) => ({
      kind: 'ok' as const,
      rotated: { userId: row.user_id, sessionId: row.session_id, applicationId: row.application_id, refreshToken },
    });
    if (row.used_at !== null) {
      const sameAttempt =
        attemptId !== undefined &&
        row.attempt_id === attemptId &&
        row.successor_hash !== null &&
        now.getTime() - row.used_at.getTime() <= REFRESH_RETRY_MS;
      // The lost successor is only replaced while nobody has spent it (its row lock orders this against its use).
      const lost = sameAttempt
        ? await tx.query('delete from refresh_tokens where token_hash = $1 and session_id = $2 and used_at is null', [row.successor_hash, row.session_id])
        : null;
      if (lost?.rowCount === 1) {
        const refreshToken = await insertRefreshToken(tx, row.session_id, now);
        await tx.query('update refresh_tokens set successor_hash = $2 where token_hash = $1', [hashToken(token), hashToken(refreshToken)]);
        return rotated(refreshToken);
      }
      await tx.query(
        `update auth_sessions set revoked_at = $2, revoked_reason = 'refresh_token_reuse' where id = $1 and revoked_at is null`,
        [row.session_id, now],
      );
      return { kind: 'reuse' as const, sessionId: row.session_id };
    }
    if (row.expires_at.getTime() <= now.getTime()) return { kind: 'fail' as const };
    const refreshToken = await insertRefreshToken(tx, row.session_id, now);
    const spent = await tx.query(
      'update refresh_tokens set used_at = $2, attempt_id = $3, successor_hash = $4 where token_hash = $1 and used_at is null',
      [hashToken(token), now, attemptId ?? null, hashToken(refreshToken)],
    );
    if (spent.rowCount !== 1) throw new Error('a locked, unspent refresh token could not be spent');
    return rotated(refreshToken);
  });
  if (outcome.kind !== 'ok') throw refreshFailed();
  return outcome.rotated;
}

/** The session (refresh-token family) a refresh token belongs to, or null for a token this API never issued. */
export async function sessionOfRefreshToken(db: Queryable, token: string): Promise<string | null> {
  const { rows } = await db.query<{ session_id: string }>('select session_id from refresh_tokens where token_hash = $1', [hashToken(token)]);
  return rows[0]?.session_id ?? null;
}

/** Revokes the session a refresh token belongs to (logout). Unknown tokens are ignored. */
export async function revokeSessionOfRefreshToken(db: Queryable, token: string, now: Date): Promise<void> {
  await db.query(
    `update auth_sessions set revoked_at = $2, revoked_reason = 'logout'
     where id = (select session_id from refresh_tokens where token_hash = $1) and revoked_at is null`,
    [hashToken(token), now],
  );
}

export async function revokeSession(db: Queryable, sessionId: string, reason: string, now: Date): Promise<void> {
  await db.query('update auth_sessions set revoked_at = $2, revoked_reason = $3 where id = $1 and revoked_at is null', [
    sessionId,
    now,
    reason,
  ]);
}
