import { CONTRACT_VERSION } from '@fable/contracts';
import type { RemoteRoutesModule } from '@fable/shared';
import './creatorSlice';
import { CreateChatbotPage } from './create/CreateChatbotPage';
import { MyChatbotsPage } from './myChatbots/MyChatbotsPage';

const routes: RemoteRoutesModule = {
  remote: 'mf_creator',
  contractVersion: CONTRACT_VERSION,
  buildVersion: __APP_VERSION__,
  pages: { myChatbots: MyChatbotsPage, createChatbot: CreateChatbotPage },
};

export default routes;
