import { discoveryCalls } from '@fable/contracts';
import { apiError, contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';

/** The member's blocked creators (document 1 §7). */
export function blockedCreatorHandlers(db: MockDb) {
  const listOf = (userId: string) => {
    const blocked = db.blocked.get(userId) ?? new Map<string, string>();
    db.blocked.set(userId, blocked);
    return blocked;
  };
  const answer = (userId: string) => ({ blocked: [...listOf(userId)].map(([id, username]) => ({ id, username })) });
  return [
    contractRoute(discoveryCalls.blockedCreators, ({ userId }) => answer(userId!)),
    contractRoute(discoveryCalls.blockCreator, ({ params, userId }) => {
      const creator = [...db.characters.values()].find((c) => c.creator_user_id === params.creatorUserId);
      if (!creator) return apiError(404, 'creator_not_found', 'This creator does not exist.');
      listOf(userId!).set(params.creatorUserId, creator.creator_username ?? params.creatorUserId);
      return answer(userId!);
    }),
    contractRoute(discoveryCalls.unblockCreator, ({ params, userId }) => {
      listOf(userId!).delete(params.creatorUserId);
      return answer(userId!);
    }),
  ];
}
