import { CONTRACT_VERSION, type RemoteContract } from './remoteContract';

/** mf-chat: chat screen, recent and saved chats, memories, generation settings, voice, images. */
export const mfChatContract = {
  name: 'mf_chat',
  packageName: '@fable/mf-chat',
  contractVersion: CONTRACT_VERSION,
  exposes: ['./routes'],
  routes: [
    { path: '/chats', page: 'recentChats' },
    { path: '/chats/:characterId', page: 'savedChats' },
    { path: '/chat/:characterId', page: 'chat' },
    { path: '/chat/:characterId/:conversationId', page: 'chat' },
  ],
  nav: [{ id: 'chats', label: 'Chats', to: '/chats', order: 20, placement: ['side', 'top'], permission: 'view_chats' }],
} as const satisfies RemoteContract;
