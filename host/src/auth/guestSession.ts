import { GUEST_PERMISSIONS, type Permission } from '@fable/contracts';
import { becameGuest, readLocalStorageRaw, removeLocalStorage, type AppStore } from '@fable/shared';
import { authApi } from './authApi';

export const GUEST_ID_KEY = 'fable.guestUserId';

/** The guest id kept locally, or null. (Stored as plain text, as earlier releases did.) */
export function storedGuestUserId(storage: Storage | null = safeLocalStorage()): string | null {
  try {
    return storage?.getItem(GUEST_ID_KEY) || null;
  } catch {
    return readLocalStorageRaw(GUEST_ID_KEY);
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function keepGuestUserId(id: string, storage: Storage | null = safeLocalStorage()): void {
  try {
    storage?.setItem(GUEST_ID_KEY, id);
  } catch {
    // Private modes: the id lasts for this page only.
  }
}

/** Forgets the guest id (tests; a user who signs up keeps it). */
export function forgetGuestUserId(): void {
  removeLocalStorage(GUEST_ID_KEY);
}

type StoreLike = Pick<AppStore, 'dispatch'>;

/**
 * Starts the page as a guest (document 1 §4 "Anonymous users get a guest id"): the id kept locally, else a new
 * one from POST /v2/auth/guest (kept locally), else, when the API cannot be reached, a local uuid.
 */
export async function startGuestSession(store: StoreLike): Promise<void> {
  const existing = storedGuestUserId();
  if (existing) {
    store.dispatch(becameGuest({ guestUserId: existing, permissions: [...GUEST_PERMISSIONS] }));
    return;
  }
  const result = await store.dispatch(authApi.endpoints.host_createGuest.initiate());
  const issued = 'data' in result && result.data ? result.data : null;
  const id = issued?.guest_user_id ?? crypto.randomUUID();
  keepGuestUserId(id);
  const permissions = issued?.permissions.length ? (issued.permissions as Permission[]) : [...GUEST_PERMISSIONS];
  store.dispatch(becameGuest({ guestUserId: id, permissions }));
}
