import { mfChatContract } from '@fable/contracts';
import routes from '../routes';

it('registers the chat page for both chat routes of the contract', () => {
  expect(mfChatContract.routes.filter((r) => r.page === 'chat').map((r) => r.path)).toEqual(['/chat/:characterId', '/chat/:characterId/:conversationId']);
  expect(routes.pages.chat).toBeDefined();
});
