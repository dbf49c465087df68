import { configureSession, createStore, renewAccessToken, type AppStore } from '@fable/shared';
import { apiErrorBody, apiUserFixture, mockApi, type FakeHandler } from '@fable/shared/testing';
import { waitFor } from '@testing-library/react';
import { followOtherTabs } from './crossTabSession';
import { GUEST_ID_KEY } from './guestSession';
import { resolveSession, signOut } from './sessionLifecycle';
import { ACCESS_TOKEN_KEY, isPartnerTabSession, PARTNER_SESSION_KEY, persistSessionTokens, readStoredTokens, REFRESH_TOKEN_KEY, writeStoredTokens } from './tokenStorage';

/**
 * A partner user's arrival (document 1 §1, §4, §7): signed in through POST /v2/users/external with the token its
 * partner signed, kept in a session of the tab's own (sessionStorage), refreshed through POST /v2/auth/refresh; a user
 * whose id equals the external id is not authenticated.
 */
const GUEST_ID = '5b0c3a52-2f0e-4a57-9c8f-5f1f7c0b8f1a.0123456789abcdef0123456789abcdef';
const TOKEN = 'v1.1893499500.Ur1SuG32P_6ysQUDCkOZTH_B81iuOis9yIntTC6rhhM';
const ARRIVAL = `/external?external_id=sn-42&external_name=Nest+User&external_username=nest_user&partner_token=${TOKEN}&q=dragons`;
const PARTNER_USER = apiUserFixture({ id: 'b8e7c1d2-0000-4000-8000-000000000042', username: 'nest_user', name: 'Nest User', external_id: 'sn-42', application_id: 'storynest' });
const signedInAnswer = (user = PARTNER_USER) => ({ body: { user, token: 'pa1', refresh_token: 'pr1', expires_in: 900 } });

function at(url: string) {
  const location = new URL(url, 'http://partner.localhost') as unknown as Location;
  const history = { state: null, replaceState: jest.fn() } as unknown as History & { replaceState: jest.Mock };
  return { location, history };
}

let fake: ReturnType<typeof mockApi>;
afterEach(() => fake?.restore());
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem(GUEST_ID_KEY, GUEST_ID);
});

/** A page load of the partner host (partnerMode), with the API answering `handlers`. */
function loadPage(handlers: Record<string, FakeHandler>, partnerMode = true): AppStore {
  fake?.restore();
  fake = mockApi({ overrides: handlers });
  const store = createStore();
  store.dispatch(configureSession({ applicationId: 'storynest', partnerMode }));
  persistSessionTokens(store);
  return store;
}

async function arrive(store: AppStore, url = ARRIVAL) {
  const { location, history } = at(url);
  await resolveSession(store, { location, history, retryDelaysMs: [0] });
  return history.replaceState;
}

