import { api } from '@fable/shared';
import type { InferenceModel, UserInferenceSettings } from '@fable/contracts';
import { CHAT_CALLS, CHAT_USERS_CALLS } from '../chatApi';

/** A model as GET /api/chat/models lists it: whether the caller may choose it, and whether it is the demo model. */
export type ChatModel = InferenceModel & { available: boolean; demo?: boolean };
export interface ChatModelsResult {
  models: ChatModel[];
  default_model: string;
}

/** The parts of the signed-in user's settings this remote reads (GET /v2/users). */
export interface ChatViewerSettings {
  /** Blur NSFW avatars (on by default, document 1 §6). */
  blurNSFW: boolean;
  inferenceSettings: Partial<UserInferenceSettings> | null;
  /** The chat language (document 1 §2 profile "preferred chat language"); null when unset. */
  chatLanguage: string | null;
}

export function viewerSettingsOf(raw: { settings?: { blurNSFW?: unknown; inferenceSettings?: unknown; chatLanguage?: unknown } } | undefined): ChatViewerSettings {
  const inference = raw?.settings?.inferenceSettings;
  const language = raw?.settings?.chatLanguage;
  return {
    blurNSFW: raw?.settings?.blurNSFW !== false,
    inferenceSettings: inference && typeof inference === 'object' ? (inference as Partial<UserInferenceSettings>) : null,
    chatLanguage: typeof language === 'string' ? language : null,
  };
}

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The member's own settings (blurNSFW, inferenceSettings). */
    chat_viewerSettings: build.query<ChatViewerSettings, void>({
      query: () => ({ url: CHAT_USERS_CALLS.me.path, method: CHAT_USERS_CALLS.me.method }),
      transformResponse: viewerSettingsOf,
      providesTags: ['User'],
    }),
    chat_models: build.query<ChatModelsResult, void>({
      query: () => ({ url: CHAT_CALLS.models.path, method: CHAT_CALLS.models.method }),
    }),
    /** PATCH /v2/users {settings: {inferenceSettings}} (the whole object: sliders and model). */
    chat_saveInferenceSettings: build.mutation<ChatViewerSettings, UserInferenceSettings>({
      query: (inferenceSettings) => ({
        url: CHAT_USERS_CALLS.update.path,
        method: CHAT_USERS_CALLS.update.method,
        body: { settings: { inferenceSettings } },
      }),
      transformResponse: viewerSettingsOf,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(settingsApi.util.upsertQueryData('chat_viewerSettings', undefined, data));
        } catch {
          // the modal tells the user
        }
      },
      invalidatesTags: (result) => (result ? ['User'] : []),
    }),
  }),
});

export const { useChat_viewerSettingsQuery, useChat_modelsQuery, useChat_saveInferenceSettingsMutation } = settingsApi;
