import {
  fetchBaseQuery,
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

  refreshing ??= (async () => {
    const refreshed = await rawBaseQuery(
      { url: AUTH_REFRESH_PATH, method: 'POST', body: { refresh_token: session.refreshToken } },
      api,
      extra,
    );
    const data = refreshed.data as { token?: string; refresh_token?: string } | undefined;
    if (data?.token) {
      api.dispatch(tokensReceived({ accessToken: data.token, refreshToken: data.refresh_token }));
      return true;
    }
    api.dispatch(authenticationRequired());
    return false;
  })().finally(() => {
    refreshing = null;
  });

  if (await refreshing) result = await rawBaseQuery(args, api, extra);
  return result;
};