describe('a partner user arriving with an external id and a token', () => {
  it('is signed in through POST /v2/users/external, in the tab’s own session, and the parameters leave the address', async () => {
    const store = loadPage({ 'POST /v2/users/external': signedInAnswer() });
    const replaceState = await arrive(store);

    const [call] = fake.callsTo('POST /v2/users/external');
    expect(call?.body).toEqual({ id: 'sn-42', name: 'Nest User', username: 'nest_user' });
    expect(call?.headers['x-partner-token']).toBe(TOKEN);
    expect(call?.headers['x-application-id']).toBe('storynest');
    expect(store.getState().session).toMatchObject({ status: 'authenticated', accessToken: 'pa1', refreshToken: 'pr1' });
    expect(store.getState().session.user).toMatchObject({ username: 'nest_user', externalId: 'sn-42' });
    expect(replaceState).toHaveBeenCalledWith(null, '', '/external?q=dragons');
    // "a token in session": this tab's storage, not the device's.
    expect(sessionStorage.getItem(PARTNER_SESSION_KEY)).toBe('1');
    expect(sessionStorage.getItem(REFRESH_TOKEN_KEY)).toBe('pr1');
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('stays signed in across a reload of the tab, beside another account the device’s other tabs use', async () => {
    await arrive(loadPage({ 'POST /v2/users/external': signedInAnswer() }));
    // Another tab of this site signs someone else in: the device's tokens, which this tab does not take.
    localStorage.setItem(ACCESS_TOKEN_KEY, JSON.stringify('device-access'));
    localStorage.setItem(REFRESH_TOKEN_KEY, JSON.stringify('device-refresh'));

    const reloaded = loadPage({ 'GET /v2/users': { body: PARTNER_USER } });
    const replaceState = await arrive(reloaded, '/external');
    expect(fake.callsTo('GET /v2/users').map((c) => c.headers.authorization)).toEqual(['Bearer pa1']);
    expect(fake.callsTo('POST /v2/users/external')).toHaveLength(0);
    expect(reloaded.getState().session).toMatchObject({ status: 'authenticated', refreshToken: 'pr1' });
    expect(reloaded.getState().session.user?.id).toBe(PARTNER_USER.id);
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('refreshes through POST /v2/auth/refresh and keeps the new tokens in the tab', async () => {
    await arrive(loadPage({ 'POST /v2/users/external': signedInAnswer() }));
    localStorage.setItem(REFRESH_TOKEN_KEY, JSON.stringify('device-refresh'));
    const expired = { status: 401, body: apiErrorBody('token_expired', 'Access token expired') };
    const reloaded = loadPage({
      'GET /v2/users': ({ headers }) => (headers.authorization === 'Bearer pa2' ? { body: PARTNER_USER } : expired),
      'POST /v2/auth/refresh': { body: { token: 'pa2', refresh_token: 'pr2', expires_in: 900 } },
    });
    await arrive(reloaded, '/external');

    expect(fake.callsTo('POST /v2/auth/refresh').map((c) => (c.body as { refresh_token: string }).refresh_token)).toEqual(['pr1']);
    expect(reloaded.getState().session).toMatchObject({ status: 'authenticated', accessToken: 'pa2', refreshToken: 'pr2' });
    expect(readStoredTokens()).toEqual({ accessToken: 'pa2', refreshToken: 'pr2' });
    expect(JSON.parse(localStorage.getItem(REFRESH_TOKEN_KEY)!)).toBe('device-refresh');

    // A refresh later in the visit (a call refused with 401) goes the same way.
    fake.restore();
    fake = mockApi({ overrides: { 'POST /v2/auth/refresh': { body: { token: 'pa3', refresh_token: 'pr3', expires_in: 900 } } } });
    await expect(reloaded.dispatch(renewAccessToken('pa2'))).resolves.toBe(true);
    expect(readStoredTokens()).toEqual({ accessToken: 'pa3', refreshToken: 'pr3' });
  });

  it('treats a user whose id equals the external id as not authenticated (document 1 §4)', async () => {
    const sameIds = { ...PARTNER_USER, id: 'sn-42', external_id: 'sn-42' };
    const store = loadPage({ 'POST /v2/users/external': signedInAnswer(sameIds) });
    await arrive(store);
    expect(store.getState().session).toMatchObject({ status: 'guest', user: null, accessToken: null, guestUserId: GUEST_ID });
    expect(isPartnerTabSession()).toBe(false);
    expect(sessionStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('a refused token (expired, replayed) leaves the visitor as they were, the token gone from the address', async () => {
    const store = loadPage({
      'POST /v2/users/external': { status: 401, body: apiErrorBody('partner_token_expired', 'Your sign-in link has expired.') },
    });
    const replaceState = await arrive(store);
    expect(fake.callsTo('POST /v2/auth/refresh')).toHaveLength(0);
    expect(store.getState().session).toMatchObject({ status: 'guest', guestUserId: GUEST_ID });
    expect(isPartnerTabSession()).toBe(false);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/external?q=dragons');
  });

  it('a new arrival in a tab holding a partner session replaces it and signs the earlier one out', async () => {
    await arrive(loadPage({ 'POST /v2/users/external': signedInAnswer() }));
    const other = apiUserFixture({ id: 'b8e7c1d2-0000-4000-8000-000000000043', username: 'other_user', external_id: 'sn-43' });
    const reloaded = loadPage({
      'POST /v2/users/external': { body: { user: other, token: 'qa1', refresh_token: 'qr1', expires_in: 900 } },
      'POST /v2/auth/logout': { body: { ok: true } },
    });
    await arrive(reloaded, ARRIVAL.replace('sn-42', 'sn-43'));
    await waitFor(() => expect(fake.callsTo('POST /v2/auth/logout').map((c) => c.body)).toEqual([{ refresh_token: 'pr1' }]));
    expect(reloaded.getState().session.user?.id).toBe(other.id);
    expect(readStoredTokens()).toEqual({ accessToken: 'qa1', refreshToken: 'qr1' });
  });

  it('does not follow the device’s other tabs signing in or out', async () => {
    const store = loadPage({ 'POST /v2/users/external': signedInAnswer() });
    await arrive(store);
    const handlers = { signedIn: jest.fn(async () => undefined), signedOut: jest.fn(async () => undefined) };
    const stop = followOtherTabs(store, handlers);
    for (const value of [JSON.stringify('device-refresh'), null]) {
      if (value) localStorage.setItem(REFRESH_TOKEN_KEY, value);
      else localStorage.removeItem(REFRESH_TOKEN_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: REFRESH_TOKEN_KEY }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    stop();
    expect(handlers.signedIn).not.toHaveBeenCalled();
    expect(handlers.signedOut).not.toHaveBeenCalled();
    expect(store.getState().session).toMatchObject({ status: 'authenticated', refreshToken: 'pr1' });
  });

  it('signing out ends the tab’s partner session', async () => {
    const store = loadPage({ 'POST /v2/users/external': signedInAnswer(), 'POST /v2/auth/logout': { body: { ok: true } } });
    await arrive(store);
    await signOut(store, { assign: jest.fn() });
    expect(isPartnerTabSession()).toBe(false);
    expect(sessionStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(store.getState().session.status).toBe('guest');
  });

  it('outside partner mode the parameters are removed and nothing is signed in', async () => {
    writeStoredTokens({ accessToken: null, refreshToken: null });
    const store = loadPage({}, false);
    const replaceState = await arrive(store);
    expect(fake.calls).toHaveLength(0);
    expect(store.getState().session.status).toBe('guest');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/external?q=dragons');
  });
});
