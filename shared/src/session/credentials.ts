import { readLocalStorage, readLocalStorageRaw, removeLocalStorage, writeLocalStorage, writeLocalStorageRaw } from '../hooks/localStorageValue';

/**
 * The session's credentials as this device keeps them, shared by every tab of the site: the tokens (document 1 §4
 * "Auth": kept across reloads) and the guest id. Where storage is blocked (privacy settings, sandboxed frames) they
 * live in memory for the page (localStorageValue's fallback), so the site still works for the visit.
 */
export const ACCESS_TOKEN_KEY = 'fable.auth.accessToken';
export const REFRESH_TOKEN_KEY = 'fable.auth.refreshToken';
/** Stored as plain text, as earlier releases did. */
export const GUEST_ID_KEY = 'fable.guestUserId';

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

const asToken = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);

export function readStoredTokens(): StoredTokens {
  return { accessToken: asToken(readLocalStorage(ACCESS_TOKEN_KEY, null)), refreshToken: asToken(readLocalStorage(REFRESH_TOKEN_KEY, null)) };
}

/** Writes both tokens (null removes). The refresh token goes last: other tabs act on its change and read both. */
export function writeStoredTokens({ accessToken, refreshToken }: StoredTokens): void {
  if (accessToken) writeLocalStorage(ACCESS_TOKEN_KEY, accessToken);
  else removeLocalStorage(ACCESS_TOKEN_KEY);
  if (refreshToken) writeLocalStorage(REFRESH_TOKEN_KEY, refreshToken);
  else removeLocalStorage(REFRESH_TOKEN_KEY);
}

export function clearStoredTokens(): void {
  writeStoredTokens({ accessToken: null, refreshToken: null });
}

/** The guest id kept on this device (in memory for the page where storage is blocked). */
export function readStoredGuestId(): string | null {
  return readLocalStorageRaw(GUEST_ID_KEY) || null;
}

export function writeStoredGuestId(id: string | null): void {
  writeLocalStorageRaw(GUEST_ID_KEY, id);
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/**
 * Runs `work` while no other tab of this site runs credential work (a refresh, a guest id renewal): refresh tokens
 * rotate, so two tabs spending the same one would look like theft to the API and end the session. Web Locks span every
 * tab of the origin; where they are missing (old browsers, some embedded views) the work runs at once.
 */
export function withCredentialLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as (Navigator & { locks?: LockManagerLike }) | undefined)?.locks;
  if (!locks?.request) return work();
  return locks.request('fable.credentials', work);
}
