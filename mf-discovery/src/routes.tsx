import { lazyPage, type RemoteRoutesModule } from '@fable/shared';
import './discoverySlice';
import { ExternalHomePage, HomePage } from './home/HomePage';

const profilePages = () => import('./profile/ChatbotProfilePage');
const recommendedPages = () => import('./recommended/recommendedPages');

const routes: RemoteRoutesModule = {
  remote: 'mf_discovery',
  buildVersion: __APP_VERSION__,
  pages: {
    home: HomePage,
    externalHome: ExternalHomePage,
    chatbotProfile: lazyPage(() => profilePages().then((m) => m.ChatbotProfilePage)),
    groupchatProfile: lazyPage(() => profilePages().then((m) => m.GroupchatProfilePage)),
    creator: lazyPage(() => import('./creator/CreatorPage').then((m) => m.CreatorPage)),
    favorites: lazyPage(() => import('./favorites/FavoritesPage').then((m) => m.FavoritesPage)),
    recommended: lazyPage(() => recommendedPages().then((m) => m.RecommendedPage)),
    offline: lazyPage(() => recommendedPages().then((m) => m.OfflinePage)),
    leaderboard: lazyPage(() => import('./leaderboard/LeaderboardPage').then((m) => m.LeaderboardPage)),
  },
};

export default routes;
