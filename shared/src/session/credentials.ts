import { readLocalStorage, readLocalStorageRaw, removeLocalStorage, writeLocalStorage, writeLocalStorageRaw } from '../hooks/localStorageValue';

/**
 * The session's credentials as this device keeps them, shared by every tab of the site (a partner session excepted:
 * see PARTNER_SESSION_KEY): the tokens (document 1 §4 "Auth": kept across reloads) and the guest id. Where storage is blocked (privacy settings, sandboxed frames) they
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

/**
 * A partner session (document 1 §4 "Partner users authenticate via a token in session"; §3 "partner flag") is the
 * tab's own: the tab a partner's user arrived in keeps its tokens in sessionStorage (they survive a reload of that tab,
 * not its closing), and neither shares them with nor takes them from the device's other tabs. The flag says the tab
 * holds one; where sessionStorage is blocked, the tab keeps it in memory for the page.
 */
export const PARTNER_SESSION_KEY = 'fable.auth.partnerSession';

/** Values this tab could not write to sessionStorage (blocked), kept for the page. */
const tabMemory = new Map<string, string>();

function readTab(key: string): string | null {
  if (tabMemory.has(key)) return tabMemory.get(key) ?? null;
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeTab(key: string, value: string | null): void {
  tabMemory.delete(key);
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    if (value !== null) tabMemory.set(key, value);
  }
}

/** Whether this tab holds a partner session (its tokens are the tab's own). */
export function isPartnerTabSession(): boolean {
  return readTab(PARTNER_SESSION_KEY) === '1';
}

/** From now on this tab's tokens are its own (a partner's user signed in here): written and read in sessionStorage. */
export function startPartnerTabSession(): void {
  writeTab(PARTNER_SESSION_KEY, '1');
}

/** The tokens of this tab's partner session, or else the device's (shared by its tabs). */
export function readStoredTokens(): StoredTokens {
  if (isPartnerTabSession()) return { accessToken: readTab(ACCESS_TOKEN_KEY), refreshToken: readTab(REFRESH_TOKEN_KEY) };
  return { accessToken: asToken(readLocalStorage(ACCESS_TOKEN_KEY, null)), refreshToken: asToken(readLocalStorage(REFRESH_TOKEN_KEY, null)) };
}

/**
 * Writes both tokens (null removes). The refresh token goes last: other tabs act on its change and read both. In a
 * partner tab they go to the tab's storage; clearing them (sign-out, a refused refresh) ends the partner session.
 */
export function writeStoredTokens({ accessToken, refreshToken }: StoredTokens): void {
  if (isPartnerTabSession()) {
    writeTab(ACCESS_TOKEN_KEY, accessToken || null);
    writeTab(REFRESH_TOKEN_KEY, refreshToken || null);
    if (!accessToken && !refreshToken) writeTab(PARTNER_SESSION_KEY, null);
    return;
  }
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

/**
 * The last rotation of a refresh token (`from` was spent for `accessToken`/`refreshToken`), kept where every tab reads
 * what another wrote: IndexedDB. localStorage is not enough for the hand-over under the lock: Chromium caches it per
 * renderer process and passes writes to the other tabs' processes afterwards, so a tab that takes the lock just after
 * another refreshed can still read the spent token there. An IndexedDB transaction that completed before the lock was
 * let go is seen by every transaction after it. Where IndexedDB is missing or blocked: null (one tab, memory only).
 */
export interface TokenRotation {
  from: string;
  accessToken: string;
  refreshToken: string;
}

const ROTATION_DB = 'fable-credentials';
const ROTATION_STORE = 'rotations';
const ROTATION_KEY = 'last';

let rotationDb: Promise<IDBDatabase | null> | null = null;

function openRotationDb(): Promise<IDBDatabase | null> {
  rotationDb ??= new Promise<IDBDatabase | null>((resolve) => {
    try {
      const request = globalThis.indexedDB?.open(ROTATION_DB, 1);
      if (!request) return resolve(null);
      request.onupgradeneeded = () => request.result.createObjectStore(ROTATION_STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return rotationDb;
}

function inRotationStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  return openRotationDb().then(
    (db) =>
      new Promise<T | null>((resolve) => {
        if (!db) return resolve(null);
        try {
          const tx = db.transaction(ROTATION_STORE, mode);
          const request = work(tx.objectStore(ROTATION_STORE));
          tx.oncomplete = () => resolve(request.result ?? null);
          tx.onerror = () => resolve(null);
          tx.onabort = () => resolve(null);
        } catch {
          resolve(null);
        }
      }),
  );
}

/** The last rotation any tab recorded, or null. */
export function readLastRotation(): Promise<TokenRotation | null> {
  return inRotationStore<TokenRotation | undefined>('readonly', (store) => store.get(ROTATION_KEY) as IDBRequest<TokenRotation | undefined>).then(
    (value) => value ?? null,
  );
}

/** Records a rotation; resolves once it is committed (before the refreshing tab lets the lock go). */
export async function recordRotation(rotation: TokenRotation): Promise<void> {
  await inRotationStore('readwrite', (store) => store.put(rotation, ROTATION_KEY));
}

/**
 * The attempt id of this device's refresh of `from` (contracts RefreshAttemptIdSchema): the same one each time the
 * same token is refreshed again, across reloads, so that the API takes a refresh whose answer a reload cut off for a
 * retry and not for a replay. Kept with the rotations (IndexedDB), committed before the refresh is sent; where
 * IndexedDB is missing, in memory for the page.
 */
export interface RefreshAttempt {
  from: string;
  id: string;
}

const ATTEMPT_KEY = 'attempt';
let attemptInMemory: RefreshAttempt | null = null;

const newAttemptId = () => Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export async function refreshAttemptFor(from: string): Promise<string> {
  const stored = (await inRotationStore<RefreshAttempt | undefined>('readonly', (store) => store.get(ATTEMPT_KEY) as IDBRequest<RefreshAttempt | undefined>)) ?? attemptInMemory;
  if (stored?.from === from) return stored.id;
  const attempt = { from, id: newAttemptId() };
  attemptInMemory = attempt;
  await inRotationStore('readwrite', (store) => store.put(attempt, ATTEMPT_KEY));
  return attempt.id;
}
