import type { discoveryCalls, queueCalls, usersCalls } from '@fable/contracts';
import type { CallOf } from '@fable/shared';

/**
 * The contract calls of this remote (contracts/src/api/discovery.ts and users.ts), as plain methods and paths: the
 * contracts' call objects carry classic zod, which must stay off the home route's first load (docs/adr/0001; the host
 * does the same in authApi.ts). Checked against the call contracts by type here, and by value in
 * discoveryCalls.test.ts.
 */

type Discovery = typeof discoveryCalls;
/** The profile, like/unlike, rating and block creator calls are the shared charactersApi's (@fable/shared). */
type UsedDiscovery = 'search' | 'creator' | 'favorites' | 'lessLikeThis' | 'interaction' | 'recommendations';

export const DISCOVERY_CALLS: { [K in UsedDiscovery]: CallOf<Discovery[K]> } = {
  search: { method: 'GET', path: '/characters/search' },
  creator: { method: 'GET', path: '/creators/:username' },
  favorites: { method: 'GET', path: '/users/favorites' },
  lessLikeThis: { method: 'POST', path: '/characters/:characterId/less-like-this' },
  interaction: { method: 'POST', path: '/interactions' },
  recommendations: { method: 'GET', path: '/recommendations' },
};

type Users = typeof usersCalls;
export const USERS_CALLS: { [K in 'me' | 'update']: CallOf<Users[K]> } = {
  me: { method: 'GET', path: '/v2/users' },
  update: { method: 'PATCH', path: '/v2/users' },
};

/** GET queue/outlook (contracts' queueCalls): the line a newcomer would meet, joining nothing (the home's banner). */
export const QUEUE_OUTLOOK_CALL: CallOf<(typeof queueCalls)['outlook']> = { method: 'GET', path: '/queue/outlook' };
