import {
  PROFILE_ERROR_CODES,
  PROFILE_ERROR_MESSAGES,
  UserSettingsSchema,
  usersCalls,
  type UserUpdate,
} from '@fable/contracts';
import type { FastifyRequest } from 'fastify';
import { memberOf } from '../../http/access';
import { AppError } from '../../http/appError';
import type { ApiDeps, ApiPlugin } from '../../http/apiPlugin';
import type { UserRow } from '../../http/userRow';
import {
  findUserById,
  findUserByUsername,
  isUniqueViolation,
  softDeleteUser,
  toSessionUser,
  updateUserProfile,
  type ProfileChanges,
} from './userRepository';
import { sealOpenAiKey } from './openAiKeyStore';
import { usernameTaken, usernameVerdict } from './usernameRules';

/** Checks and writes a profile change; answers the updated session user. */
async function applyProfileUpdate(deps: Pick<ApiDeps, 'db' | 'clock' | 'secrets'>, user: UserRow, update: UserUpdate & { affiliate_id?: string; tap_tracking_id?: string }) {
  const { db, clock } = deps;
  const changes: ProfileChanges = {};
  if (update.username !== undefined && update.username !== user.username) {
    const verdict = await usernameVerdict(db, user.application_id, update.username, user.id);
    if (!verdict.isAvailable) {
      if (verdict.message === PROFILE_ERROR_MESSAGES.username_taken) throw usernameTaken();
      throw new AppError(400, 'validation_error', `Invalid request body: username: ${verdict.message}`, {
        issues: [{ path: 'body.username', message: verdict.message }],
      });
    }
    changes.username = verdict.username;
  }
  if (update.name !== undefined) changes.name = update.name;
  if (update.highlights !== undefined) changes.highlights = update.highlights === '' ? null : update.highlights;
  if (update.openai_api_key !== undefined) {
    changes.openai_api_key = update.openai_api_key === '' ? null : sealOpenAiKey(deps.secrets, user.id, update.openai_api_key);
  }
  if (update.openai_mode !== undefined) changes.openai_mode = update.openai_mode;
  if (update.avatar_url !== undefined) changes.avatar_url = update.avatar_url;
  if (update.email !== undefined && update.email.toLowerCase() !== user.email) {
    const { rowCount } = await db.query(
      'select 1 from users where application_id = $1 and email = $2 and email_verified and id <> $3 and deleted_at is null',
      [user.application_id, update.email.toLowerCase(), user.id],
    );
    if (rowCount > 0) {
      throw new AppError(409, PROFILE_ERROR_CODES.EMAIL_TAKEN, PROFILE_ERROR_MESSAGES.email_taken, {
        errorCode: PROFILE_ERROR_CODES.EMAIL_TAKEN,
        field: 'email',
      });
    }
    changes.email = update.email;
  }
  if (update.settings !== undefined) {
    // likedBots and blockedUsers are ignored: they are the favourites and blocked creators, changed only by their
    // own calls (PUT/DELETE /characters/:id/favorite, /users/blocked-creators/:id), never stored in settings.
    const patch = Object.fromEntries(
      Object.entries(update.settings).filter(([key, v]) => v !== undefined && key !== 'likedBots' && key !== 'blockedUsers'),
    );
    const { likedBots: _liked, blockedUsers: _blocked, ...stored } = UserSettingsSchema.parse({ ...user.settings, ...patch });
    changes.settings = stored;
  }
  if (update.affiliate_id !== undefined) changes.affiliate_id = update.affiliate_id;
  if (update.tap_tracking_id !== undefined) changes.tap_tracking_id = update.tap_tracking_id;

  const now = clock.now();
  try {
    await updateUserProfile(db, user.id, changes, now);
  } catch (err) {
    if (isUniqueViolation(err, 'users_username_per_application')) throw usernameTaken();
    throw err;
  }
  const updated = await findUserById(db, user.id, now);
  if (!updated) throw new AppError(404, 'invalid_account', 'This account is invalid, has been deleted or has been suspended.');
  return toSessionUser(updated);
}

