import type { TagOption } from '@fable/contracts';
import { api } from './api';

/** GET /api/app-settings (contracts' AppSettingsSchema; the route is not a call contract yet). */
export const APP_SETTINGS_PATH = '/app-settings';

/** A tag option as the app settings carry it (contracts' TagOptionSchema), checked by hand (no zod on this path). */
function isTagOption(item: unknown): item is TagOption {
  if (!item || typeof item !== 'object') return false;
  const { value, label } = item as { value?: unknown; label?: unknown };
  return typeof value === 'string' && value.trim() !== '' && typeof label === 'string' && label !== '';
}

/**
 * The application's tag options (document 1 §3 "App settings read: tagOptions"): what a chatbot may be tagged with,
 * for the tag suggestion panel of the profile and the chatbot form. One endpoint, one cache, for every remote.
 */
export const tagOptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    shared_tagOptions: build.query<TagOption[], void>({
      query: () => ({ url: APP_SETTINGS_PATH, method: 'GET' }),
      extraOptions: { withoutGuestId: true },
      transformResponse: (raw: { tagOptions?: unknown } | undefined) => {
        const list = Array.isArray(raw?.tagOptions) ? raw.tagOptions : [];
        return list.filter(isTagOption).map((option) => ({ ...option, value: option.value.trim() }));
      },
      providesTags: ['AppSettings'],
    }),
  }),
});

export const { useShared_tagOptionsQuery: useTagOptionsQuery } = tagOptionsApi;
