import type { discoveryCalls, usersCalls } from '@fable/contracts';

/**
 * The contract calls of this remote (contracts/src/api/discovery.ts and users.ts), as plain methods and paths: the
 * contracts' call objects carry classic zod, which must stay off the home route's first load (docs/adr/0001; the host
 * does the same in authApi.ts). Checked against the call contracts by type here, and by value in
 * discoveryCalls.test.ts.
 */
export type CallOf<C extends { method: string; path: string }> = { method: C['method']; path: C['path'] };

type Discovery = typeof discoveryCalls;
type UsedDiscovery =
  | 'search'
  | 'profile'
  | 'creator'
  | 'favorites'
  | 'like'
  | 'unlike'
  | 'rate'
  | 'lessLikeThis'
  | 'interaction'
  | 'recommendations'
  | 'blockCreator'
  | 'unblockCreator';

export const DISCOVERY_CALLS: { [K in UsedDiscovery]: CallOf<Discovery[K]> } = {
  search: { method: 'GET', path: '/characters/search' },
  profile: { method: 'GET', path: '/characters/:characterId' },
  creator: { method: 'GET', path: '/creators/:username' },
  favorites: { method: 'GET', path: '/users/favorites' },
  like: { method: 'PUT', path: '/characters/:characterId/favorite' },
  unlike: { method: 'DELETE', path: '/characters/:characterId/favorite' },
  rate: { method: 'PUT', path: '/characters/:characterId/rating' },
  lessLikeThis: { method: 'POST', path: '/characters/:characterId/less-like-this' },
  interaction: { method: 'POST', path: '/interactions' },
  recommendations: { method: 'GET', path: '/recommendations' },
  blockCreator: { method: 'PUT', path: '/users/blocked-creators/:creatorUserId' },
  unblockCreator: { method: 'DELETE', path: '/users/blocked-creators/:creatorUserId' },
};

type Users = typeof usersCalls;
export const USERS_CALLS: { [K in 'me' | 'update']: CallOf<Users[K]> } = {
  me: { method: 'GET', path: '/v2/users' },
  update: { method: 'PATCH', path: '/v2/users' },
};
