import { callPath, type CharacterProfile, type ChatbotRating, type discoveryCalls } from '@fable/contracts';
import type { z } from 'zod';
// Through @fable/shared: the one api of the page (this file is bundled by each remote that uses it; the endpoints
// and their cache are the one api's, so a favourite in the chat is seen by the profile).
import { api, type CallOf } from '@fable/shared';

/**
 * A character's profile, favourite, rating and its creator's block: one set of endpoints for every remote (the chat
 * screen, the chatbot profile, the cards), so that there is one cached profile per character and a favourite made
 * in the chat is the one the profile shows. The paths are copies of the call contracts (contracts/src/api/discovery.ts),
 * checked by type here and by value in charactersApi.test.ts: the contracts' call objects carry classic zod, which
 * stays off the first load (docs/adr/0001).
 */
type Discovery = typeof discoveryCalls;
type CharacterCall = 'profile' | 'like' | 'unlike' | 'rate' | 'blockCreator' | 'unblockCreator';

export const CHARACTER_CALLS: { [K in CharacterCall]: CallOf<Discovery[K]> } = {
  profile: { method: 'GET', path: '/characters/:characterId' },
  like: { method: 'PUT', path: '/characters/:characterId/favorite' },
  unlike: { method: 'DELETE', path: '/characters/:characterId/favorite' },
  rate: { method: 'PUT', path: '/characters/:characterId/rating' },
  blockCreator: { method: 'PUT', path: '/users/blocked-creators/:creatorUserId' },
  unblockCreator: { method: 'DELETE', path: '/users/blocked-creators/:creatorUserId' },
};

export type FavoriteState = z.infer<Discovery['like']['response']>;
export type RatingState = z.infer<Discovery['rate']['response']>;
export type BlockedCreatorsState = z.infer<Discovery['blockCreator']['response']>;

/** The signed-in user's favourites list (GET /users/favorites provides it): a favourite changes it. */
export const FAVORITES_TAG = { type: 'Character', id: 'FAVORITES' } as const;

export const charactersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The chatbot profile (viewer state included: favourite, rating, creator blocked). */
    characters_profile: build.query<CharacterProfile, string>({
      query: (characterId) => ({ url: callPath(CHARACTER_CALLS.profile.path, { characterId }), method: CHARACTER_CALLS.profile.method }),
      // Open to visitors: a first visit's profile does not wait for its guest id.
      extraOptions: { withoutGuestId: true },
      providesTags: (_result, _error, characterId) => [{ type: 'Character', id: characterId }],
    }),

    /**
     * Like (PUT) or unlike (DELETE). The cached profile shows the new state at once; the answer's state is kept; a
     * failure puts the old one back (document 1 §4 "Favourite/Like": "if the favourite-limit error occurs the action
     * is reverted"). The favourites list is fetched again after a change.
     */
    characters_favorite: build.mutation<FavoriteState, { characterId: string; favorite: boolean }>({
      query: ({ characterId, favorite }) => {
        const call = favorite ? CHARACTER_CALLS.like : CHARACTER_CALLS.unlike;
        return { url: callPath(call.path, { characterId }), method: call.method };
      },
      async onQueryStarted({ characterId, favorite }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          charactersApi.util.updateQueryData('characters_profile', characterId, (draft) => {
            if (draft.viewer.is_favorite === favorite) return;
            draft.viewer.is_favorite = favorite;
            draft.num_favorites = Math.max(0, draft.num_favorites + (favorite ? 1 : -1));
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            charactersApi.util.updateQueryData('characters_profile', characterId, (draft) => {
              draft.viewer.is_favorite = data.is_favorite;
              draft.num_favorites = data.num_favorites;
            }),
          );
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : [FAVORITES_TAG]),
    }),

    /** Chatbot rating: dislike 1, like 3, love 5 (document 1 §3); the chat sends the conversation's length too. */
    characters_rate: build.mutation<RatingState, { characterId: string; rating: ChatbotRating; conversationLength?: number }>({
      query: ({ characterId, rating, conversationLength }) => ({
        url: callPath(CHARACTER_CALLS.rate.path, { characterId }),
        method: CHARACTER_CALLS.rate.method,
        body: conversationLength === undefined ? { rating } : { rating, conversation_length: conversationLength },
      }),
      async onQueryStarted({ characterId, rating }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            charactersApi.util.updateQueryData('characters_profile', characterId, (draft) => {
              draft.viewer.rating = data.rating ?? rating;
              if (data.rating_score !== undefined) draft.rating_score = data.rating_score;
            }),
          );
        } catch {
          // the dialog tells the user
        }
      },
    }),

    /** Blocking or unblocking a creator changes the user's settings (blockedUsers), every listing and the profiles. */
    characters_blockCreator: build.mutation<BlockedCreatorsState, { creatorUserId: string; blocked: boolean }>({
      query: ({ creatorUserId, blocked }) => {
        const call = blocked ? CHARACTER_CALLS.blockCreator : CHARACTER_CALLS.unblockCreator;
        return { url: callPath(call.path, { creatorUserId }), method: call.method };
      },
      invalidatesTags: (_result, error) => (error ? [] : ['User', 'Character']),
    }),
  }),
});

export const {
  useCharacters_profileQuery,
  useCharacters_favoriteMutation,
  useCharacters_rateMutation,
  useCharacters_blockCreatorMutation,
} = charactersApi;
