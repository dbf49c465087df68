import { callPath, type TagSuggestionAnswer, type TagSuggestionBody } from '@fable/contracts';
import { api } from '@fable/shared';
import { USERS_CALLS } from '../discoveryCalls';

/** contracts' suggestionCalls.myTagSuggestion / sendTagSuggestion path (copied: this page loads no call objects). */
export const TAG_SUGGESTION_PATH = '/characters/:characterId/tag-suggestion';

/** The parts of the signed-in user the profile needs (settings.blurNSFW, document 1 §6). */
export interface ProfileViewerSettings {
  blurNSFW: boolean;
}

/**
 * The chatbot profile's own call: the viewer's blur setting. The tag options are @fable/shared's (useTagOptionsQuery);
 * the profile itself, like/unlike, rating and block creator are the shared charactersApi, which the chat screen uses
 * too. Names start with `discovery_profile` so that they never meet the listing's own endpoints in the one api.
 */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The member's own settings (GET /v2/users); only blurNSFW is read here. */
    discovery_profileViewer: build.query<ProfileViewerSettings, void>({
      query: () => ({ url: USERS_CALLS.me.path, method: USERS_CALLS.me.method }),
      transformResponse: (raw: { settings?: { blurNSFW?: unknown } } | undefined) => ({
        // The spec's default is to blur (UserSettingsSchema: blurNSFW defaults to true).
        blurNSFW: raw?.settings?.blurNSFW !== false,
      }),
      providesTags: ['User'],
    }),
    /** The member's pending tag suggestion for a chatbot (GET /characters/:id/tag-suggestion). */
    discovery_tagSuggestion: build.query<TagSuggestionAnswer, string>({
      query: (characterId) => ({ url: callPath(TAG_SUGGESTION_PATH, { characterId }), method: 'GET' }),
      providesTags: (_r, _e, characterId) => [{ type: 'Character', id: `tag-suggestion:${characterId}` }],
    }),
    /** Replaces it (PUT); both lists empty discard it. */
    discovery_putTagSuggestion: build.mutation<TagSuggestionAnswer, { characterId: string; body: TagSuggestionBody }>({
      query: ({ characterId, body }) => ({ url: callPath(TAG_SUGGESTION_PATH, { characterId }), method: 'PUT', body }),
      invalidatesTags: (_r, _e, { characterId }) => [{ type: 'Character', id: `tag-suggestion:${characterId}` }],
    }),
  }),
});

export const { useDiscovery_profileViewerQuery, useDiscovery_tagSuggestionQuery, useDiscovery_putTagSuggestionMutation } = profileApi;
