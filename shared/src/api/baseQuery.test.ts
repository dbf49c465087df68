import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { readStoredGuestId, writeStoredGuestId, writeStoredTokens } from '../session/credentials';
import { becameGuest, selectSession, tokensReceived } from '../session/sessionSlice';
import { createStore, type AppStore } from '../store/store';
import { apiErrorBody, mockApi, type FakeAnswer, type FakeCall } from '@fable/mocks/node';
import { baseQuery, issueGuestId, renewAccessToken } from './baseQuery';

let fake: ReturnType<typeof mockApi> | undefined;
// Jest runs the tests in a random order: no test may see the tokens, rotations or guest id another one stored.
beforeEach(() => localStorage.clear());
afterEach(() => fake?.restore());

function signedInStore(): AppStore {
  const store = createStore();
  store.dispatch(tokensReceived({ accessToken: 'stale', refreshToken: 'refresh-1' }));
  return store;
}

function queryApi(store: AppStore): BaseQueryApi {
  return { dispatch: store.dispatch, getState: store.getState, extra: undefined, endpoint: 'test', type: 'query', signal: new AbortController().signal, abort: () => undefined };
}

/** A refresh answer held until the test lets it go. */
function heldRefresh(answer: FakeAnswer) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { handler: async () => (await released, answer), release };
}

