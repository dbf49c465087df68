import { api } from '@fable/shared';
import { callPath, type CharacterProfile, type ChatbotRating, type discoveryCalls, type TagOption } from '@fable/contracts';
import type { z } from 'zod';
import { DISCOVERY_CALLS, USERS_CALLS } from '../discoveryCalls';

/** GET /api/app-settings (contracts' AppSettingsSchema; the route is not a call contract yet). */
export const APP_SETTINGS_PATH = '/app-settings';

type FavoriteState = z.infer<(typeof discoveryCalls)['like']['response']>;
type RatingState = z.infer<(typeof discoveryCalls)['rate']['response']>;

/** A tag option as the app settings carry it (contracts' TagOptionSchema), checked by hand. */
function isTagOption(item: unknown): item is TagOption {
  if (!item || typeof item !== 'object') return false;
  const { value, label } = item as { value?: unknown; label?: unknown };
  return typeof value === 'string' && value.trim() !== '' && typeof label === 'string' && label !== '';
}

/** The parts of the signed-in user the profile needs (settings.blurNSFW, document 1 §6). */
export interface ProfileViewerSettings {
  blurNSFW: boolean;
}

/**
 * The chatbot profile's calls (document 1 §2 "Chatbot profile", §7 like/unlike, rating, block creator), on the paths
 * of ../discoveryCalls.ts. Names start with `discovery_profile` so that they never meet the listing's own endpoints in
 * the one api.
 */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    discovery_profile: build.query<CharacterProfile, string>({
      query: (characterId) => ({ url: callPath(DISCOVERY_CALLS.profile.path, { characterId }), method: DISCOVERY_CALLS.profile.method }),
      providesTags: (_result, _error, characterId) => [{ type: 'Character', id: characterId }],
    }),

    /**
     * Like (PUT) or unlike (DELETE). The profile shows the new state at once; a failure puts the old one back
     * (document 1 §4 "Favourite/Like": "if the favourite-limit error occurs the action is reverted").
     */
    discovery_profileFavorite: build.mutation<FavoriteState, { characterId: string; favorite: boolean }>({
      query: ({ characterId, favorite }) => {
        const call = favorite ? DISCOVERY_CALLS.like : DISCOVERY_CALLS.unlike;
        return { url: callPath(call.path, { characterId }), method: call.method };
      },
      async onQueryStarted({ characterId, favorite }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          profileApi.util.updateQueryData('discovery_profile', characterId, (draft) => {
            if (draft.viewer.is_favorite === favorite) return;
            draft.viewer.is_favorite = favorite;
            draft.num_favorites = Math.max(0, draft.num_favorites + (favorite ? 1 : -1));
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            profileApi.util.updateQueryData('discovery_profile', characterId, (draft) => {
              draft.viewer.is_favorite = data.is_favorite;
              draft.num_favorites = data.num_favorites;
            }),
          );
        } catch {
          patch.undo();
        }
      },
    }),

    discovery_profileRate: build.mutation<RatingState, { characterId: string; rating: ChatbotRating }>({
      query: ({ characterId, rating }) => ({
        url: callPath(DISCOVERY_CALLS.rate.path, { characterId }),
        method: DISCOVERY_CALLS.rate.method,
        body: { rating },
      }),
      async onQueryStarted({ characterId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            profileApi.util.updateQueryData('discovery_profile', characterId, (draft) => {
              draft.viewer.rating = data.rating;
              draft.rating_score = data.rating_score;
            }),
          );
        } catch {
          // the dialog tells the user
        }
      },
    }),

    /** Blocking or unblocking a creator changes every listing and this profile (viewer.creator_blocked). */
    discovery_profileBlockCreator: build.mutation<unknown, { creatorUserId: string; blocked: boolean }>({
      query: ({ creatorUserId, blocked }) => {
        const call = blocked ? DISCOVERY_CALLS.blockCreator : DISCOVERY_CALLS.unblockCreator;
        return { url: callPath(call.path, { creatorUserId }), method: call.method };
      },
      invalidatesTags: ['User', 'Character'],
    }),

    /** The member's own settings (GET /v2/users); only blurNSFW is read here. */
    discovery_profileViewer: build.query<ProfileViewerSettings, void>({
      query: () => ({ url: USERS_CALLS.me.path, method: USERS_CALLS.me.method }),
      transformResponse: (raw: { settings?: { blurNSFW?: unknown } } | undefined) => ({
        // The spec's default is to blur (UserSettingsSchema: blurNSFW defaults to true).
        blurNSFW: raw?.settings?.blurNSFW !== false,
      }),
      providesTags: ['User'],
    }),

    /** The application's tag options (GET /api/app-settings, document 1 §3), for the tag suggestion panel. */
    discovery_profileTagOptions: build.query<TagOption[], void>({
      query: () => ({ url: APP_SETTINGS_PATH, method: 'GET' }),
      transformResponse: (raw: { tagOptions?: unknown } | undefined) => {
        const list = Array.isArray(raw?.tagOptions) ? raw.tagOptions : [];
        return list.filter(isTagOption).map((option) => ({ ...option, value: option.value.trim() }));
      },
      providesTags: ['AppSettings'],
    }),
  }),
});

export const {
  useDiscovery_profileQuery,
  useDiscovery_profileFavoriteMutation,
  useDiscovery_profileRateMutation,
  useDiscovery_profileBlockCreatorMutation,
  useDiscovery_profileViewerQuery,
  useDiscovery_profileTagOptionsQuery,
} = profileApi;
