import { GUEST_PERMISSIONS, type Permission } from '@fable/contracts';
import { becameGuest, GUEST_ID_KEY, issueGuestId, readStoredGuestId, type AppStore } from '@fable/shared';

export { GUEST_ID_KEY };

type StoreLike = Pick<AppStore, 'dispatch' | 'getState'>;

let starting: Promise<void> | null = null;

/**
 * Starts the page as a guest (document 1 §4 "Anonymous users get a guest id"): the id kept locally, else a new one
 * from POST /v2/auth/guest (kept locally). A first visit is a guest at once, its id on its way: the reads anyone may
 * make (the listing, a profile) go now, the calls that need the id wait for it in the base query. The API signs the
 * ids it issues and refuses others, so none is made up here: when the API cannot be reached the guest has no id yet,
 * and the first call the API refuses gets one (baseQuery). One start at a time (boot and a refused refresh may both
 * ask).
 */
export function startGuestSession(store: StoreLike): Promise<void> {
  starting ??= (async () => {
    const existing = readStoredGuestId();
    if (existing) {
      store.dispatch(becameGuest({ guestUserId: existing, permissions: [...GUEST_PERMISSIONS] }));
      return;
    }
    store.dispatch(becameGuest({ guestUserId: null, permissions: [...GUEST_PERMISSIONS] }));
    const issued = await store.dispatch(issueGuestId());
    // The issued permissions, unless the visitor signed in meanwhile.
    const { session } = store.getState();
    if (issued?.permissions.length && session.status === 'guest' && session.guestUserId === issued.guestUserId) {
      store.dispatch(becameGuest({ guestUserId: issued.guestUserId, permissions: issued.permissions as Permission[] }));
    }
  })().finally(() => {
    starting = null;
  });
  return starting;
}
