import { api } from '@fable/shared';
import { chatApi } from './chatApi';

it('adds its endpoints to the one api, prefixed by its domain', () => {
  expect(chatApi).toBe(api);
  expect(Object.keys(chatApi.endpoints)).toContain('chat_getRecentChats');
});
