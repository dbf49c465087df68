import { writeStoredTokens, type AppStore } from '@fable/shared';

// The keys and readers live in @fable/shared (the base query reads the newest tokens before it refreshes).
// A partner session's tokens are its tab's own (sessionStorage): PARTNER_SESSION_KEY marks the tab that holds one.
export {
  ACCESS_TOKEN_KEY,
  PARTNER_SESSION_KEY,
  REFRESH_TOKEN_KEY,
  clearStoredTokens,
  isPartnerTabSession,
  readStoredTokens,
  startPartnerTabSession,
  writeStoredTokens,
  type StoredTokens,
} from '@fable/shared';

/**
 * Keeps the stored tokens (the device's, or a partner tab's own) equal to the session's: a login, a refresh on 401
 * (baseQuery's `tokensReceived`), a sign-out or a failed refresh (tokens cleared) are all written through,
 * synchronously, inside the dispatch (so a refresh's new tokens are stored before its cross-tab lock is let go).
 * Returns the unsubscribe.
 */
export function persistSessionTokens(store: Pick<AppStore, 'getState' | 'subscribe'>): () => void {
  let { accessToken, refreshToken } = store.getState().session;
  return store.subscribe(() => {
    const session = store.getState().session;
    if (session.accessToken === accessToken && session.refreshToken === refreshToken) return;
    accessToken = session.accessToken;
    refreshToken = session.refreshToken;
    writeStoredTokens({ accessToken, refreshToken });
  });
}
