import { CONTRACT_VERSION, mfCreatorContract } from '@fable/contracts';
import { getStore } from '@fable/shared';
import routes from './routes';

it('exposes pages of its contract only, and injects its slice into the one store', () => {
  expect(routes.remote).toBe(mfCreatorContract.name);
  expect(routes.contractVersion).toBe(CONTRACT_VERSION);
  const pageIds: string[] = mfCreatorContract.routes.map((route) => route.page);
  for (const page of Object.keys(routes.pages)) expect(pageIds).toContain(page);
  expect(routes.pages.myChatbots).toBeDefined();
  expect(routes.pages.createChatbot).toBeDefined();
  getStore().dispatch({ type: 'test/ping' });
  expect(getStore().getState().creator).toBeDefined();
});
