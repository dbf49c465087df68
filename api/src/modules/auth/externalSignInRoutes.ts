import { usersCalls } from '@fable/contracts';
import type { ApiPlugin } from '../../http/apiPlugin';
import { findUserByExternalId, insertUser, isUniqueViolation } from '../users/userRepository';
import { usernameTaken, usernameVerdict } from '../users/usernameRules';
import { issueSignIn } from './signIn';

/**
 * Partner sign-in (POST /v2/users/external, document 1 §4): a partner application, with its secret, signs in its
 * user by external id, creating the user (with an id of ours, never the external id) on the first call.
 */
export const externalSignInRoutes: ApiPlugin = async (app, deps) => {
  const { db, clock } = deps;
  const external = usersCalls.external;
  app.post(
    external.path,
    {
      schema: { body: external.body, response: { 200: external.response } },
      config: { access: external.access, rateLimitPerIp: 'authPerIp' },
    },
    async (request) => {
      const applicationId = request.caller.applicationId;
      const now = clock.now();
      const { id: externalId, name, username } = request.body;
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
