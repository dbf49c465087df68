import { api } from '@fable/shared';
import type {
  LOGIN_CODE_PARAM as CONTRACT_LOGIN_CODE_PARAM,
  LOGIN_ERROR_PARAM as CONTRACT_LOGIN_ERROR_PARAM,
  OidcProvider,
  SessionUser as ApiUser,
  SignInResult,
  TokenPair,
  authCalls,
  usersCalls,
} from '@fable/contracts';

// The paths are checked against the call contracts (contracts/src/api) at compile time only: importing the
// contracts' call objects at run time would put classic zod on the shell's critical path (docs/adr/0001).
type Calls = typeof authCalls;
export const AUTH_PATHS: { [K in keyof Calls]: Calls[K]['path'] } = {
  requestEmailCode: '/v2/auth/email-code',
  verifyEmailCode: '/v2/auth/email-code/verify',
  refresh: '/v2/auth/refresh',
  logout: '/v2/auth/logout',
  providers: '/v2/auth/providers',
  oidcStart: '/v2/auth/oidc/:provider/start',
  oidcCallback: '/v2/auth/oidc/:provider/callback',
  oidcFormPostCallback: '/v2/auth/oidc/:provider/callback',
  oidcComplete: '/v2/auth/oidc/complete',
  guest: '/v2/auth/guest',
};
export const USERS_ME_PATH: (typeof usersCalls)['me']['path'] = '/v2/users';

/** The query parameters a social sign-in comes back with (contracts' LOGIN_CODE_PARAM, LOGIN_ERROR_PARAM). */
export const LOGIN_CODE_PARAM: typeof CONTRACT_LOGIN_CODE_PARAM = 'login_code';
export const LOGIN_ERROR_PARAM: typeof CONTRACT_LOGIN_ERROR_PARAM = 'login_error';

export interface AuthProvider {
  id: OidcProvider;
  name: string;
  start_url: string;
}

/** The shell's auth calls (document 1 §4 "Auth", "Sign-in"; §7), injected into the one api. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    host_requestEmailCode: build.mutation<{ sent: true; expires_in: number }, { email: string }>({
      query: (body) => ({ url: AUTH_PATHS.requestEmailCode, method: 'POST', body }),
    }),
    host_verifyEmailCode: build.mutation<SignInResult, { email: string; code: string }>({
      query: (body) => ({ url: AUTH_PATHS.verifyEmailCode, method: 'POST', body }),
    }),
    host_completeOidc: build.mutation<SignInResult, { login_code: string }>({
      query: (body) => ({ url: AUTH_PATHS.oidcComplete, method: 'POST', body }),
    }),
    host_getProviders: build.query<AuthProvider[], void>({
      query: () => AUTH_PATHS.providers,
      transformResponse: (raw: { providers?: AuthProvider[] }) => raw.providers ?? [],
    }),
    host_refresh: build.mutation<TokenPair, { refresh_token: string }>({
      query: (body) => ({ url: AUTH_PATHS.refresh, method: 'POST', body }),
    }),
    host_logout: build.mutation<{ ok: true }, { refresh_token?: string }>({
      query: (body) => ({ url: AUTH_PATHS.logout, method: 'POST', body }),
    }),
    host_getMe: build.query<ApiUser, void>({
      query: () => USERS_ME_PATH,
      providesTags: ['User'],
    }),
  }),
});

export const {
  useHost_requestEmailCodeMutation,
  useHost_verifyEmailCodeMutation,
  useHost_getProvidersQuery,
} = authApi;
