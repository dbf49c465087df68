import { CONTRACT_VERSION, mfDiscoveryContract } from '@fable/contracts';
import { getStore } from '@fable/shared';
import routes from './routes';

it('exposes every page of its contract and no other, and injects its slice into the one store', () => {
  expect(routes.remote).toBe(mfDiscoveryContract.name);
  expect(routes.contractVersion).toBe(CONTRACT_VERSION);
  const pageIds: string[] = mfDiscoveryContract.routes.map((route) => route.page);
  for (const page of Object.keys(routes.pages)) expect(pageIds).toContain(page);
  for (const page of pageIds) expect(routes.pages[page]).toBeDefined();
  getStore().dispatch({ type: 'test/ping' });
  expect(getStore().getState().discovery).toBeDefined();
});
