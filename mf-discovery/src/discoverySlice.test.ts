import { createStore } from '@fable/shared';
import { charactersApi } from '@fable/shared/characters';
import { apiErrorBody, mockApi } from '@fable/shared/testing';
import { favoriteSet, selectFavoriteOverrides } from './discoverySlice';

let fake: ReturnType<typeof mockApi> | undefined;
afterEach(() => fake?.restore());

it('shows on the cards a like or unlike made elsewhere (the chat screen), not one that failed', async () => {
  fake = mockApi({ overrides: {
    'PUT /characters/c1/favorite': { body: { character_id: 'c1', is_favorite: true, num_favorites: 3 } },
    'DELETE /characters/c2/favorite': { status: 500, body: apiErrorBody('internal_error', 'no') },
  } });
  const store = createStore();
  store.dispatch(favoriteSet({ characterId: 'c2', liked: true }));

  await store.dispatch(charactersApi.endpoints.characters_favorite.initiate({ characterId: 'c1', favorite: true }));
  await store.dispatch(charactersApi.endpoints.characters_favorite.initiate({ characterId: 'c2', favorite: false }));

  expect(selectFavoriteOverrides(store.getState())).toEqual({ c1: true, c2: true });
});
