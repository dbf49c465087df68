import { CONTRACT_VERSION, type RemoteContract } from './remoteContract';

/** mf-creator: chatbot create/edit, drafts, my chatbots, lorebooks, personas, group chats, card import. */
export const mfCreatorContract = {
  name: 'mf_creator',
  packageName: '@fable/mf-creator',
  contractVersion: CONTRACT_VERSION,
  exposes: ['./routes'],
  routes: [
    { path: '/chatbot/create', page: 'createChatbot' },
    { path: '/chatbot/create/:draftId', page: 'createChatbot' },
    { path: '/character/create', page: 'createChatbot' },
    { path: '/chatbot/edit/:characterId', page: 'editChatbot' },
    { path: '/edit/:characterId', page: 'editChatbot' },
    { path: '/my-chatbots', page: 'myChatbots' },
    { path: '/my-chatbots/drafts', page: 'drafts' },
    { path: '/chatbot/drafts', page: 'drafts' },
    { path: '/my-chatbots/lorebooks', page: 'myLorebooks' },
    { path: '/my-chatbots/groupchats', page: 'myGroupchats' },
    { path: '/personas', page: 'personas' },
    { path: '/personas/create', page: 'createPersona' },
    { path: '/personas/edit', page: 'editPersona' },
    { path: '/lorebook/create', page: 'createLorebook' },
    { path: '/lorebook/edit/:id', page: 'editLorebook' },
    { path: '/lorebook/:id', page: 'lorebook' },
    { path: '/groupchat/create', page: 'createGroupchat' },
    { path: '/groupchat/create/members', page: 'groupchatMembers' },
    { path: '/groupchat/edit', page: 'editGroupchat' },
  ],
  nav: [
    { id: 'personas', label: 'My Personas', to: '/personas', order: 30, placement: ['side'], permission: 'view_my_chat_bots' },
    // Top navigation order (document 1 §2): Chats, Create Chatbot, My Chatbots, My Personas, Help.
    { id: 'personas-top', label: 'My Personas', to: '/personas', order: 45, placement: ['top'], permission: 'view_my_chat_bots' },
    { id: 'create', label: 'Create Chatbot', to: '/chatbot/create', order: 35, placement: ['side', 'top'], permission: 'create_character' },
    { id: 'my-chatbots', label: 'My Chatbots', to: '/my-chatbots', order: 40, placement: ['side'] },
    {
      id: 'my-chatbots-top',
      label: 'My Chatbots',
      to: '/my-chatbots',
      order: 40,
      placement: ['top'],
      permission: 'view_my_chat_bots',
      group: 'My Chatbots',
    },
  ],
} as const satisfies RemoteContract;
