import type { SignInResult } from '@fable/contracts';
import type { ApiDeps } from '../../http/apiPlugin';
import type { UserRow } from '../../http/userRow';
import { toSessionUser } from '../users/userRepository';
import { applyAdminEmails } from './adminEmails';
import { createSession } from './sessions';

/** Starts a session for the user (given the employee role first when ADMIN_EMAILS lists their email) and answers tokens + the session user. */
export async function issueSignIn(
  deps: Pick<ApiDeps, 'db' | 'clock' | 'tokens' | 'config'>,
  signingIn: UserRow,
  method: string,
  isNewUser: boolean,
): Promise<SignInResult> {
  const now = deps.clock.now();
  const user = await applyAdminEmails(deps.db, deps.config, signingIn, now);
  const { sessionId, refreshToken } = await createSession(
    deps.db,
    { userId: user.id, applicationId: user.application_id, method },
    now,
  );
  const token = await deps.tokens.sign({ userId: user.id, sessionId, applicationId: user.application_id });
  return {
    token,
    refresh_token: refreshToken,
    expires_in: deps.tokens.ttlSeconds,
    user: toSessionUser(user),
    is_new_user: isNewUser,
  };
}
