import { usersCalls, type SessionUser as ApiUser } from '@fable/contracts';
import { apiError, contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';

const taken = (db: MockDb, username: string, self: string | null) =>
  [...db.users.values()].some((u) => u.username === username && u.id !== self) ||
  [...db.characters.values()].some((c) => c.creator_username === username && c.creator_user_id !== self);

/** The signed-in member's account: who they are, profile and settings, username checks, public profiles. */
export function userHandlers(db: MockDb) {
  const me = (userId: string | null) => (userId ? db.users.get(userId) : undefined);
  const answer = ({ highlights: _, ...user }: ApiUser & { highlights?: string | null }): ApiUser => user;
  const unknown = () => apiError(401, 'invalid_user', 'This account is invalid, has been deleted or has been suspended.');
  type StoredUser = ApiUser & { highlights?: string | null };
  /** Changes the caller's account; a username someone else has is refused as the API does. */
  const save = (userId: string | null, change: (user: StoredUser) => StoredUser, username?: string) => {
    const user = me(userId);
    if (!user) return unknown();
    if (username && taken(db, username, user.id)) return apiError(409, 'username_taken', 'Username is not available');
    const updated = change(user);
    db.users.set(user.id, updated);
    return answer(updated);
  };
  return [
    contractRoute(usersCalls.me, ({ userId }) => {
      const user = me(userId);
      return user ? answer(user) : unknown();
    }),
    contractRoute(usersCalls.update, ({ userId, body: { settings, ...profile } }) =>
      save(userId, (user) => ({ ...user, ...profile, settings: { ...user.settings, ...settings } }), profile.username),
    ),
    contractRoute(usersCalls.updateProfile, ({ userId, body }) => save(userId, (user) => ({ ...user, ...body }), body.username)),
    contractRoute(usersCalls.signUp, ({ userId, body }) => save(userId, (user) => ({ ...user, username: body.username, name: body.name }), body.username)),
    contractRoute(usersCalls.checkUsername, ({ userId, body }) => {
      const username = body.username.toLowerCase();
      return taken(db, username, userId) ? { isAvailable: false, message: 'Username is not available' } : { isAvailable: true };
    }),
    contractRoute(usersCalls.publicProfile, ({ params }) => {
      const user = [...db.users.values()].find((u) => u.username === params.username);
      if (!user) return apiError(404, 'user_not_found', 'This user does not exist.');
      return { id: user.id, username: user.username ?? '', name: user.name ?? null, avatar_url: user.avatar_url ?? null, highlights: user.highlights ?? null };
    }),
    contractRoute(usersCalls.moderation, () => ({ expires_at: null })),
  ];
}
