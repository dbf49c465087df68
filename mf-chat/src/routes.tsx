import { CONTRACT_VERSION } from '@fable/contracts';
import type { RemoteRoutesModule } from '@fable/shared';
import './chatSlice';
import { RecentChatsPage } from './recentChats/RecentChatsPage';

const routes: RemoteRoutesModule = {
  remote: 'mf_chat',
  contractVersion: CONTRACT_VERSION,
  buildVersion: __APP_VERSION__,
  pages: { recentChats: RecentChatsPage },
};

export default routes;
