import { CONTRACT_VERSION, mfDiscoveryContract } from '@fable/contracts';
import { getStore } from '@fable/shared';
import routes from './routes';

it('exposes pages of its contract only, and injects its slice into the one store', () => {
  expect(routes.remote).toBe(mfDiscoveryContract.name);
  expect(routes.contractVersion).toBe(CONTRACT_VERSION);
  const pageIds: string[] = mfDiscoveryContract.routes.map((route) => route.page);
  for (const page of Object.keys(routes.pages)) expect(pageIds).toContain(page);
  expect(routes.pages.home).toBeDefined();
  getStore().dispatch({ type: 'test/ping' });
  expect(getStore().getState().discovery).toBeDefined();
});
