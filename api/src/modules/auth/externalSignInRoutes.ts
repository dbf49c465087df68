import { AUTH_ERROR_CODES, AUTH_ERROR_MESSAGES, usersCalls } from '@fable/contracts';
import type { ApiDeps, ApiPlugin } from '../../http/apiPlugin';
import type { Caller } from '../../http/access';
import { AppError } from '../../http/appError';
import { findUserByExternalId, insertUser, isUniqueViolation } from '../users/userRepository';
import { usernameTaken, usernameVerdict } from '../users/usernameRules';
import { verifyPartnerEntryToken, type PartnerEntryClaims } from './partnerEntryToken';
import { issueSignIn } from './signIn';

type EntryCode = typeof AUTH_ERROR_CODES.PARTNER_TOKEN_INVALID | typeof AUTH_ERROR_CODES.PARTNER_TOKEN_EXPIRED | typeof AUTH_ERROR_CODES.PARTNER_TOKEN_USED;

/** 401 with the person's message and, in details.reason, what a partner's developer needs to know. */
const entryRefused = (code: EntryCode, reason: string) => new AppError(401, code, AUTH_ERROR_MESSAGES[code], { reason });

/**
 * A partner user's entry token (X-Partner-Token), checked against the values sent and the partner's secret, and
 * spent: a token signs its user in once (kept in the cache until it expires, so a replay within its life is refused
 * too; once past its expiry the signature check refuses it).
 */
async function spendEntryToken(deps: Pick<ApiDeps, 'config' | 'cache'>, caller: Extract<Caller, { kind: 'partner_entry' }>, claims: PartnerEntryClaims, now: Date) {
  const secret = deps.config.partnerSecrets?.[caller.applicationId];
  // The access hook admits a partner_entry caller only for an application with a secret.
  if (!secret) throw entryRefused(AUTH_ERROR_CODES.PARTNER_TOKEN_INVALID, 'this application takes no partner entry');
  const verdict = verifyPartnerEntryToken(secret, caller.token, claims, now);
  if (!verdict.ok) {
    throw entryRefused(verdict.problem === 'expired' ? AUTH_ERROR_CODES.PARTNER_TOKEN_EXPIRED : AUTH_ERROR_CODES.PARTNER_TOKEN_INVALID, verdict.reason);
  }
  const lifeLeftSeconds = Math.max(1, Math.ceil((verdict.expiresAt.getTime() - now.getTime()) / 1000));
  const signature = caller.token.slice(caller.token.lastIndexOf('.') + 1);
  const { count } = await deps.cache.hit(`partner-entry:${caller.applicationId}:${signature}`, lifeLeftSeconds);
  if (count > 1) throw entryRefused(AUTH_ERROR_CODES.PARTNER_TOKEN_USED, 'this token already signed its user in');
}

/**
 * Partner sign-in (POST /v2/users/external, document 1 §1, §4, §7): a partner application signs in its user by
 * external id, creating the user (with an id of ours, never the external id) on the first call. The partner's
 * backend calls it with its secret; a user arriving from the partner's site, through the shell, with the entry token
 * the partner signed for that id, name and username.
 */
export const externalSignInRoutes: ApiPlugin = async (app, deps) => {
  const { db, clock } = deps;
  const external = usersCalls.external;
  app.post(
    external.path,
    {
      schema: { body: external.body, response: { 200: external.response } },
      config: { access: external.access, rateLimitPerIp: 'authPerIp', partnerEntry: true },
    },
    async (request) => {
      const caller = request.caller;
      const applicationId = caller.applicationId;
      const now = clock.now();
      const { id: externalId, name, username } = request.body;
      if (caller.kind === 'partner_entry') await spendEntryToken(deps, caller, { applicationId, id: externalId, name, username }, now);
      let user = await findUserByExternalId(db, applicationId, externalId, now);
      const isNewUser = !user;
      if (!user) {
        const verdict = await usernameVerdict(db, applicationId, username);
        if (!verdict.isAvailable) throw usernameTaken();
        try {
          user = await insertUser(db, { applicationId, externalId, username: verdict.username, name }, now);
        } catch (err) {
          if (isUniqueViolation(err, 'users_username_per_application')) throw usernameTaken();
          if (isUniqueViolation(err, 'users_external_id_per_application')) {
            user = await findUserByExternalId(db, applicationId, externalId, now);
          }
          if (!user) throw err;
        }
      }
      const { token, refresh_token, expires_in, user: sessionUser } = await issueSignIn(deps, user, 'partner', isNewUser);
      return { user: sessionUser, token, refresh_token, expires_in };
    },
  );
};
