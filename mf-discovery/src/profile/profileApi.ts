import { api } from '@fable/shared';
import type { TagOption } from '@fable/contracts';
import { USERS_CALLS } from '../discoveryCalls';

/** GET /api/app-settings (contracts' AppSettingsSchema; the route is not a call contract yet). */
export const APP_SETTINGS_PATH = '/app-settings';

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
 * The chatbot profile's own calls: the viewer's blur setting and the tag options. The profile itself, like/unlike,
 * rating and block creator are the shared charactersApi (@fable/shared), which the chat screen uses too. Names start
 * with `discovery_profile` so that they never meet the listing's own endpoints in the one api.
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
  useDiscovery_profileViewerQuery,
  useDiscovery_profileTagOptionsQuery,
} = profileApi;
