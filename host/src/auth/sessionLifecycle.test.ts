import { configureSession, createStore, IMPERSONATION_KEY, tokensReceived } from '@fable/shared';
import { apiErrorBody, mockApi, type FakeHandler } from '@fable/shared/testing';
import { apiUserFixture } from '@fable/shared/testing';
import { GUEST_ID_KEY } from './guestSession';
import { RETURN_PATH_KEY } from './returnPath';
import { resolveSession, signOut } from './sessionLifecycle';
import { ACCESS_TOKEN_KEY, persistSessionTokens, REFRESH_TOKEN_KEY, readStoredTokens, writeStoredTokens } from './tokenStorage';

const GUEST_ID = '5b0c3a52-2f0e-4a57-9c8f-5f1f7c0b8f1a.0123456789abcdef0123456789abcdef';

function at(url: string) {
  const location = new URL(url, 'http://localhost') as unknown as Location;
  const history = { state: null, replaceState: jest.fn() } as unknown as History;
  return { location, history };
}

let fake: ReturnType<typeof mockApi>;
// Tests that install no fake fetch leave `fake` unset (or as an earlier test left it: restoring again is harmless).
afterEach(() => fake?.restore());
beforeEach(() => localStorage.clear());

function setup(handlers: Record<string, FakeHandler>) {
  fake = mockApi({ overrides: handlers });
  const store = createStore();
  persistSessionTokens(store);
  return store;
}

