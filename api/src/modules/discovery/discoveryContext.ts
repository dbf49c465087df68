import type { ApiDeps, ApiPlugin } from '../../http/apiPlugin';
import type { Recommender } from './recommender';

/** What the discovery features share: the API's adapters, the recommender and the favourite limit. */
export interface DiscoveryContext extends ApiDeps {
  recommender: Recommender;
  /** CHARACTER_FAVORITE_LIMIT (config; the contracts' 500 by default). */
  favoriteLimit: number;
}

/** The Fastify instance a module's routes are declared on (zod type provider). */
export type ApiInstance = Parameters<ApiPlugin>[0];

/** One feature's routes, declared on the discovery plugin. */
export type DiscoveryRoutes = (app: ApiInstance, ctx: DiscoveryContext) => void;
