import { readLocalStorage, removeLocalStorage, writeLocalStorage, type AppStore } from '@fable/shared';

/** Tokens are kept across reloads in localStorage (document 1 §4 "Auth"). */
export const ACCESS_TOKEN_KEY = 'fable.auth.accessToken';
export const REFRESH_TOKEN_KEY = 'fable.auth.refreshToken';

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

const asToken = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);

export function readStoredTokens(): StoredTokens {
  return { accessToken: asToken(readLocalStorage(ACCESS_TOKEN_KEY, null)), refreshToken: asToken(readLocalStorage(REFRESH_TOKEN_KEY, null)) };
}

export function writeStoredTokens({ accessToken, refreshToken }: StoredTokens): void {
  if (accessToken) writeLocalStorage(ACCESS_TOKEN_KEY, accessToken);
  else removeLocalStorage(ACCESS_TOKEN_KEY);
  if (refreshToken) writeLocalStorage(REFRESH_TOKEN_KEY, refreshToken);
  else removeLocalStorage(REFRESH_TOKEN_KEY);
}

export function clearStoredTokens(): void {
  writeStoredTokens({ accessToken: null, refreshToken: null });
}

/**
 * Keeps the stored tokens equal to the session's: a login, a refresh on 401 (baseQuery's `tokensReceived`),
 * a sign-out or a failed refresh (tokens cleared) are all written through. Returns the unsubscribe.
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
