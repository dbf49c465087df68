import { GUEST_PERMISSIONS } from '@fable/contracts';
import { becameGuest, type AppStore } from '@fable/shared';

const KEY = 'fable.guestUserId';

/** The anonymous visitor's id, made once per browser and kept locally. */
export function guestUserId(storage: Storage = window.localStorage): string {
  try {
    const existing = storage.getItem(KEY);
    if (existing) return existing;
    const id = crypto.randomUUID();
    storage.setItem(KEY, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

/** Starts the page as a guest with the guest permissions (document 1 §6). */
export function startGuestSession(store: AppStore): void {
  store.dispatch(becameGuest({ guestUserId: guestUserId(), permissions: [...GUEST_PERMISSIONS] }));
}
