import type { usersCalls } from '@fable/contracts';
import { api } from '@fable/shared';

const USERS_MODERATION_PATH: (typeof usersCalls)['moderation']['path'] = '/v2/users/moderation';

/** GET users/moderation (document 1 §7): when a temporary hold ends. Injected with the ban screen's chunk. */
export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    host_getModeration: build.query<{ expires_at: string | null }, void>({
      query: () => USERS_MODERATION_PATH,
      providesTags: ['User'],
    }),
  }),
});

export const { useHost_getModerationQuery } = moderationApi;
