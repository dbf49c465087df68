import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { selectSession, tokensReceived } from '../session/sessionSlice';
import { createStore, type AppStore } from '../store/store';
import { apiErrorBody, installFakeFetch, type FakeAnswer, type FakeCall } from '../testing/fakeFetch';
import { baseQuery, renewAccessToken } from './baseQuery';

let fake: ReturnType<typeof installFakeFetch> | undefined;
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

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await tick();
  expect(check()).toBe(true);
}

describe('renewAccessToken', () => {
  it('shares one refresh with a concurrent baseQuery 401, then both go on with the fresh token', async () => {
    const store = signedInStore();
    const refresh = heldRefresh({ body: { token: 'fresh', refresh_token: 'refresh-2', expires_in: 900 } });
    fake = installFakeFetch({ 'GET /things': things, 'POST /v2/auth/refresh': refresh.handler });

    const query = baseQuery('/things', queryApi(store), {});
    await until(() => fake!.callsTo('POST /v2/auth/refresh').length === 1);
    const renewed = store.dispatch(renewAccessToken());
    refresh.release();

    await expect(renewed).resolves.toBe(true);
    await expect(query).resolves.toMatchObject({ data: { ok: true } });
    expect(fake.callsTo('POST /v2/auth/refresh').map((c) => c.body)).toEqual([{ refresh_token: 'refresh-1' }]);
    expect(fake.callsTo('GET /things').map((c) => c.headers.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(selectSession(store.getState())).toMatchObject({ accessToken: 'fresh', refreshToken: 'refresh-2' });
  });

  it('is joined by a baseQuery 401 that comes while it refreshes', async () => {
    const store = signedInStore();
    const refresh = heldRefresh({ body: { token: 'fresh', refresh_token: 'refresh-2' } });
    fake = installFakeFetch({ 'GET /things': things, 'POST /v2/auth/refresh': refresh.handler });

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
    fake = installFakeFetch({ 'POST /v2/auth/refresh': { status: 401, body: apiErrorBody('token_refresh_failed', 'Unable to refresh token') } });

    await expect(store.dispatch(renewAccessToken())).resolves.toBe(false);
    expect(selectSession(store.getState())).toMatchObject({ status: 'authentication_required', accessToken: null, refreshToken: null });
    expect(fake.callsTo('POST /v2/auth/refresh')).toHaveLength(1);
  });

  it('resolves false and sends nothing without a refresh token', async () => {
    const store = createStore();
    fake = installFakeFetch({});

    await expect(store.dispatch(renewAccessToken())).resolves.toBe(false);
    expect(fake.calls).toHaveLength(0);
    expect(selectSession(store.getState()).status).toBe('loading');
  });
});
