import { api } from '@fable/shared';
import { usersCalls, type ProfileUpdate, type SessionUser as ApiUser } from '@fable/contracts';

/**
 * The profile page's calls (document 1 §7), on the paths of contracts/src/api/users.ts: the signed-in user
 * (GET /v2/users, for the fields the session does not keep: highlights, OpenAI settings, settings), the profile
 * update v2 (PUT /v2/users/profile) and the account deletion (DELETE /v2/users). Settings go through
 * `account_updateUser` (PATCH /v2/users) of the signup module.
 */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    account_me: build.query<ApiUser, void>({
      query: () => ({ url: usersCalls.me.path, method: usersCalls.me.method }),
      providesTags: ['User'],
    }),
    account_updateProfile: build.mutation<ApiUser, ProfileUpdate>({
      query: (body) => ({ url: usersCalls.updateProfile.path, method: usersCalls.updateProfile.method, body }),
      // The answer is the fresh user: put it in the cache instead of asking again.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(profileApi.util.upsertQueryData('account_me', undefined, data));
        } catch {
          // the form shows the error
        }
      },
    }),
    account_removeAccount: build.mutation<{ deleted: true }, void>({
      query: () => ({ url: usersCalls.remove.path, method: usersCalls.remove.method }),
    }),
  }),
});

export const { useAccount_meQuery, useAccount_updateProfileMutation, useAccount_removeAccountMutation } = profileApi;
