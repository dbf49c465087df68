import type { RemoteRoutesModule } from '@fable/shared';
import './creatorSlice';
import { EditChatbotPage } from './chatbotForm/ChatbotPages';
import { CreateChatbotPage } from './create/CreateChatbotPage';
import { DraftsPage } from './drafts/DraftsPage';
import { CreateGroupChatPage, EditGroupChatPage } from './groupChats/GroupChatPages';
import { MembersPage } from './groupChats/MembersPage';
import { MyGroupChatsPage } from './groupChats/MyGroupChatsPage';
import { CreateLorebookPage, EditLorebookPage } from './lorebooks/LorebookPages';
import { LorebookPage } from './lorebooks/LorebookPage';
import { MyLorebooksPage } from './lorebooks/MyLorebooksPage';
import { ModerationPage } from './moderation/ModerationPage';
import { MyChatbotsPage } from './myChatbots/MyChatbotsPage';
import { MyPersonasPage } from './personas/MyPersonasPage';
import { CreatePersonaPage, EditPersonaPage } from './personas/PersonaPages';

const routes: RemoteRoutesModule = {
  remote: 'mf_creator',
  buildVersion: __APP_VERSION__,
  pages: { myChatbots: MyChatbotsPage, createChatbot: CreateChatbotPage, editChatbot: EditChatbotPage, drafts: DraftsPage, moderation: ModerationPage, createLorebook: CreateLorebookPage, editLorebook: EditLorebookPage, lorebook: LorebookPage, myLorebooks: MyLorebooksPage, createGroupchat: CreateGroupChatPage, groupchatMembers: MembersPage, editGroupchat: EditGroupChatPage, myGroupchats: MyGroupChatsPage, personas: MyPersonasPage, createPersona: CreatePersonaPage, editPersona: EditPersonaPage },
};

export default routes;