describe('resolveSession (document 1 §4 Auth)', () => {
  const expiredToken = { status: 401, body: apiErrorBody('token_expired', 'Access token expired') };

  it('with stored tokens: loads the user with the stored access token, spending no refresh token', async () => {
    writeStoredTokens({ accessToken: 'a1', refreshToken: 'r1' });
    const store = setup({ 'GET /v2/users': { body: apiUserFixture({ tier: 'basic', name: 'Ada Lovelace' }) } });
    const { location, history } = at('/');
    await resolveSession(store, { location, history, retryDelaysMs: [0] });

    expect(fake.callsTo('GET /v2/users')[0]?.headers.authorization).toBe('Bearer a1');
    expect(fake.callsTo('POST /v2/auth/refresh')).toHaveLength(0);
    const { session } = store.getState();
    expect(session.status).toBe('authenticated');
    expect(session.user).toMatchObject({ id: 'u1', username: 'ada', name: 'Ada Lovelace', tier: 'basic' });
    expect(session.permissions).toContain('create_character');
    expect(readStoredTokens()).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
  });

  it('while impersonating a member the API refuses (gone, or an admin now): ends the impersonation instead of retrying', async () => {
    writeStoredTokens({ accessToken: 'a1', refreshToken: 'r1' });
    localStorage.setItem(IMPERSONATION_KEY, JSON.stringify({ userId: 'gone', username: 'gone' }));
    const store = setup({ 'GET /v2/users': { status: 404, body: apiErrorBody('user_not_found', 'User not found') } });
    store.dispatch(configureSession({ applicationId: 'fable', partnerMode: false, impersonate: 'gone' }));
    const { location, history } = at('/');
    await resolveSession(store, { location, history, retryDelaysMs: [0] });
    expect(fake.callsTo('GET /v2/users')).toHaveLength(1);
    expect(fake.callsTo('GET /v2/users')[0]?.headers['x-impersonate']).toBe('gone');
    expect(localStorage.getItem(IMPERSONATION_KEY)).toBeNull();
  });

  it('with an expired stored access token: refreshes, loads the user and keeps the new tokens', async () => {
    writeStoredTokens({ accessToken: 'old-access', refreshToken: 'r1' });
    const store = setup({
      'POST /v2/auth/refresh': { body: { token: 'a2', refresh_token: 'r2', expires_in: 900 } },
      'GET /v2/users': ({ headers }) => (headers.authorization === 'Bearer a2' ? { body: apiUserFixture() } : expiredToken),
    });
    const { location, history } = at('/');
    await resolveSession(store, { location, history, retryDelaysMs: [0] });

    expect(fake.callsTo('POST /v2/auth/refresh').map((c) => c.body)).toEqual([{ refresh_token: 'r1', attempt_id: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
    expect(fake.callsTo('GET /v2/users').map((c) => c.headers.authorization)).toEqual(['Bearer old-access', 'Bearer a2']);
    expect(store.getState().session.status).toBe('authenticated');
    expect(readStoredTokens()).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
  });

  it('with only a refresh token stored: refreshes first', async () => {
    writeStoredTokens({ accessToken: null, refreshToken: 'r1' });
    const store = setup({
      'POST /v2/auth/refresh': { body: { token: 'a2', refresh_token: 'r2', expires_in: 900 } },
      'GET /v2/users': ({ headers }) => (headers.authorization === 'Bearer a2' ? { body: apiUserFixture() } : { status: 401, body: apiErrorBody('unauthenticated', 'Sign in to continue') }),
    });
    const { location, history } = at('/');
    await resolveSession(store, { location, history, retryDelaysMs: [0] });
    expect(store.getState().session.status).toBe('authenticated');
    expect(readStoredTokens()).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
  });

  it('without tokens: a guest with an id from POST /v2/auth/guest, kept locally', async () => {
    const store = setup({ 'POST /v2/auth/guest': { body: { guest_user_id: GUEST_ID, permissions: ['site_access', 'view_chats'] } } });
    const { location, history } = at('/');
    const resolving = resolveSession(store, { location, history, retryDelaysMs: [0] });
    // A guest at once, its id on its way: the first screen's reads need not wait for it.
    expect(store.getState().session).toMatchObject({ status: 'guest', guestUserId: null });
    await resolving;
    expect(store.getState().session).toMatchObject({ status: 'guest', guestUserId: GUEST_ID, permissions: ['site_access', 'view_chats'] });
    expect(localStorage.getItem(GUEST_ID_KEY)).toBe(GUEST_ID);

    // The next load reuses it without asking again.
    const again = setup({});
    await resolveSession(again, { location, history, retryDelaysMs: [0] });
    expect(again.getState().session.guestUserId).toBe(GUEST_ID);
    expect(fake.calls).toHaveLength(0);
  });

  it('a guest without an id when the API cannot be reached (the API would refuse one made up here)', async () => {
    const store = setup({ 'POST /v2/auth/guest': 'network-error' });
    const { location, history } = at('/');
    await resolveSession(store, { location, history, retryDelaysMs: [0] });
    expect(store.getState().session).toMatchObject({ status: 'guest', guestUserId: null });
    expect(localStorage.getItem(GUEST_ID_KEY)).toBeNull();
  });

  it('a refused refresh token is forgotten and the visitor continues as a guest', async () => {
    writeStoredTokens({ accessToken: 'a1', refreshToken: 'spent' });
    localStorage.setItem(GUEST_ID_KEY, GUEST_ID);
    const store = setup({
      'GET /v2/users': expiredToken,
      'POST /v2/auth/refresh': { status: 401, body: apiErrorBody('token_refresh_failed', 'Unable to refresh token') },
    });
    const { location, history } = at('/');
    await resolveSession(store, { location, history, retryDelaysMs: [0] });
    expect(store.getState().session).toMatchObject({ status: 'guest', guestUserId: GUEST_ID });
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it.each([
    ['a network error', 'network-error' as const],
    ['429', { status: 429, body: apiErrorBody('rate_limited', 'Too many requests. Please wait a moment and try again.') }],
    ['503', { status: 503, body: apiErrorBody('service_unavailable', 'Service unavailable') }],
  ])('keeps the tokens on %s and tries again until the refresh goes through', async (_what, failure) => {
    writeStoredTokens({ accessToken: 'a1', refreshToken: 'r1' });
    localStorage.setItem(GUEST_ID_KEY, GUEST_ID);
    let refreshes = 0;
    const store = setup({
      'GET /v2/users': ({ headers }) => (headers.authorization === 'Bearer a2' ? { body: apiUserFixture() } : expiredToken),
      'POST /v2/auth/refresh': () => {
        refreshes += 1;
        if (refreshes < 3) {
          // Meanwhile the member is neither signed out nor a guest, and the tokens stay stored.
          expect(store.getState().session.status).toBe('loading');
          expect(readStoredTokens()).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
          return failure;
        }
        return { body: { token: 'a2', refresh_token: 'r2', expires_in: 900 } };
      },
    });
    const { location, history } = at('/');
    await resolveSession(store, { location, history, retryDelaysMs: [0] });
    expect(refreshes).toBe(3);
    expect(store.getState().session.status).toBe('authenticated');
    expect(readStoredTokens()).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
  });

  it('waits the boot backoff between attempts (1 s, then 2 s, then 4 s), on fake timers', async () => {
    jest.useFakeTimers();
    try {
      writeStoredTokens({ accessToken: 'a1', refreshToken: 'r1' });
      let refreshes = 0;
      const store = setup({
        'GET /v2/users': ({ headers }) => (headers.authorization === 'Bearer a2' ? { body: apiUserFixture() } : expiredToken),
        'POST /v2/auth/refresh': () => {
          refreshes += 1;
          if (refreshes < 4) return { status: 503, body: apiErrorBody('service_unavailable', 'Service unavailable') };
          return { body: { token: 'a2', refresh_token: 'r2', expires_in: 900 } };
        },
      });
      const { location, history } = at('/');
      // The default waits (BOOT_RETRY_DELAYS_MS); each attempt comes when its wait is over, not a millisecond before.
      const resolved = resolveSession(store, { location, history });
      await jest.advanceTimersByTimeAsync(0);
      expect(refreshes).toBe(1);
      for (const [attempt, waitMs] of [[2, 1000], [3, 2000], [4, 4000]] as const) {
        await jest.advanceTimersByTimeAsync(waitMs - 1);
        expect(refreshes).toBe(attempt - 1);
        expect(store.getState().session.status).toBe('loading');
        await jest.advanceTimersByTimeAsync(1);
        expect(refreshes).toBe(attempt);
      }
      await resolved;
      expect(store.getState().session.status).toBe('authenticated');
      expect(readStoredTokens()).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('an account the API calls invalid is signed in as invalid (gating sends it to /user-not-found)', async () => {
    writeStoredTokens({ accessToken: 'a1', refreshToken: 'r1' });
    const store = setup({
      'GET /v2/users': { status: 403, body: apiErrorBody('invalid_account', 'This account is invalid, has been deleted or has been suspended.') },
    });
    const { location, history } = at('/');
    await resolveSession(store, { location, history, retryDelaysMs: [0] });
    expect(store.getState().session.user?.isInvalid).toBe(true);
  });

  it('back from a social sign-in: exchanges ?login_code= for tokens and the user, and cleans the address', async () => {
    localStorage.setItem(RETURN_PATH_KEY, JSON.stringify('/personas'));
    const events: unknown[] = [];
    const onEvent = (e: Event) => events.push((e as CustomEvent).detail);
    window.addEventListener('fable:analytics', onEvent);
    const store = setup({
      'POST /v2/auth/oidc/complete': {
        body: { token: 'a1', refresh_token: 'r1', expires_in: 900, user: apiUserFixture({ username: null }), is_new_user: true },
      },
    });
    const { location, history } = at('/personas?login_code=xyz&tab=1');
    await resolveSession(store, { location, history, retryDelaysMs: [0] });
    window.removeEventListener('fable:analytics', onEvent);

    expect(fake.callsTo('POST /v2/auth/oidc/complete')[0]?.body).toEqual({ login_code: 'xyz' });
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/personas?tab=1');
    expect(store.getState().session.status).toBe('authenticated');
    expect(readStoredTokens()).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
    // No username yet: a sign-up event, not a login.
    expect(events).toEqual([{ event: 'sign_up', method: 'social' }]);
    expect(localStorage.getItem(RETURN_PATH_KEY)).toBeNull();
  });
});

describe('tokens across reloads', () => {
  it('a token refreshed on 401 (tokensReceived) is stored too', () => {
    fake = mockApi({ overrides: {} });
    const store = createStore();
    persistSessionTokens(store);
    store.dispatch(tokensReceived({ accessToken: 'a9', refreshToken: 'r9' }));
    expect(readStoredTokens()).toEqual({ accessToken: 'a9', refreshToken: 'r9' });
  });
});

describe('signOut', () => {
  async function signedInStore() {
    writeStoredTokens({ accessToken: 'a1', refreshToken: 'r1' });
    localStorage.setItem(GUEST_ID_KEY, GUEST_ID);
    const store = setup({
      'POST /v2/auth/refresh': { body: { token: 'a2', refresh_token: 'r2', expires_in: 900 } },
      'GET /v2/users': { body: apiUserFixture() },
      'POST /v2/auth/logout': { body: { ok: true } },
    });
    const { location, history } = at('/');
    await resolveSession(store, { location, history, retryDelaysMs: [0] });
    expect(store.getState().session.status).toBe('authenticated');
    return store;
  }

  it('revokes the refresh token, clears the tokens and continues as a guest', async () => {
    const store = await signedInStore();
    const assign = jest.fn();
    await expect(signOut(store, { assign })).resolves.toBe(false);
    expect(fake.callsTo('POST /v2/auth/logout')[0]?.body).toEqual({ refresh_token: 'r1' });
    expect(store.getState().session).toMatchObject({ status: 'guest', user: null, accessToken: null, guestUserId: GUEST_ID });
    expect(readStoredTokens()).toEqual({ accessToken: null, refreshToken: null });
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes to the partner logout domain when one is configured', async () => {
    const store = await signedInStore();
    const assign = jest.fn();
    await expect(signOut(store, { logoutDomain: 'https://partner.example', assign })).resolves.toBe(true);
    expect(assign).toHaveBeenCalledWith('https://partner.example');
  });
});

describe('refresh on 401', () => {
  it('a call answered 401 refreshes once, retries, and the new tokens are stored', async () => {
    let meCalls = 0;
    const store = setup({
      'GET /v2/users': ({ headers }) => {
        meCalls += 1;
        return headers.authorization === 'Bearer a2' ? { body: apiUserFixture() } : { status: 401, body: apiErrorBody('token_expired', 'Access token expired') };
      },
      'POST /v2/auth/refresh': { body: { token: 'a2', refresh_token: 'r2', expires_in: 900 } },
    });
    store.dispatch(tokensReceived({ accessToken: 'a1', refreshToken: 'r1' }));
    const { authApi } = await import('./authApi');
    const result = await store.dispatch(authApi.endpoints.host_getMe.initiate(undefined, { subscribe: false }));
    expect(result.data?.id).toBe('u1');
    expect(meCalls).toBe(2);
    expect(readStoredTokens()).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
  });
});

it('a failed social sign-in (?login_error=) says "Couldn\'t authenticate. Try again" and continues as a guest', async () => {
  localStorage.setItem(GUEST_ID_KEY, GUEST_ID);
  const store = setup({});
  const { getStore } = await import('@fable/shared');
  const { location, history } = at('/?login_error=auth_failed');
  await resolveSession(store, { location, history, retryDelaysMs: [0] });
  expect(store.getState().session.status).toBe('guest');
  await new Promise((r) => setTimeout(r, 0));
  expect(getStore().getState().notifications.items.map((n) => n.message)).toContain("Couldn't authenticate. Try again");
});