const expired = { status: 401, body: apiErrorBody('token_expired', 'Access token expired') };
const things = (call: FakeCall): FakeAnswer => (call.headers.authorization === 'Bearer fresh' ? { body: { ok: true } } : expired);

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Waits until `check` holds, for up to 5 s: the calls go through real fetch and MSW, which a busy machine slows. */
async function until(check: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

describe('renewAccessToken', () => {
  it('shares one refresh with a concurrent baseQuery 401, then both go on with the fresh token', async () => {
    const store = signedInStore();
    const refresh = heldRefresh({ body: { token: 'fresh', refresh_token: 'refresh-2', expires_in: 900 } });
    fake = mockApi({ overrides: { 'GET /things': things, 'POST /v2/auth/refresh': refresh.handler } });

    const query = baseQuery('/things', queryApi(store), {});
    await until(() => fake!.callsTo('POST /v2/auth/refresh').length === 1);
    const renewed = store.dispatch(renewAccessToken());
    refresh.release();

    await expect(renewed).resolves.toBe(true);
    await expect(query).resolves.toMatchObject({ data: { ok: true } });
    expect(fake.callsTo('POST /v2/auth/refresh').map((c) => c.body)).toEqual([{ refresh_token: 'refresh-1', attempt_id: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
    expect(fake.callsTo('GET /things').map((c) => c.headers.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(selectSession(store.getState())).toMatchObject({ accessToken: 'fresh', refreshToken: 'refresh-2' });
  });

  it('is joined by a baseQuery 401 that comes while it refreshes', async () => {
    const store = signedInStore();
    const refresh = heldRefresh({ body: { token: 'fresh', refresh_token: 'refresh-2' } });
    fake = mockApi({ overrides: { 'GET /things': things, 'POST /v2/auth/refresh': refresh.handler } });

    const renewed = store.dispatch(renewAccessToken());
    const again = store.dispatch(renewAccessToken());
    const query = baseQuery('/things', queryApi(store), {});
    await until(() => fake!.callsTo('GET /things').length === 1);
    await tick(); // its 401 read: it waits on the refresh under way
    refresh.release();

    expect(await Promise.all([renewed, again])).toEqual([true, true]);
    await expect(query).resolves.toMatchObject({ data: { ok: true } });
    expect(fake.callsTo('POST /v2/auth/refresh')).toHaveLength(1);
  });

  it('resolves false and the session needs a sign-in when the refresh fails', async () => {
    const store = signedInStore();
    fake = mockApi({ overrides: { 'POST /v2/auth/refresh': { status: 401, body: apiErrorBody('token_refresh_failed', 'Unable to refresh token') } } });

    await expect(store.dispatch(renewAccessToken())).resolves.toBe(false);
    expect(selectSession(store.getState())).toMatchObject({ status: 'authentication_required', accessToken: null, refreshToken: null });
    expect(fake.callsTo('POST /v2/auth/refresh')).toHaveLength(1);
  });

  it('resolves false and sends nothing without a refresh token', async () => {
    const store = createStore();
    fake = mockApi({ overrides: {} });

    await expect(store.dispatch(renewAccessToken())).resolves.toBe(false);
    expect(fake.calls).toHaveLength(0);
    expect(selectSession(store.getState()).status).toBe('loading');
  });
});

describe('credentials shared by the tabs of the site', () => {
  it('takes the tokens another tab refreshed meanwhile instead of spending its own copy of the refresh token', async () => {
    const store = signedInStore();
    // Another tab spent refresh-1 and stored what it got.
    writeStoredTokens({ accessToken: 'fresh', refreshToken: 'refresh-2' });
    fake = mockApi({ overrides: { 'GET /things': things, 'POST /v2/auth/refresh': { status: 401, body: apiErrorBody('token_refresh_failed', 'Unable to refresh token') } } });

    await expect(baseQuery('/things', queryApi(store), {})).resolves.toMatchObject({ data: { ok: true } });
    expect(fake.callsTo('POST /v2/auth/refresh')).toHaveLength(0);
    expect(selectSession(store.getState())).toMatchObject({ accessToken: 'fresh', refreshToken: 'refresh-2', status: 'loading' });
  });

  it('does not refresh again when the session already holds a newer access token than the refused one', async () => {
    const store = signedInStore();
    // The call goes out with 'stale'; its 401 is held until another call (or tab) has brought 'fresh'.
    const held = heldRefresh(expired);
    fake = mockApi({ overrides: { 'GET /things': (call) => (call.headers.authorization === 'Bearer fresh' ? { body: { ok: true } } : held.handler()) } });
    const query = baseQuery('/things', queryApi(store), {});
    await until(() => fake!.callsTo('GET /things').length === 1);
    store.dispatch(tokensReceived({ accessToken: 'fresh', refreshToken: 'refresh-2' }));
    held.release();
    const result = await query;
    expect(result.data).toEqual({ ok: true });
    expect(fake.callsTo('GET /things').map((c) => c.headers.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(fake.callsTo('POST /v2/auth/refresh')).toHaveLength(0);
  });

  it.each([
    ['a network error', 'network-error' as const],
    ['429', { status: 429, body: apiErrorBody('rate_limited', 'Too many requests. Please wait a moment and try again.') }],
    ['502', { status: 502, body: apiErrorBody('api_unavailable', 'The API is not reachable.') }],
  ])('keeps the session and its tokens when the refresh fails with %s', async (_what, failure) => {
    const store = signedInStore();
    fake = mockApi({ overrides: { 'GET /things': things, 'POST /v2/auth/refresh': failure } });
    await expect(baseQuery('/things', queryApi(store), {})).resolves.toMatchObject({ error: { status: 401 } });
    expect(selectSession(store.getState())).toMatchObject({ accessToken: 'stale', refreshToken: 'refresh-1', status: 'loading' });
  });

  it('names each refresh of a token once: a retry of the same token carries the same attempt id, the next token a new one', async () => {
    const store = signedInStore();
    let answer: FakeAnswer = 'network-error';
    fake = mockApi({ overrides: { 'GET /things': things, 'POST /v2/auth/refresh': () => answer } });
    // The first try's answer never arrives; the retry names the same refresh.
    await expect(store.dispatch(renewAccessToken())).resolves.toBe(false);
    answer = { body: { token: 'fresh', refresh_token: 'refresh-2', expires_in: 900 } };
    await expect(store.dispatch(renewAccessToken())).resolves.toBe(true);
    // refresh-2's own refresh is another one.
    answer = { body: { token: 'fresh-2', refresh_token: 'refresh-3', expires_in: 900 } };
    await expect(store.dispatch(renewAccessToken('fresh'))).resolves.toBe(true);
    const sent = fake.callsTo('POST /v2/auth/refresh').map((c) => c.body as { refresh_token: string; attempt_id: string });
    expect(sent.map((b) => b.refresh_token)).toEqual(['refresh-1', 'refresh-1', 'refresh-2']);
    expect(sent[1]!.attempt_id).toBe(sent[0]!.attempt_id);
    expect(sent[2]!.attempt_id).not.toBe(sent[0]!.attempt_id);
    expect(sent.every((b) => /^[0-9a-f]{32}$/.test(b.attempt_id))).toBe(true);
  });

  it('replaces a guest id the API refuses with one it issues, keeps it, and retries the call', async () => {
    const store = createStore();
    store.dispatch(becameGuest({ guestUserId: 'forged', permissions: [] }));
    fake = mockApi({ overrides: {
      'GET /things': (call) =>
        call.headers['x-guest-user-id'] === 'issued' ? { body: { ok: true } } : { status: 401, body: apiErrorBody('invalid_guest_id', 'Your guest session is no longer valid.') },
      'POST /v2/auth/guest': { body: { guest_user_id: 'issued', permissions: [] } },
    } });
    const [a, b] = await Promise.all([baseQuery('/things', queryApi(store), {}), baseQuery('/things', queryApi(store), {})]);
    expect([a.data, b.data]).toEqual([{ ok: true }, { ok: true }]);
    expect(fake.callsTo('POST /v2/auth/guest')).toHaveLength(1);
    expect(selectSession(store.getState()).guestUserId).toBe('issued');
    expect(readStoredGuestId()).toBe('issued');
  });

  it('a first visit: a call that needs the guest id on its way waits for it, a read open to visitors goes at once', async () => {
    const store = createStore();
    store.dispatch(becameGuest({ guestUserId: null, permissions: [] }));
    const held = heldRefresh({ body: { guest_user_id: 'issued', permissions: ['site_access'] } });
    fake = mockApi({ overrides: {
      'POST /v2/auth/guest': held.handler,
      'GET /things': (call) => (call.headers['x-guest-user-id'] === 'issued' ? { body: { ok: true } } : { status: 401, body: apiErrorBody('unauthenticated', 'Sign in to continue') }),
      'GET /listing': { body: { items: [] } },
    } });
    const issuing = store.dispatch(issueGuestId());
    const needsId = baseQuery('/things', queryApi(store), {});
    const open = await baseQuery('/listing', queryApi(store), { withoutGuestId: true });
    expect(open.data).toEqual({ items: [] });
    expect(fake.callsTo('GET /listing')[0]?.headers['x-guest-user-id']).toBeUndefined();
    expect(fake.callsTo('GET /things')).toHaveLength(0);

    held.release();
    await expect(issuing).resolves.toEqual({ guestUserId: 'issued', permissions: ['site_access'] });
    await expect(needsId).resolves.toMatchObject({ data: { ok: true } });
    // Sent once, with the id: no refusal, no second guest id.
    expect(fake.callsTo('GET /things')).toHaveLength(1);
    expect(fake.callsTo('POST /v2/auth/guest')).toHaveLength(1);
    expect(readStoredGuestId()).toBe('issued');
  });

  it('takes the guest id another tab already renewed', async () => {
    const store = createStore();
    store.dispatch(becameGuest({ guestUserId: 'forged', permissions: [] }));
    writeStoredGuestId('renewed-elsewhere');
    fake = mockApi({ overrides: {
      'GET /things': (call) =>
        call.headers['x-guest-user-id'] === 'renewed-elsewhere' ? { body: { ok: true } } : { status: 401, body: apiErrorBody('invalid_guest_id', 'Your guest session is no longer valid.') },
    } });
    await expect(baseQuery('/things', queryApi(store), {})).resolves.toMatchObject({ data: { ok: true } });
    expect(fake.callsTo('POST /v2/auth/guest')).toHaveLength(0);
  });
});
