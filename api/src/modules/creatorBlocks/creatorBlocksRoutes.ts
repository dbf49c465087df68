import { discoveryCalls } from '@fable/contracts';
import { memberOf } from '../../http/access';
import type { DiscoveryRoutes } from '../discovery/discoveryContext';
import { cannotBlockSelf, creatorNotFound } from '../discovery/discoveryErrors';
import { blockCreator, creatorExists, listBlockedCreators, unblockCreator } from './creatorBlockRepository';

/**
 * Blocked creators (document 1 §2 "Blocked Creators", §6): members only. Blocking is by creator_user_id and
 * idempotent; blocking yourself is 400 cannot_block_self, an unknown creator 404. Every call answers the list.
 * A block or unblock changes what the recommender may show, so the member's cached recommendations are dropped.
 */
export const creatorBlocksRoutes: DiscoveryRoutes = (app, { db, clock, recommender }) => {
  const list = discoveryCalls.blockedCreators;
  app.get(list.path, { schema: { response: { 200: list.response } }, config: { access: list.access } }, async (request) => ({
    blocked: await listBlockedCreators(db, memberOf(request).userId),
  }));

  const block = discoveryCalls.blockCreator;
  app.put(
    block.path,
    { schema: { params: block.params, response: { 200: block.response } }, config: { access: block.access } },
    async (request) => {
      const member = memberOf(request);
      const creatorUserId = request.params.creatorUserId;
      if (creatorUserId === member.userId) throw cannotBlockSelf();
      if (!(await creatorExists(db, member.applicationId, creatorUserId))) throw creatorNotFound();
      if (await blockCreator(db, member.userId, creatorUserId, clock.now())) await recommender.invalidate(member.userId);
      return { blocked: await listBlockedCreators(db, member.userId) };
    },
  );

  const unblock = discoveryCalls.unblockCreator;
  app.delete(
    unblock.path,
    { schema: { params: unblock.params, response: { 200: unblock.response } }, config: { access: unblock.access } },
    async (request) => {
      const member = memberOf(request);
      if (await unblockCreator(db, member.userId, request.params.creatorUserId)) await recommender.invalidate(member.userId);
      return { blocked: await listBlockedCreators(db, member.userId) };
    },
  );
};
