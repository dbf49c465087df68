import { getStore } from '@fable/shared';
import { expectRoutesToMatchManifest } from '@fable/shared/testing';
import manifest from '../remote.json';
import routes from './routes';

it('exposes pages of its remote.json only, and injects its slice into the one store', () => {
  expectRoutesToMatchManifest(routes, manifest);
  expect(routes.pages.recentChats).toBeDefined();
  getStore().dispatch({ type: 'test/ping' });
  expect(getStore().getState().chat).toBeDefined();
});
