import { api } from '@fable/shared';
import { creatorApi } from './creatorApi';

it('adds its endpoints to the one api, prefixed by its domain', () => {
  expect(creatorApi).toBe(api);
  expect(Object.keys(creatorApi.endpoints)).toContain('creator_getMyChatbots');
});
