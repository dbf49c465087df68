import { api } from '@fable/shared';
import { discoveryApi } from './discoveryApi';

it('adds its endpoints to the one api, prefixed by its domain', () => {
  expect(discoveryApi).toBe(api);
  expect(Object.keys(discoveryApi.endpoints)).toContain('discovery_search');
});
