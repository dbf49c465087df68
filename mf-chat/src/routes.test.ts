import { CONTRACT_VERSION, mfChatContract } from '@fable/contracts';
import { getStore } from '@fable/shared';
import routes from './routes';

it('exposes pages of its contract only, and injects its slice into the one store', () => {
  expect(routes.remote).toBe(mfChatContract.name);
  expect(routes.contractVersion).toBe(CONTRACT_VERSION);
  const pageIds: string[] = mfChatContract.routes.map((route) => route.page);
  for (const page of Object.keys(routes.pages)) expect(pageIds).toContain(page);
  expect(routes.pages.recentChats).toBeDefined();
  getStore().dispatch({ type: 'test/ping' });
  expect(getStore().getState().chat).toBeDefined();
});
