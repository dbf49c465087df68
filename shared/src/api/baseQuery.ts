import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { API_BASE, API_HEADERS, AUTH_REFRESH_PATH } from '@fable/contracts';
import { authenticationRequired, tokensReceived, type SessionState } from '../session/sessionSlice';

type StateWithSession = { session: SessionState };

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  credentials: 'include', // the country cookie
  prepareHeaders(headers, { getState }) {
    const { session } = getState() as StateWithSession;
    if (session.accessToken) headers.set(API_HEADERS.authorization, `Bearer ${session.accessToken}`);
    if (session.guestUserId) headers.set(API_HEADERS.guestUserId, session.guestUserId);
    if (session.applicationId) headers.set(API_HEADERS.applicationId, session.applicationId);
    if (session.impersonate) headers.set(API_HEADERS.impersonate, session.impersonate);
    return headers;
  },
});

let refreshing: Promise<boolean> | null = null;

/**
 * Refreshes the access token with the session's refresh token: POST AUTH_REFRESH_PATH, then `tokensReceived`, or
 * `authenticationRequired` when the refresh fails. Single flight: refresh tokens rotate, so every caller that asks
 * while a refresh is under way (baseQuery's 401s, `renewAccessToken`) shares that one. Resolves true when the session
 * holds a fresh access token; false (with nothing sent) when there is no refresh token.
 */
function refreshAccessToken({ dispatch, getState }: Pick<BaseQueryApi, 'dispatch' | 'getState'>): Promise<boolean> {
  refreshing ??= (async () => {
    const { refreshToken } = (getState() as StateWithSession).session;
    if (!refreshToken) return false;
    // Its own call, not the caller's: one caller aborting must not stop the refresh the others wait on.
    const refreshApi: BaseQueryApi = {
      dispatch,
      getState,
      extra: undefined,
      endpoint: 'renewAccessToken',
      type: 'mutation',
      signal: new AbortController().signal,
      abort: () => undefined,
    };
    const refreshed = await rawBaseQuery({ url: AUTH_REFRESH_PATH, method: 'POST', body: { refresh_token: refreshToken } }, refreshApi, {});
    const data = refreshed.data as { token?: string; refresh_token?: string } | undefined;
    if (data?.token) {
      dispatch(tokensReceived({ accessToken: data.token, refreshToken: data.refresh_token }));
      return true;
    }
    dispatch(authenticationRequired());
    return false;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Refreshes the access token for a call that is no RTK Query call (the chat stream) and got a 401: dispatch it.
 * Resolves true when a fresh access token is in the session, false otherwise (no refresh token, or the refresh failed
 * and the session now needs a sign-in). Shares one refresh with baseQuery's own and with concurrent callers.
 */
export function renewAccessToken(): ThunkAction<Promise<boolean>, StateWithSession, unknown, UnknownAction> {
  return (dispatch, getState) => refreshAccessToken({ dispatch, getState });
}

/**
 * Adds what every call carries and, on a 401 while signed in, refreshes the access token once and
 * retries. Concurrent 401s share one refresh. A failed refresh moves the session to
 * "authentication required".
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  let result = await rawBaseQuery(args, api, extra);
  const url = typeof args === 'string' ? args : args.url;
  if (result.error?.status !== 401 || url === AUTH_REFRESH_PATH) return result;
  const { session } = api.getState() as StateWithSession;
  if (!session.refreshToken) return result;

  if (await refreshAccessToken(api)) result = await rawBaseQuery(args, api, extra);
  return result;
};
