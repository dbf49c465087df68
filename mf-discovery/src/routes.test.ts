import { getStore } from '@fable/shared';
import { expectRoutesToMatchManifest } from '@fable/shared/testing';
import manifest from '../remote.json';
import routes from './routes';

it('exposes every page of its remote.json and no other, and injects its slice into the one store', () => {
  expectRoutesToMatchManifest(routes, manifest);
  for (const { page } of manifest.routes) expect(routes.pages[page]).toBeDefined();
  getStore().dispatch({ type: 'test/ping' });
  expect(getStore().getState().discovery).toBeDefined();
});
