import { readLocalStorage, removeLocalStorage, writeLocalStorage } from '../hooks/localStorageValue';

/**
 * Viewing the site as a member (document 1 §2: the red "Impersonate is Enabled" bar; §3: the impersonation flag is
 * stored locally; §7: every call carries the impersonate value when set). An admin starts it from the admin users
 * page; the host reads it at boot, sends it on every call (X-Impersonate) and shows the bar with a way out. The API
 * allows it to admins only, never into another admin, and read-only.
 */
export interface Impersonation {
  userId: string;
  username: string | null;
}

export const IMPERSONATION_KEY = 'fable.impersonation';

export function readImpersonation(): Impersonation | null {
  const value = readLocalStorage<Impersonation | null>(IMPERSONATION_KEY, null);
  return value && typeof value.userId === 'string' ? value : null;
}

/** Starts viewing the site as `target`: the whole app reloads on the home page as them. */
export function startImpersonation(target: Impersonation): void {
  writeLocalStorage(IMPERSONATION_KEY, target);
  window.location.assign('/');
}

/** Stops it: the app reloads as the admin, on `returnTo`. */
export function stopImpersonation(returnTo = '/'): void {
  removeLocalStorage(IMPERSONATION_KEY);
  window.location.assign(returnTo);
}
