import { ACCOUNT_MESSAGES, PROFILE_ERROR_CODES, PROFILE_ERROR_MESSAGES, RESERVED_USERNAMES, UsernameSchema } from '@fable/contracts';
import { AppError } from '../../http/appError';
import type { Queryable } from '../../infra/db/database';

export interface UsernameVerdict {
  isAvailable: boolean;
  /** The spec's message when not available (document 1 §5). */
  message?: string;
  /** The normalised (trimmed, lower-case) username when it passes the rules. */
  username?: string;
}

/**
 * Whether `raw` can be taken in the application: the contracts' rules and messages, the reserved names, then
 * uniqueness (ignoring the asking user's own current username).
 */
export async function usernameVerdict(
  db: Queryable,
  applicationId: string,
  raw: string,
  currentUserId?: string,
): Promise<UsernameVerdict> {
  const parsed = UsernameSchema.safeParse(raw);
  if (!parsed.success) return { isAvailable: false, message: parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.usernameInvalidChars };
  const username = parsed.data;
  if (RESERVED_USERNAMES.includes(username)) return { isAvailable: false, message: ACCOUNT_MESSAGES.usernameNotAvailable };
  const { rows } = await db.query<{ id: string }>('select id from users where application_id = $1 and username = $2', [
    applicationId,
    username,
  ]);
  const owner = rows[0]?.id;
  if (owner !== undefined && owner !== currentUserId) return { isAvailable: false, message: ACCOUNT_MESSAGES.usernameNotAvailable };
  return { isAvailable: true, username };
}

/** 409 username_taken, on the username field (sign-up, profile update, partner sign-up). */
export const usernameTaken = () =>
  new AppError(409, PROFILE_ERROR_CODES.USERNAME_TAKEN, PROFILE_ERROR_MESSAGES.username_taken, {
    errorCode: PROFILE_ERROR_CODES.USERNAME_TAKEN,
    field: 'username',
  });
