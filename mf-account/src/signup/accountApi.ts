import { api } from '@fable/shared';
import { usersCalls, type SessionUser as ApiUser, type UserUpdate } from '@fable/contracts';

export interface SignUpRequest {
  username: string;
  name: string;
  email?: string;
  age: true;
  toc: true;
  affiliate_id?: string;
  tap_tracking_id?: string;
}

export interface UsernameCheck {
  isAvailable: boolean;
  /** The spec's text when it is not available (rules, reserved or taken). */
  message?: string;
}

/** The account remote's calls (document 1 §7), on the paths of contracts/src/api/users.ts. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    account_checkUsername: build.mutation<UsernameCheck, { username: string }>({
      query: (body) => ({ url: usersCalls.checkUsername.path, method: usersCalls.checkUsername.method, body }),
    }),
    account_signUp: build.mutation<ApiUser, SignUpRequest>({
      query: (body) => ({ url: usersCalls.signUp.path, method: usersCalls.signUp.method, body }),
      invalidatesTags: ['User'],
    }),
    account_updateUser: build.mutation<ApiUser, UserUpdate>({
      query: (body) => ({ url: usersCalls.update.path, method: usersCalls.update.method, body }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useAccount_checkUsernameMutation, useAccount_signUpMutation, useAccount_updateUserMutation } = accountApi;
