import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { API_BASE, API_HEADERS, AUTH_REFRESH_PATH } from '@fable/contracts';
import { readLastRotation, readStoredGuestId, readStoredTokens, recordRotation, refreshAttemptFor, withCredentialLock, writeStoredGuestId } from '../session/credentials';
import { authenticationRequired, guestIdRenewed, tokensReceived, type SessionState } from '../session/sessionSlice';
import { apiErrorOf } from './apiError';

type StateWithSession = { session: SessionState };

/** POST: a new guest id (document 1 §4 "Anonymous users get a guest id"). */
const AUTH_GUEST_PATH = '/v2/auth/guest';

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

type StoreApi = Pick<BaseQueryApi, 'dispatch' | 'getState'>;

/** A call of its own, not the caller's: one caller aborting must not stop the renewal the others wait on. */
function ownCall(api: StoreApi, endpoint: string): BaseQueryApi {
  return { ...api, extra: undefined, endpoint, type: 'mutation', signal: new AbortController().signal, abort: () => undefined };
}

let refreshing: Promise<boolean> | null = null;

/**
 * Gets the session a working access token after `failedAccessToken` was refused. Single flight in the tab (every 401
 * under way shares one) and across tabs (the credential lock): refresh tokens rotate, and a token spent twice is taken
 * for theft and ends the session. Under the lock it first reads the last rotation any tab recorded (IndexedDB) and
 * the stored tokens: when another tab spent this tab's refresh token meanwhile, its result is taken and nothing is
 * sent. A refresh records its rotation before the lock is let go. Otherwise POST AUTH_REFRESH_PATH, then `tokensReceived` (which the
 * host writes through to storage before the lock is let go).
 * - Resolves true when the session holds a fresh access token.
 * - Resolves false after `authenticationRequired` when the API says the refresh token is no good (401).
 * - Resolves false and keeps the tokens when the refresh could not be done now (network, 429, 5xx): the member stays
 *   signed in and a later call tries again.
 */
