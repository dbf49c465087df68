import { usersCalls, type SessionUser as ApiUser } from '@fable/contracts';
import { apiError, contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';

const taken = (db: MockDb, username: string, self: string | null) =>
  [...db.users.values()].some((u) => u.username === username && u.id !== self) ||
  [...db.characters.values()].some((c) => c.creator_username === username && c.creator_user_id !== self);

/** The signed-in member's account: who they are, profile and settings, username checks, public profiles. */
export function userHandlers(db: MockDb) {
  const me = (userId: string | null) => (userId ? db.users.get(userId) : undefined);
  const answer = ({ highlights: _, ...user }: ApiUser & { highlights?: string | null }) => user;
  const unknown = () => apiError(401, 'invalid_user', 'This account is invalid, has been deleted or has been suspended.');
  return [
    contractRoute(usersCalls.me, ({ userId }) => {
      const user = me(userId);
      return user ? answer(user) : unknown();
    }),
    contractRoute(usersCalls.update, ({ userId, body }) => {
      const user = me(userId);
      if (!user) return unknown();
      if (body.username && taken(db, body.username, user.id)) return apiError(409, 'username_taken', 'Username is not available');
      const { settings, ...profile } = body;
      const updated = { ...user, ...profile, settings: { ...user.settings, ...settings } };
      db.users.set(user.id, updated);
      return answer(updated);
    }),
    contractRoute(usersCalls.updateProfile, ({ userId, body }) => {
      const user = me(userId);
      if (!user) return unknown();
      if (taken(db, body.username, user.id)) return apiError(409, 'username_taken', 'Username is not available');
      const updated = { ...user, ...body };
      db.users.set(user.id, updated);
      return answer(updated);
    }),
    contractRoute(usersCalls.signUp, ({ userId, body }) => {
      const user = me(userId);
      if (!user) return unknown();
      if (taken(db, body.username, user.id)) return apiError(409, 'username_taken', 'Username is not available');
      const updated = { ...user, username: body.username, name: body.name };
      db.users.set(user.id, updated);
      return answer(updated);
    }),
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
