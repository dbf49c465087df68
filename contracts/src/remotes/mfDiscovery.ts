import { CONTRACT_VERSION, type RemoteContract } from './remoteContract';

/** mf-discovery: home/listing, search, chatbot profile, creator page, favorites, recommendations, leaderboard. */
export const mfDiscoveryContract = {
  name: 'mf_discovery',
  packageName: '@fable/mf-discovery',
  contractVersion: CONTRACT_VERSION,
  exposes: ['./routes'],
  routes: [
    { path: '/', page: 'home' },
    { path: '/external', page: 'externalHome' },
    { path: '/chatbot/:characterId', page: 'chatbotProfile' },
    { path: '/groupchat/:characterId', page: 'groupchatProfile' },
    { path: '/creator/:creatorUsername', page: 'creator' },
    { path: '/favorite-bots', page: 'favorites' },
    { path: '/recommended-bots', page: 'recommended' },
    { path: '/creators/leaderboard', page: 'leaderboard' },
  ],
  nav: [
    { id: 'home', label: 'Home', to: '/', order: 10, placement: ['side'] },
    { id: 'favorites', label: 'Favorites', to: '/favorite-bots', order: 60, placement: ['side'] },
    {
      id: 'favorite-chatbots',
      label: 'Favorite Chatbots',
      to: '/favorite-bots',
      order: 41,
      placement: ['top'],
      permission: 'view_my_chat_bots',
      group: 'My Chatbots',
    },
    { id: 'recommendations', label: 'Recommendations', to: '/recommended-bots', order: 70, placement: ['side'] },
    { id: 'leaderboard', label: 'Leaderboard', to: '/creators/leaderboard', order: 80, placement: ['side'], mainBrandOnly: true },
  ],
} as const satisfies RemoteContract;