function refreshAccessToken(api: StoreApi, failedAccessToken: string | null): Promise<boolean> {
  refreshing ??= withCredentialLock(async () => {
    const { dispatch, getState } = api;
    const session = (getState() as StateWithSession).session;
    // Another tab spent this tab's refresh token while this one waited for the lock: take what it got.
    const rotation = session.refreshToken ? await readLastRotation() : null;
    if (rotation && rotation.from === session.refreshToken) {
      dispatch(tokensReceived({ accessToken: rotation.accessToken, refreshToken: rotation.refreshToken }));
      return true;
    }
    const stored = readStoredTokens();
    if (stored.refreshToken && stored.accessToken && session.refreshToken && stored.refreshToken !== session.refreshToken) {
      dispatch(tokensReceived({ accessToken: stored.accessToken, refreshToken: stored.refreshToken }));
      return true;
    }
    if (session.accessToken && session.accessToken !== failedAccessToken) return true;
    if (!session.refreshToken) return false;
    // Named before it is sent: a reload that cuts off the answer retries it under the same name (not a replay).
    const attemptId = await refreshAttemptFor(session.refreshToken);
    const refreshed = await rawBaseQuery(
      { url: AUTH_REFRESH_PATH, method: 'POST', body: { refresh_token: session.refreshToken, attempt_id: attemptId } },
      ownCall(api, 'renewAccessToken'),
      {},
    );
    const data = refreshed.data as { token?: string; refresh_token?: string } | undefined;
    if (data?.token) {
      dispatch(tokensReceived({ accessToken: data.token, refreshToken: data.refresh_token }));
      if (data.refresh_token) await recordRotation({ from: session.refreshToken, accessToken: data.token, refreshToken: data.refresh_token });
      return true;
    }
    if (refreshed.error?.status === 401) dispatch(authenticationRequired());
    return false;
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A guest id as the API issued it (or as another tab already had it: then no permissions come with it). */
export interface IssuedGuestId {
  guestUserId: string;
  permissions: string[];
}

let issuingGuest: Promise<IssuedGuestId | null> | null = null;

/**
 * A guest id from POST /v2/auth/guest (document 1 §4 "Anonymous users get a guest id"), kept locally, unless another
 * tab already keeps one other than `failedGuestId`: single flight in the tab (a first visit's and every refused
 * call's share one) and across tabs like the refresh. Resolves null when the API could not be reached.
 */
function issueGuest(api: StoreApi, failedGuestId: string | null): Promise<IssuedGuestId | null> {
  issuingGuest ??= withCredentialLock(async (): Promise<IssuedGuestId | null> => {
    const stored = readStoredGuestId();
    if (stored && stored !== failedGuestId) {
      api.dispatch(guestIdRenewed(stored));
      return { guestUserId: stored, permissions: [] };
    }
    const issued = await rawBaseQuery({ url: AUTH_GUEST_PATH, method: 'POST' }, ownCall(api, 'issueGuestId'), {});
    const answer = issued.data as { guest_user_id?: string; permissions?: string[] } | undefined;
    if (!answer?.guest_user_id) return null;
    writeStoredGuestId(answer.guest_user_id);
    api.dispatch(guestIdRenewed(answer.guest_user_id));
    return { guestUserId: answer.guest_user_id, permissions: answer.permissions ?? [] };
  }).finally(() => {
    issuingGuest = null;
  });
  return issuingGuest;
}

/**
 * Replaces a guest id the API refused (401 invalid_guest_id: forged, another brand's, or an older release's unsigned
 * one), or gets a guest who has none their first, unless another tab already did.
 */
function renewGuestId(api: StoreApi, failedGuestId: string | null): Promise<boolean> {
  return issueGuest(api, failedGuestId).then((issued) => issued !== null);
}

/**
 * A first visit's guest id (the host starts the page as a guest at once and asks for the id beside it): the one call
 * every refused or waiting call shares. Resolves null when the API could not be reached.
 */
export function issueGuestId(): ThunkAction<Promise<IssuedGuestId | null>, StateWithSession, unknown, UnknownAction> {
  return (dispatch, getState) => issueGuest({ dispatch, getState }, null);
}

/**
 * Renews what a call outside RTK Query (the chat stream) was refused for with a 401: the access token of a member (or
 * the guest id of a guest). Resolves true when the session holds fresh credentials, false otherwise (no refresh token,
 * the refresh failed, or the API could not be reached). Shares one renewal with baseQuery's own and other tabs'.
 * `failedAccessToken`: the token the refused call carried (default: the session's current one).
 */
export function renewAccessToken(failedAccessToken?: string | null): ThunkAction<Promise<boolean>, StateWithSession, unknown, UnknownAction> {
  return (dispatch, getState) => {
    const { session } = getState();
    if (session.refreshToken) return refreshAccessToken({ dispatch, getState }, failedAccessToken === undefined ? session.accessToken : failedAccessToken);
    if (session.status === 'guest') return renewGuestId({ dispatch, getState }, session.guestUserId);
    return Promise.resolve(false);
  };
}

/** What an endpoint tells the base query (its `extraOptions`). */
export interface BaseQueryOptions {
  /**
   * A read anyone may make (access `visitor` or `public`: the listing, a chatbot's profile, the app settings): sent at
   * once, not after a first visit's guest id, so the first screen does not wait a round trip for it.
   */
  withoutGuestId?: boolean;
}

/**
 * Adds what every call carries and, on a 401, renews the credentials once and retries: a member's access token
 * (refreshed), or a guest id the API does not accept (a new one). Concurrent 401s share one renewal, in this tab and
 * across tabs. A refresh the API refuses moves the session to "authentication required".
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, BaseQueryOptions> = async (args, api, extra = {}) => {
  // A guest whose id is on its way: a call that needs it waits for it rather than be refused and sent again.
  const before = (api.getState() as StateWithSession).session;
  if (!extra.withoutGuestId && before.status === 'guest' && !before.guestUserId && issuingGuest) await issuingGuest;
  const sent = (api.getState() as StateWithSession).session;
  let result = await rawBaseQuery(args, api, extra);
  const url = typeof args === 'string' ? args : args.url;
  if (result.error?.status !== 401 || url === AUTH_REFRESH_PATH || url === AUTH_GUEST_PATH) return result;

  const { session } = api.getState() as StateWithSession;
  let renewed = false;
  const { code } = apiErrorOf(result.error);
  // A guest whose id the API refused, or who has none yet (the API was out of reach when the page started).
  const guestRefused = code === 'invalid_guest_id' || (code === 'unauthenticated' && session.status === 'guest' && !sent.guestUserId);
  if (guestRefused && !session.refreshToken) renewed = await renewGuestId(api, sent.guestUserId);
  else if (session.refreshToken) renewed = await refreshAccessToken(api, sent.accessToken);
  if (renewed) result = await rawBaseQuery(args, api, extra);
  return result;
};
