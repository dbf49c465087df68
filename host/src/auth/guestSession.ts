import { GUEST_PERMISSIONS, type Permission } from '@fable/contracts';
import { becameGuest, GUEST_ID_KEY, readStoredGuestId, writeStoredGuestId, type AppStore } from '@fable/shared';
import { authApi } from './authApi';

export { GUEST_ID_KEY };

type StoreLike = Pick<AppStore, 'dispatch'>;

let starting: Promise<void> | null = null;

/**
 * Starts the page as a guest (document 1 §4 "Anonymous users get a guest id"): the id kept locally, else a new one
 * from POST /v2/auth/guest (kept locally). The API signs the ids it issues and refuses others, so none is made up
 * here: when the API cannot be reached the guest has no id yet, and the first call the API refuses gets one
 * (baseQuery). One start at a time (boot and a refused refresh may both ask).
 */
export function startGuestSession(store: StoreLike): Promise<void> {
  starting ??= (async () => {
    const existing = readStoredGuestId();
    if (existing) {
      store.dispatch(becameGuest({ guestUserId: existing, permissions: [...GUEST_PERMISSIONS] }));
      return;
    }
    const result = await store.dispatch(authApi.endpoints.host_createGuest.initiate());
    const issued = 'data' in result && result.data ? result.data : null;
    if (issued) writeStoredGuestId(issued.guest_user_id);
    const permissions = issued?.permissions.length ? (issued.permissions as Permission[]) : [...GUEST_PERMISSIONS];
    store.dispatch(becameGuest({ guestUserId: issued?.guest_user_id ?? null, permissions }));
  })().finally(() => {
    starting = null;
  });
  return starting;
}
