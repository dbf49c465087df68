import type { SignInResult } from '@fable/contracts';
import {
  api,
  apiErrorOf,
  notify,
  removeLocalStorage,
  sessionFromUser,
  signedIn,
  stopImpersonation,
  tokensReceived,
  type AppStore,
  type SessionUser,
} from '@fable/shared';
import { authApi, LOGIN_CODE_PARAM, LOGIN_ERROR_PARAM } from './authApi';
import { authEventFor, trackAuthEvent } from './authEvents';
import { startGuestSession } from './guestSession';
import { hasPartnerEntryParams, PARTNER_ENTRY_PARAMS, readPartnerEntry } from './partnerEntryParams';
import { RETURN_PATH_KEY } from './returnPath';
import { clearStoredTokens, readStoredTokens } from './tokenStorage';

type StoreLike = Pick<AppStore, 'dispatch' | 'getState'>;

/** A signed-in account the API calls invalid, deleted or suspended: gating sends it to /user-not-found. */
const INVALID_USER: SessionUser = { id: 'invalid', username: null, name: null, avatarUrl: null, tier: 'free', roles: [], isInvalid: true };

/**
 * Loads the signed-in user (GET /v2/users) and signs the session in. Returns false when it cannot be loaded
 * (the caller falls back to a guest).
 */
export async function loadSessionUser(store: StoreLike): Promise<boolean> {
  const request = store.dispatch(authApi.endpoints.host_getMe.initiate(undefined, { forceRefetch: true, subscribe: false }));
  const result = await request;
  if (result.data) {
    store.dispatch(signedIn(sessionFromUser(result.data)));
    return true;
  }
  const code = apiErrorOf(result.error).code;
  // The member an admin views the site as is gone or became an admin (the API refuses): back to the admin's own view.
  if (store.getState().session.impersonate && (code === 'user_not_found' || code === 'admin_protected')) {
    stopImpersonation();
    return true;
  }
  if (code === 'invalid_account') {
    store.dispatch(signedIn({ user: INVALID_USER, permissions: [] }));
    return true;
  }
  return false;
}

/** A completed sign-in (email code, social or partner): keeps the tokens, signs the user in, logs login or sign-up. */
export function completeSignIn(store: StoreLike, result: Pick<SignInResult, 'token' | 'refresh_token' | 'user'>, method: 'email' | 'social' | 'partner'): void {
  store.dispatch(tokensReceived({ accessToken: result.token, refreshToken: result.refresh_token }));
  // Whatever was cached for the guest (favourites, chats) is not this user's.
  store.dispatch(api.util.invalidateTags(['User', 'Character', 'Conversation', 'Persona', 'Lorebook', 'Memory', 'Message']));
  store.dispatch(signedIn(sessionFromUser(result.user)));
  trackAuthEvent(authEventFor(result.user.username), { method }, store.dispatch);
}

/**
 * An error toast with one of the sign-in texts. The texts come with the overlay's chunk: these toasts are rare,
 * and the catalogue of messages stays off the shell's critical path.
 */
export function notifyAuthError(which: 'authFailed' | 'networking' | 'tokenRefresh'): Promise<void> {
  return import('./signInTexts').then(
    ({ SIGN_IN_TEXTS }) => {
      notify.error(SIGN_IN_TEXTS[which]);
    },
    (error: unknown) => console.error('[fable] sign-in texts could not be loaded', error),
  );
}

