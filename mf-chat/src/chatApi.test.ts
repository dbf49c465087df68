import { api } from '@fable/shared';
import { chatCalls, usersCalls } from '@fable/contracts';
import { CHAT_CALLS, CHAT_USERS_CALLS, chatApi } from './chatApi';
import './recentChats/conversationsApi';
import './memories/memoriesApi';
import './personas/personasApi';
import './settings/settingsApi';

it('adds its endpoints to the one api, prefixed by its domain', () => {
  expect(chatApi).toBe(api);
  const names = Object.keys(api.endpoints).filter((n) => n.startsWith('chat_'));
  expect(names).toEqual(
    expect.arrayContaining([
      'chat_conversations',
      'chat_removeConversation',
      'chat_renameConversation',
      'chat_memories',
      'chat_addMemory',
      'chat_updateMemory',
      'chat_removeMemory',
      'chat_removeAllMemories',
      'chat_personas',
      'chat_changePersona',
      'chat_models',
      'chat_viewerSettings',
      'chat_saveInferenceSettings',
    ]),
  );
});

it('uses the paths of the call contracts', () => {
  for (const [name, call] of Object.entries(CHAT_CALLS)) {
    const contract = chatCalls[name as keyof typeof chatCalls];
    expect({ name, method: call.method, path: call.path }).toEqual({ name, method: contract.method, path: contract.path });
  }
  expect(CHAT_USERS_CALLS.me).toEqual({ method: usersCalls.me.method, path: usersCalls.me.path });
  expect(CHAT_USERS_CALLS.update).toEqual({ method: usersCalls.update.method, path: usersCalls.update.path });
});
