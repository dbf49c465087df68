import manifest from '../../remote.json';
import routes from '../routes';

it('registers the chat page for both chat routes of its remote.json', () => {
  expect(manifest.routes.filter((r) => r.page === 'chat').map((r) => r.path)).toEqual(['/chat/:characterId', '/chat/:characterId/:conversationId']);
  expect(routes.pages.chat).toBeDefined();
});
