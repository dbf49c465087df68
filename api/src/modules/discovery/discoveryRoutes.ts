import { CHARACTER_FAVORITE_LIMIT } from '@fable/contracts';
import type { ApiPlugin } from '../../http/apiPlugin';
import { creatorBlocksRoutes } from '../creatorBlocks/creatorBlocksRoutes';
import { favoritesRoutes } from '../favorites/favoritesRoutes';
import { profileRoutes } from '../profile/profileRoutes';
import { ratingsRoutes } from '../ratings/ratingsRoutes';
import { createPostgresRecommender } from '../recommender/postgresRecommender';
import { recommenderRoutes } from '../recommender/recommenderRoutes';
import type { DiscoveryContext } from './discoveryContext';

/**
 * The discovery calls of contracts' discoveryCalls except search (document 1 §2 chatbot profile and creator page,
 * §4 favourite/like and less-like-this, §6 blocked creators, §7 recommender): one plugin sharing one recommender.
 */
export const discoveryRoutes: ApiPlugin = async (app, deps) => {
  const ctx: DiscoveryContext = {
    ...deps,
    recommender: createPostgresRecommender(deps),
    favoriteLimit: deps.config.characterFavoriteLimit ?? CHARACTER_FAVORITE_LIMIT,
  };
  for (const routes of [profileRoutes, favoritesRoutes, ratingsRoutes, creatorBlocksRoutes, recommenderRoutes]) routes(app, ctx);
};