/**
 * The users calls (document 1 §7): the signed-in user, sign-up, profile and settings updates, deletion, username
 * checks, public profiles, moderation. Partner users by external id sign in through the auth module
 * (auth/externalSignInRoutes.ts).
 */
export const usersRoutes: ApiPlugin = async (app, deps) => {
  const { db, clock, rateLimit } = deps;
  const me = (request: FastifyRequest) => memberOf(request).user;

  const get = usersCalls.me;
  app.get(get.path, { schema: { response: { 200: get.response } }, config: { access: get.access } }, async (request) =>
    toSessionUser(me(request)),
  );

  const signUp = usersCalls.signUp;
  app.post(
    signUp.path,
    { schema: { body: signUp.body, response: { 200: signUp.response } }, config: { access: signUp.access } },
    async (request) => {
      const user = me(request);
      if (user.username !== null) {
        throw new AppError(409, PROFILE_ERROR_CODES.ALREADY_SIGNED_UP, PROFILE_ERROR_MESSAGES.already_signed_up, {
          errorCode: PROFILE_ERROR_CODES.ALREADY_SIGNED_UP,
        });
      }
      const { username, name, email, affiliate_id, tap_tracking_id } = request.body;
      return applyProfileUpdate(deps, user, { username, name, email, affiliate_id, tap_tracking_id });
    },
  );

  const update = usersCalls.update;
  app.patch(
    update.path,
    { schema: { body: update.body, response: { 200: update.response } }, config: { access: update.access } },
    async (request) => applyProfileUpdate(deps, me(request), request.body),
  );

  const updateProfile = usersCalls.updateProfile;
  app.put(
    updateProfile.path,
    { schema: { body: updateProfile.body, response: { 200: updateProfile.response } }, config: { access: updateProfile.access } },
    async (request) => applyProfileUpdate(deps, me(request), request.body),
  );

  const remove = usersCalls.remove;
  app.delete(remove.path, { schema: { response: { 200: remove.response } }, config: { access: remove.access, openWhenRestricted: true } }, async (request) => {
    const user = me(request);
    await db.transaction((tx) => softDeleteUser(tx, user.id, clock.now()));
    request.log.info({ userId: user.id }, 'account deleted');
    return { deleted: true as const };
  });

  const check = usersCalls.checkUsername;
  app.post(
    check.path,
    { schema: { body: check.body, response: { 200: check.response } }, config: { access: check.access } },
    async (request) => {
      const caller = request.caller;
      const who = caller.kind === 'member' ? `member:${caller.userId}` : caller.kind === 'guest' ? `guest:${caller.guestId}` : `ip:${request.ip}`;
      await rateLimit.usernameCheck(request, who);
      const currentUserId = caller.kind === 'member' ? caller.userId : undefined;
      const { isAvailable, message } = await usernameVerdict(db, caller.applicationId, request.body.username, currentUserId);
      return message === undefined ? { isAvailable } : { isAvailable, message };
    },
  );

  const profile = usersCalls.publicProfile;
  app.get(
    profile.path,
    { schema: { params: profile.params, response: { 200: profile.response } }, config: { access: profile.access } },
    async (request) => {
      const user = await findUserByUsername(db, request.caller.applicationId, request.params.username, clock.now());
      if (!user?.username || user.restrictions.some((r) => r.kind === 'complete')) {
        throw AppError.notFound('User not found');
      }
      return { id: user.id, username: user.username, name: user.name, avatar_url: user.avatar_url, highlights: user.highlights };
    },
  );

  const moderation = usersCalls.moderation;
  app.get(
    moderation.path,
    { schema: { response: { 200: moderation.response } }, config: { access: moderation.access } },
    async (request) => {
      const temporary = me(request).restrictions.find((r) => r.kind === 'temporary');
      return { expires_at: temporary?.expires_at ?? null };
    },
  );
};
