import { discoveryCalls } from '@fable/contracts';
import { createStore, type AppStore } from '../store/store';
import { characterProfileFixture } from '@fable/mocks/node';
import { apiErrorBody, mockApi, type FakeAnswer } from '@fable/mocks/node';
import { api } from './api';
import { CHARACTER_CALLS, charactersApi, FAVORITES_TAG } from './charactersApi';

let fake: ReturnType<typeof mockApi> | undefined;
afterEach(() => fake?.restore());

/** An answer held until the test lets it go. */
function held(answer: FakeAnswer) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { handler: async () => (await released, answer), release };
}

const profile = (store: AppStore) => charactersApi.endpoints.characters_profile.select('bot1')(store.getState()).data;

/**
 * The chatbot profile (mf-discovery) and the chat screen (mf-chat) each subscribe to the character's profile; the
 * chat's options menu favourites it. One store, as on the page.
 */
async function pageWithProfile(favoriteAnswer: ReturnType<typeof held>) {
  fake = mockApi({ overrides: {
    'GET /characters/bot1': { body: characterProfileFixture({ num_favorites: 42 }) },
    'PUT /characters/bot1/favorite': favoriteAnswer.handler,
  } });
  const store = createStore();
  const discoveryProfile = store.dispatch(charactersApi.endpoints.characters_profile.initiate('bot1'));
  const chatProfile = store.dispatch(charactersApi.endpoints.characters_profile.initiate('bot1'));
  await discoveryProfile;
  await chatProfile;
  return { store, unsubscribe: () => (discoveryProfile.unsubscribe(), chatProfile.unsubscribe()) };
}

it('uses the paths and methods of the call contracts', () => {
  for (const [name, call] of Object.entries(CHARACTER_CALLS)) {
    const contract = discoveryCalls[name as keyof typeof discoveryCalls];
    expect({ name, ...call }).toEqual({ name, method: contract.method, path: contract.path });
  }
});

it('adds its endpoints to the one api', () => {
  expect(charactersApi).toBe(api);
  expect(Object.keys(api.endpoints)).toEqual(
    expect.arrayContaining(['characters_profile', 'characters_favorite', 'characters_rate', 'characters_blockCreator']),
  );
});

describe('a favourite', () => {
  it('made in the chat shows at once in the profile every remote reads, then the answer is kept', async () => {
    const answer = held({ body: { character_id: 'bot1', is_favorite: true, num_favorites: 50 } });
    const { store, unsubscribe } = await pageWithProfile(answer);
    expect(fake!.callsTo('GET /characters/bot1')).toHaveLength(1);

    const favoriting = store.dispatch(charactersApi.endpoints.characters_favorite.initiate({ characterId: 'bot1', favorite: true }));
    await Promise.resolve();
    expect(profile(store)).toMatchObject({ num_favorites: 43, viewer: { is_favorite: true } });

    answer.release();
    await favoriting;
    expect(profile(store)).toMatchObject({ num_favorites: 50, viewer: { is_favorite: true } });
    expect(fake!.callsTo('GET /characters/bot1')).toHaveLength(1);
    unsubscribe();
  });

  it('is rolled back in that profile when the call fails (the favourite limit)', async () => {
    const answer = held({ status: 409, body: apiErrorBody('character_favorite_limit', 'limit') });
    const { store, unsubscribe } = await pageWithProfile(answer);

    const favoriting = store.dispatch(charactersApi.endpoints.characters_favorite.initiate({ characterId: 'bot1', favorite: true }));
    await Promise.resolve();
    expect(profile(store)).toMatchObject({ num_favorites: 43, viewer: { is_favorite: true } });

    answer.release();
    const result = await favoriting;
    expect(result.error).toMatchObject({ status: 409 });
    expect(profile(store)).toMatchObject({ num_favorites: 42, viewer: { is_favorite: false } });
    unsubscribe();
  });

  it('fetches the favourites list again after a change, not after a failure', async () => {
    fake = mockApi({ overrides: {
      'GET /favorites-list': { body: { ok: true } },
      'PUT /characters/bot1/favorite': { body: { character_id: 'bot1', is_favorite: true, num_favorites: 1 } },
      'DELETE /characters/bot1/favorite': { status: 500, body: apiErrorBody('internal_error', 'no') },
    } });
    const listApi = api.injectEndpoints({
      endpoints: (build) => ({
        test_favoritesList: build.query<unknown, void>({ query: () => '/favorites-list', providesTags: [FAVORITES_TAG] }),
      }),
    });
    const store = createStore();
    const list = store.dispatch(listApi.endpoints.test_favoritesList.initiate());
    await list;
    await store.dispatch(charactersApi.endpoints.characters_favorite.initiate({ characterId: 'bot1', favorite: false }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.callsTo('GET /favorites-list')).toHaveLength(1);
    await store.dispatch(charactersApi.endpoints.characters_favorite.initiate({ characterId: 'bot1', favorite: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.callsTo('GET /favorites-list')).toHaveLength(2);
    list.unsubscribe();
  });
});

it('keeps a rating in the cached profile, sending the conversation length when there is one', async () => {
  fake = mockApi({ overrides: {
    'GET /characters/bot1': { body: characterProfileFixture() },
    'PUT /characters/bot1/rating': { body: { character_id: 'bot1', rating: 5, rating_score: 0.75 } },
  } });
  const store = createStore();
  const sub = store.dispatch(charactersApi.endpoints.characters_profile.initiate('bot1'));
  await sub;
  await store.dispatch(charactersApi.endpoints.characters_rate.initiate({ characterId: 'bot1', rating: 5, conversationLength: 4 }));
  await store.dispatch(charactersApi.endpoints.characters_rate.initiate({ characterId: 'bot1', rating: 5 }));
  expect(fake.callsTo('PUT /characters/bot1/rating').map((c) => c.body)).toEqual([{ rating: 5, conversation_length: 4 }, { rating: 5 }]);
  expect(profile(store)).toMatchObject({ rating_score: 0.75, viewer: { rating: 5 } });
  sub.unsubscribe();
});

it('fetches the profile again after a creator is blocked or unblocked', async () => {
  fake = mockApi({ overrides: {
    'GET /characters/bot1': { body: characterProfileFixture() },
    'PUT /users/blocked-creators/creator1': { body: { blocked: [{ id: 'creator1', username: 'starwright' }] } },
    'DELETE /users/blocked-creators/creator1': { body: { blocked: [] } },
  } });
  const store = createStore();
  const sub = store.dispatch(charactersApi.endpoints.characters_profile.initiate('bot1'));
  await sub;
  await store.dispatch(charactersApi.endpoints.characters_blockCreator.initiate({ creatorUserId: 'creator1', blocked: true }));
  await store.dispatch(charactersApi.endpoints.characters_blockCreator.initiate({ creatorUserId: 'creator1', blocked: false }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fake.callsTo('PUT /users/blocked-creators/creator1')).toHaveLength(1);
  expect(fake.callsTo('DELETE /users/blocked-creators/creator1')).toHaveLength(1);
  expect(fake.callsTo('GET /characters/bot1').length).toBeGreaterThanOrEqual(2);
  sub.unsubscribe();
});
