import { api, type CallOf } from '@fable/shared';
import type { chatCalls, usersCalls } from '@fable/contracts';

/**
 * The chat remote's call paths (contracts/src/api/chat.ts), checked against the call contracts at compile time
 * only: the contracts' call objects carry classic zod, which stays out of this remote's bundle (docs/adr/0001;
 * mf-discovery/src/discoveryApi.ts does the same). Each feature folder injects its own endpoints
 * (recentChats/conversationsApi.ts, memories/memoriesApi.ts, personas/personasApi.ts, settings/settingsApi.ts).
 */
type Calls = typeof chatCalls;
type Used =
  | 'conversations'
  | 'characterConversations'
  | 'removeConversation'
  | 'renameConversation'
  | 'changePersona'
  | 'memories'
  | 'addMemory'
  | 'updateMemory'
  | 'removeMemory'
  | 'removeAllMemories'
  | 'personas'
  | 'models'
  | 'messages'
  | 'editMessage'
  | 'removeMessages'
  | 'labelMessage'
  | 'flagMessage'
  | 'cloneConversation';
export const CHAT_CALLS: { [K in Used]: CallOf<Calls[K]> } = {
  conversations: { method: 'GET', path: '/conversations' },
  characterConversations: { method: 'GET', path: '/characters/:characterId/conversations' },
  removeConversation: { method: 'DELETE', path: '/conversations/:conversationId' },
  renameConversation: { method: 'PUT', path: '/conversations/:conversationId/label' },
  changePersona: { method: 'PUT', path: '/conversations/:conversationId/persona' },
  memories: { method: 'GET', path: '/conversations/:conversationId/memories' },
  addMemory: { method: 'POST', path: '/conversations/:conversationId/memories' },
  updateMemory: { method: 'PUT', path: '/memories/:memoryId' },
  removeMemory: { method: 'DELETE', path: '/memories/:memoryId' },
  removeAllMemories: { method: 'DELETE', path: '/conversations/:conversationId/memories' },
  personas: { method: 'GET', path: '/personas' },
  models: { method: 'GET', path: '/chat/models' },
  messages: { method: 'GET', path: '/conversations/:conversationId/messages' },
  editMessage: { method: 'PATCH', path: '/messages/:messageId' },
  removeMessages: { method: 'DELETE', path: '/conversations/:conversationId/messages' },
  labelMessage: { method: 'POST', path: '/messages/:messageId/label' },
  flagMessage: { method: 'POST', path: '/messages/:messageId/flag' },
  cloneConversation: { method: 'POST', path: '/conversations/:conversationId/clone' },
};

type UsersCalls = typeof usersCalls;
export const CHAT_USERS_CALLS: { me: CallOf<UsersCalls['me']>; update: CallOf<UsersCalls['update']> } = {
  me: { method: 'GET', path: '/v2/users' },
  update: { method: 'PATCH', path: '/v2/users' },
};

/** The one api; the endpoints come with the feature files. */
export const chatApi = api;
