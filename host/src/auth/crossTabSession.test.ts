import { becameGuest, createStore, GUEST_ID_KEY, REFRESH_TOKEN_KEY, signedIn, tokensReceived, writeStoredTokens } from '@fable/shared';
import { followOtherTabs, subjectOf } from './crossTabSession';

/** A JWT-shaped token whose payload names `sub` (the signature is the API's business). */
const tokenOf = (sub: string, n: number) => `h.${btoa(JSON.stringify({ sub, n })).replace(/=+$/, '')}.s`;

/** What another tab's write looks like here: the storage changes, then a storage event for the key. */
function otherTabWrites(key: string, write: () => void) {
  write();
  window.dispatchEvent(new StorageEvent('storage', { key }));
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function signedInAs(userId: string) {
  const store = createStore();
  store.dispatch(tokensReceived({ accessToken: tokenOf(userId, 1), refreshToken: 'r1' }));
  store.dispatch(signedIn({ user: { id: userId, username: 'ada', name: 'Ada', avatarUrl: null, tier: 'free', roles: [] }, permissions: [] }));
  const handlers = { signedIn: jest.fn(async () => undefined), signedOut: jest.fn(async () => undefined) };
  const stop = followOtherTabs(store, handlers);
  return { store, handlers, stop };
}

let stop: () => void = () => undefined;
beforeEach(() => localStorage.clear());
afterEach(() => stop());

describe('followOtherTabs', () => {
  it('takes the tokens another tab refreshed, without loading the user again', async () => {
    const tab = signedInAs('u1');
    stop = tab.stop;
    otherTabWrites(REFRESH_TOKEN_KEY, () => writeStoredTokens({ accessToken: tokenOf('u1', 2), refreshToken: 'r2' }));
    await flush();
    expect(tab.store.getState().session).toMatchObject({ status: 'authenticated', accessToken: tokenOf('u1', 2), refreshToken: 'r2' });
    expect(tab.handlers.signedIn).not.toHaveBeenCalled();
    expect(tab.handlers.signedOut).not.toHaveBeenCalled();
  });

  it('signs out when another tab signed out', async () => {
    const tab = signedInAs('u1');
    stop = tab.stop;
    otherTabWrites(REFRESH_TOKEN_KEY, () => writeStoredTokens({ accessToken: null, refreshToken: null }));
    await flush();
    expect(tab.handlers.signedOut).toHaveBeenCalledTimes(1);
  });

  it('loads the user when another tab signed in, as someone else or from a guest', async () => {
    const tab = signedInAs('u1');
    stop = tab.stop;
    otherTabWrites(REFRESH_TOKEN_KEY, () => writeStoredTokens({ accessToken: tokenOf('u2', 1), refreshToken: 'other' }));
    await flush();
    expect(tab.handlers.signedIn).toHaveBeenCalledTimes(1);
    expect(tab.store.getState().session.refreshToken).toBe('other');

    const guest = createStore();
    guest.dispatch(becameGuest({ guestUserId: 'g1', permissions: [] }));
    const handlers = { signedIn: jest.fn(async () => undefined), signedOut: jest.fn(async () => undefined) };
    const stopGuest = followOtherTabs(guest, handlers);
    otherTabWrites(REFRESH_TOKEN_KEY, () => writeStoredTokens({ accessToken: tokenOf('u3', 1), refreshToken: 'r3' }));
    await flush();
    stopGuest();
    expect(handlers.signedIn).toHaveBeenCalledTimes(1);
    expect(guest.getState().session).toMatchObject({ accessToken: tokenOf('u3', 1), refreshToken: 'r3' });
  });

  it('takes a guest id another tab renewed', () => {
    const store = createStore();
    store.dispatch(becameGuest({ guestUserId: 'old', permissions: [] }));
    stop = followOtherTabs(store, { signedIn: async () => undefined, signedOut: async () => undefined });
    otherTabWrites(GUEST_ID_KEY, () => localStorage.setItem(GUEST_ID_KEY, 'new'));
    expect(store.getState().session.guestUserId).toBe('new');
  });

  it('ignores storage events that change nothing of the session', async () => {
    const tab = signedInAs('u1');
    stop = tab.stop;
    writeStoredTokens({ accessToken: tokenOf('u1', 1), refreshToken: 'r1' });
    window.dispatchEvent(new StorageEvent('storage', { key: REFRESH_TOKEN_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'fable.theme' }));
    await flush();
    expect(tab.handlers.signedIn).not.toHaveBeenCalled();
    expect(tab.handlers.signedOut).not.toHaveBeenCalled();
  });
});

describe('subjectOf', () => {
  it('reads the sub of a token, and null for anything else', () => {
    expect(subjectOf(tokenOf('u9', 1))).toBe('u9');
    expect(subjectOf('not-a-jwt')).toBeNull();
    expect(subjectOf(null)).toBeNull();
  });
});
