import { CHARACTER_FAVORITE_LIMIT } from '@fable/contracts';
import type { ApiPlugin } from './http/apiPlugin';
import { creatorBlocksRoutes } from './modules/creatorBlocks/creatorBlocksRoutes';
import type { DiscoveryContext } from './modules/discovery/discoveryContext';
import { favoritesRoutes } from './modules/favorites/favoritesRoutes';
import { profileRoutes } from './modules/profile/profileRoutes';
import { ratingsRoutes } from './modules/ratings/ratingsRoutes';
import { createPostgresRecommender } from './modules/recommender/postgresRecommender';
import { recommenderRoutes } from './modules/recommender/recommenderRoutes';

/**
 * The discovery calls of contracts' discoveryCalls except search (document 1 §2 chatbot profile and creator page,
 * §4 favourite/like and less-like-this, §6 blocked creators, §7 recommender): one plugin sharing one recommender.
 * Composition only, beside app.ts: the five feature modules build on modules/discovery (what they share), which
 * imports none of them.
 */
export const discoveryRoutes: ApiPlugin = async (app, deps) => {
  const ctx: DiscoveryContext = {
    ...deps,
    recommender: createPostgresRecommender(deps),
    favoriteLimit: deps.config.characterFavoriteLimit ?? CHARACTER_FAVORITE_LIMIT,
  };
  for (const routes of [profileRoutes, favoritesRoutes, ratingsRoutes, creatorBlocksRoutes, recommenderRoutes]) routes(app, ctx);
};
