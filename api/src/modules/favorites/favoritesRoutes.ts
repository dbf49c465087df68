import { discoveryCalls, SEARCH_LIMITS } from '@fable/contracts';
import { memberOf } from '../../http/access';
import { findViewableCharacter, hasBlocked, lockMember, viewerOf } from '../discovery/characterAccess';
import { toCharacterSummary } from '../discovery/characterSummary';
import type { DiscoveryRoutes } from '../discovery/discoveryContext';
import { characterNotFound, creatorBlocked, favoriteLimitReached, ownCharacter } from '../discovery/discoveryErrors';
import { addFavorite, countFavorites, favoritesPage, isFavorite, removeFavorite } from './favoriteRepository';

/**
 * Favourite (liked) bots (document 1 §4 "Favourite/Like", §8 character_favorite_limit).
 *
 * - PUT like: idempotent. In one transaction, holding the member's row (so concurrent likes cannot pass the limit
 *   together): the character must be one the member may open, not their own (the creator sees Edit Chatbot), not
 *   of a blocked creator; below the limit; then the favourite, num_favorites + 1 and a bookmark interaction.
 *   At the limit: 409 character_favorite_limit with the limit in details, and nothing written.
 * - DELETE unlike: idempotent; works on any favourite, even of a character that has since turned private.
 * - GET the member's favourites, newest first, 48 a page.
 */
export const favoritesRoutes: DiscoveryRoutes = (app, { db, clock, recommender, favoriteLimit }) => {
  const like = discoveryCalls.like;
  app.put(
    like.path,
    { schema: { params: like.params, response: { 200: like.response } }, config: { access: like.access } },
    async (request) => {
      const member = memberOf(request);
      const viewer = viewerOf(member);
      const characterId = request.params.characterId;
      const { changed, numFavorites } = await db.transaction(async (tx) => {
        await lockMember(tx, member.userId);
        const row = await findViewableCharacter(tx, characterId, viewer);
        if (!row) throw characterNotFound();
        if (row.creator_user_id === member.userId) throw ownCharacter('favourite');
        if (await isFavorite(tx, member.userId, characterId)) return { changed: false, numFavorites: row.num_favorites };
        if (await hasBlocked(tx, member.userId, row.creator_user_id)) throw creatorBlocked();
        if ((await countFavorites(tx, member.userId, member.applicationId)) >= favoriteLimit) throw favoriteLimitReached(favoriteLimit);
        const numFavorites = await addFavorite(tx, member.userId, characterId, clock.now());
        await recommender.record({ kind: 'bookmark', subject: member.userId, characterId, favorite: true }, tx);
        return { changed: true, numFavorites };
      });
      if (changed) await recommender.invalidate(member.userId);
      return { character_id: characterId, is_favorite: true, num_favorites: numFavorites };
    },
  );

  const unlike = discoveryCalls.unlike;
  app.delete(
    unlike.path,
    { schema: { params: unlike.params, response: { 200: unlike.response } }, config: { access: unlike.access } },
    async (request) => {
      const member = memberOf(request);
      const characterId = request.params.characterId;
      const { changed, numFavorites } = await db.transaction(async (tx) => {
        await lockMember(tx, member.userId);
        const numFavorites = await removeFavorite(tx, member.userId, characterId, clock.now());
        if (numFavorites === null) {
          const row = await findViewableCharacter(tx, characterId, viewerOf(member));
          if (!row) throw characterNotFound();
          return { changed: false, numFavorites: row.num_favorites };
        }
        await recommender.record({ kind: 'bookmark', subject: member.userId, characterId, favorite: false }, tx);
        return { changed: true, numFavorites };
      });
      if (changed) await recommender.invalidate(member.userId);
      return { character_id: characterId, is_favorite: false, num_favorites: numFavorites };
    },
  );

  const list = discoveryCalls.favorites;
  app.get(
    list.path,
    { schema: { querystring: list.query, response: { 200: list.response } }, config: { access: list.access } },
    async (request) => {
      const member = memberOf(request);
      const { page } = request.query;
      const { rows, found } = await favoritesPage(db, member.userId, member.applicationId, page);
      return {
        hits: rows.map((row) => toCharacterSummary(row, member.userId)),
        found,
        page,
        per_page: SEARCH_LIMITS.hitsPerPage,
      };
    },
  );
};
