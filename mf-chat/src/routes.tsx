import { lazyPage, type RemoteRoutesModule } from '@fable/shared';
import './chatSlice';
import { RecentChatsPage } from './recentChats/RecentChatsPage';

const routes: RemoteRoutesModule = {
  remote: 'mf_chat',
  buildVersion: __APP_VERSION__,
  pages: {
    recentChats: RecentChatsPage,
    savedChats: lazyPage(() => import('./savedChats/SavedChatsPage').then((m) => m.SavedChatsPage)),
    // The chat screen loads on first use: /chats stays light.
    chat: lazyPage(() => import('./chat/ChatPage').then((m) => m.ChatPage)),
  },
};

export default routes;
