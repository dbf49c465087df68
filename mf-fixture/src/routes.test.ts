import { expectRoutesToMatchManifest } from '@fable/shared/testing';
import manifest from '../remote.json';
import routes from './routes';

it('exposes pages of its remote.json only', () => {
  expectRoutesToMatchManifest(routes, manifest);
  expect(routes.pages.fixture).toBeDefined();
});
