import {
  api,
  GUEST_ID_KEY,
  guestIdRenewed,
  readStoredGuestId,
  readStoredTokens,
  REFRESH_TOKEN_KEY,
  tokensReceived,
  type AppStore,
} from '@fable/shared';

type StoreLike = Pick<AppStore, 'dispatch' | 'getState'>;

export interface OtherTabHandlers {
  /** Another tab signed in (or in as someone else): load the user of the tokens now in the session. */
  signedIn(): Promise<unknown>;
  /** Another tab signed out, or its refresh was refused: continue as a guest here too (no second logout call). */
  signedOut(): Promise<unknown>;
}

/** The user id (`sub`) of an access token, without checking it (the API does): to tell a refresh from a new sign-in. */
export function subjectOf(token: string | null): string | null {
  try {
    const payload = token?.split('.')[1];
    if (!payload) return null;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof json.sub === 'string' ? json.sub : null;
  } catch {
    return null;
  }
}

/**
 * Follows what other tabs of the site do with the credentials they share (storage events fire in every tab but the
 * writer's):
 * - another tab refreshed: take its tokens (this tab's copy of the refresh token is spent);
 * - another tab signed in: take the tokens and load the user;
 * - another tab signed out (or its refresh was refused): sign out here too;
 * - another tab renewed the guest id: take it.
 * Where storage is blocked there are no events and each tab keeps its own session in memory. Returns the unsubscribe.
 */
export function followOtherTabs(store: StoreLike, handlers: OtherTabHandlers): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === REFRESH_TOKEN_KEY || event.key === null) void onTokensChanged();
    if (event.key === GUEST_ID_KEY || event.key === null) onGuestIdChanged();
  };

  async function onTokensChanged() {
    const stored = readStoredTokens();
    const session = store.getState().session;
    if (stored.refreshToken === session.refreshToken) return;
    if (!stored.refreshToken) {
      if (session.refreshToken) {
        store.dispatch(api.util.resetApiState());
        await handlers.signedOut();
      }
      return;
    }
    const sameUser = session.status === 'authenticated' && session.user !== null && subjectOf(stored.accessToken) === session.user.id;
    store.dispatch(tokensReceived({ accessToken: stored.accessToken, refreshToken: stored.refreshToken }));
    if (sameUser) return;
    // Whatever was cached for the guest (or the other account) is not this user's.
    store.dispatch(api.util.invalidateTags(['User', 'Character', 'Conversation', 'Persona', 'Lorebook', 'Memory', 'Message']));
    await handlers.signedIn();
  }

  function onGuestIdChanged() {
    const stored = readStoredGuestId();
    const session = store.getState().session;
    if (stored && session.status === 'guest' && stored !== session.guestUserId) store.dispatch(guestIdRenewed(stored));
  }

  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