/** Removes sign-in parameters (a social sign-in's, a partner's arrival) from the address, keeping the rest. */
function stripParams(location: Location, history: History, names: readonly string[]): void {
  const url = new URL(location.href);
  for (const name of names) url.searchParams.delete(name);
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

/** Waits between boot attempts while the API cannot be reached: 1, 2, 4, 8, 15, then every 30 seconds. */
export const BOOT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface ResolveSessionOptions {
  location?: Location;
  history?: History;
  /** The waits between attempts to load the signed-in user (tests shorten them); the last one repeats. */
  retryDelaysMs?: readonly number[];
}

/**
 * Resolves the session at boot (document 1 §4 "Auth"), while the page shows the loading state:
 * - a partner user arriving (partner mode, `/external?external_id=…&partner_token=…`): signed in, in a session of the
 *   tab's own (partnerEntry's enterAsPartner, loaded only then);
 * - back from a social sign-in with `?login_code=`: exchanged for tokens and the user (`?login_error=`: an error toast);
 * - stored tokens: the user is loaded (GET /v2/users) with them; an expired access token is refreshed by the base
 *   query under the cross-tab lock, so a tab never spends a refresh token another tab already spent. Only the API's
 *   "this refresh token is no good" signs out; a network error, 429 or 5xx keeps the tokens and tries again with
 *   backoff (the member stays who they are);
 * - otherwise, or when the refresh is refused: a guest (the id kept locally, else POST /v2/auth/guest).
 */
export async function resolveSession(store: StoreLike, options: ResolveSessionOptions = {}): Promise<void> {
  const { location = window.location, history = window.history, retryDelaysMs = BOOT_RETRY_DELAYS_MS } = options;
  const params = new URLSearchParams(location.search);
  const loginCode = params.get(LOGIN_CODE_PARAM);
  const loginError = params.get(LOGIN_ERROR_PARAM);
  if (loginCode || loginError) stripParams(location, history, [LOGIN_CODE_PARAM, LOGIN_ERROR_PARAM]);
  // The partner's token never stays in the address (history, bookmarks, shared links), used or not.
  const partnerEntry = store.getState().session.partnerMode ? readPartnerEntry(params) : null;
  if (hasPartnerEntryParams(params)) stripParams(location, history, Object.values(PARTNER_ENTRY_PARAMS));
  if (partnerEntry && (await import('./partnerEntry').then((m) => m.enterAsPartner(store, partnerEntry)))) return;

  if (loginCode) {
    const result = await store.dispatch(authApi.endpoints.host_completeOidc.initiate({ login_code: loginCode }));
    if (result.data) {
      completeSignIn(store, result.data, 'social');
      // The browser came back to the page sign-in started from (its return_to): the stored return path is spent.
      removeLocalStorage(RETURN_PATH_KEY);
      return;
    }
    void notifyAuthError('authFailed');
  } else if (loginError) {
    void notifyAuthError('authFailed');
  }

  const stored = readStoredTokens();
  if (stored.refreshToken) {
    store.dispatch(tokensReceived({ accessToken: stored.accessToken, refreshToken: stored.refreshToken }));
    for (let attempt = 0; ; attempt++) {
      if (await loadSessionUser(store)) return;
      // Refused (the refresh token is spent, revoked or expired): the session cleared its tokens.
      if (!store.getState().session.refreshToken) break;
      if (attempt === 0) void notifyAuthError('networking');
      await wait(retryDelaysMs[Math.min(attempt, retryDelaysMs.length - 1)] ?? 30_000);
    }
  }
  await startGuestSession(store);
}

export interface SignOutOptions {
  /** Partner mode's logout domain (document 1 §4 "Logout may go to a configured logout domain in partner mode"). */
  logoutDomain?: string | null;
  /** Leaves the page for the logout domain; injectable for tests. */
  assign?: (url: string) => void;
}

/**
 * Signs out: POST /v2/auth/logout with the refresh token (its failure only logged), clears the tokens and the
 * cached data, and continues as a guest. Returns true when the page is leaving for the partner's logout domain.
 */
export async function signOut(store: StoreLike, { logoutDomain, assign = (url) => window.location.assign(url) }: SignOutOptions = {}): Promise<boolean> {
  const { refreshToken } = store.getState().session;
  const result = await store.dispatch(authApi.endpoints.host_logout.initiate(refreshToken ? { refresh_token: refreshToken } : {}));
  if ('error' in result && result.error) console.warn('[fable] logout call failed', result.error);
  clearStoredTokens();
  store.dispatch(api.util.resetApiState());
  await startGuestSession(store);
  if (logoutDomain) {
    assign(logoutDomain);
    return true;
  }
  return false;
}
