import { randomInt, timingSafeEqual } from 'node:crypto';
import { AUTH_ERROR_CODES, AUTH_ERROR_MESSAGES, EMAIL_CODE } from '@fable/contracts';
import { AppError } from '../../http/appError';
import type { ApiDeps } from '../../http/apiPlugin';
import type { UserRow } from '../../http/userRow';
import { cachedJson } from '../../infra/cache/cache';
import { findAppSettings } from '../settings/appSettingsRepository';
import { findUserByEmail, insertUser } from '../users/userRepository';

type Deps = Pick<ApiDeps, 'db' | 'cache' | 'clock' | 'mailer' | 'tokens'>;

/** An email address as codes are kept and limited by: trimmed, lower-case. */
export const normalizeEmail = (rawEmail: string) => rawEmail.trim().toLowerCase();

const codeMac = (deps: Deps, applicationId: string, email: string, code: string) =>
  deps.tokens.mac('email-code', `${applicationId}\0${email}\0${code}`);

/** The brand name for the email's wording (falls back to Fable). */
async function brandName(deps: Deps, applicationId: string): Promise<string> {
  const settings = await cachedJson(deps.cache, `app-settings:${applicationId}`, 60, () => findAppSettings(deps.db, applicationId));
  return settings?.branding.displayName ?? 'Fable';
}

/**
 * Emails a fresh 6-digit sign-in code (replacing any pending one). Stored as an HMAC, valid 10 minutes, 5 attempts.
 * The route limits it per email address (emailCodePerEmail) and per IP.
 */
export async function requestEmailCode(deps: Deps, applicationId: string, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const code = String(randomInt(0, 10 ** EMAIL_CODE.length)).padStart(EMAIL_CODE.length, '0');
  const now = deps.clock.now();
  await deps.db.query(
    `insert into email_codes (application_id, email, code_hash, attempts, expires_at, created_at)
     values ($1, $2, $3, 0, $4, $5)
     on conflict (application_id, email)
     do update set code_hash = excluded.code_hash, attempts = 0, expires_at = excluded.expires_at, created_at = excluded.created_at`,
    [applicationId, email, codeMac(deps, applicationId, email, code), new Date(now.getTime() + EMAIL_CODE.ttlSeconds * 1000), now],
  );
  const brand = await brandName(deps, applicationId);
  await deps.mailer.send({
    to: email,
    subject: `Your ${brand} sign-in code: ${code}`,
    text: `Your ${brand} sign-in code is ${code}. It expires in ${EMAIL_CODE.ttlSeconds / 60} minutes. If you did not ask for it, ignore this email.`,
  });
}

const expired = () => new AppError(400, AUTH_ERROR_CODES.EMAIL_CODE_EXPIRED, AUTH_ERROR_MESSAGES.email_code_expired);

/**
 * Checks a code; on success the code is spent and the user (created on first sign-in, without a username) returned.
 * A wrong code spends one attempt; after the fifth the code is gone.
 */
export async function verifyEmailCode(
  deps: Deps,
  applicationId: string,
  rawEmail: string,
  code: string,
): Promise<{ user: UserRow; isNewUser: boolean }> {
  const email = normalizeEmail(rawEmail);
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ code_hash: string; attempts: number; expires_at: Date }>(
      'select code_hash, attempts, expires_at from email_codes where application_id = $1 and email = $2 for update',
      [applicationId, email],
    );
    const row = rows[0];
    if (!row || row.expires_at.getTime() <= now.getTime() || row.attempts >= EMAIL_CODE.maxAttempts) {
      if (row) await tx.query('delete from email_codes where application_id = $1 and email = $2', [applicationId, email]);
      return 'expired' as const;
    }
    const given = Buffer.from(codeMac(deps, applicationId, email, code), 'hex');
    const stored = Buffer.from(row.code_hash, 'hex');
    if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
      if (row.attempts + 1 >= EMAIL_CODE.maxAttempts) {
        await tx.query('delete from email_codes where application_id = $1 and email = $2', [applicationId, email]);
      } else {
        await tx.query('update email_codes set attempts = attempts + 1 where application_id = $1 and email = $2', [applicationId, email]);
      }
      return 'invalid' as const;
    }
    await tx.query('delete from email_codes where application_id = $1 and email = $2', [applicationId, email]);
    const existing = await findUserByEmail(tx, applicationId, email, now);
    if (existing) return { user: existing, isNewUser: false };
    return { user: await insertUser(tx, { applicationId, email }, now), isNewUser: true };
  });
  if (outcome === 'expired') throw expired();
  if (outcome === 'invalid') throw new AppError(400, AUTH_ERROR_CODES.EMAIL_CODE_INVALID, AUTH_ERROR_MESSAGES.email_code_invalid);
  return outcome;
}
