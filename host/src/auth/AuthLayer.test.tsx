import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { signedIn, signInRequested, signOutRequested, type SessionUser } from '@fable/shared';
import { deploymentFixture, partnerFixture, storeWith } from '@fable/shared/testing';
import { renderShell } from '../testing/renderShell';
import { mockApi } from '@fable/shared/testing';
import { AuthLayer } from './AuthLayer';
import { GUEST_ID_KEY } from './guestSession';

let fake: ReturnType<typeof mockApi>;
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(GUEST_ID_KEY, 'g1');
  fake = mockApi({ overrides: { 'POST /v2/auth/logout': { body: { ok: true } }, 'GET /v2/auth/providers': { body: { providers: [] } } } });
});
// Tests that install no fake fetch leave `fake` unset (or as an earlier test left it: restoring again is harmless).
afterEach(() => fake?.restore());

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const user = (overrides: Partial<SessionUser> = {}): SessionUser => ({ id: 'u1', username: 'ada', name: 'Ada', avatarUrl: null, tier: 'free', roles: [], ...overrides });

function renderLayer(store: ReturnType<typeof storeWith>, route: string) {
  return renderShell(
    <>
      <AuthLayer />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { store, route },
  );
}

it('sends a signed-in user without a username to /signup', async () => {
  const store = storeWith(deploymentFixture());
  store.dispatch(signedIn({ user: user({ username: null }), permissions: [] }));
  renderLayer(store, '/chats');
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/signup'));
});

it('sends partner users without a username to /external/signup', async () => {
  const store = storeWith(partnerFixture());
  store.dispatch(signedIn({ user: user({ username: null }), permissions: [] }));
  renderLayer(store, '/');
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/external/signup'));
});

it('opens the sign-in overlay when any app asks for it', async () => {
  const store = storeWith(deploymentFixture());
  renderLayer(store, '/');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  act(() => {
    store.dispatch(signInRequested({ returnTo: '/personas' }));
  });
  expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
});

it('signs out when asked (a remote’s Logout), back to home as a guest', async () => {
  const store = storeWith(deploymentFixture());
  store.dispatch(signedIn({ user: user(), permissions: [] }));
  renderLayer(store, '/profile');
  act(() => {
    store.dispatch(signOutRequested());
  });
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  expect(store.getState().session).toMatchObject({ status: 'guest', guestUserId: 'g1', signOutRequested: false });
  expect(fake.callsTo('POST /v2/auth/logout')).toHaveLength(1);
});

it('a refresh refused mid-visit says "Unable to refresh token" and continues as a guest', async () => {
  const { authenticationRequired, getStore } = await import('@fable/shared');
  const store = storeWith(deploymentFixture());
  store.dispatch(signedIn({ user: user(), permissions: [] }));
  renderLayer(store, '/');
  act(() => {
    store.dispatch(authenticationRequired());
  });
  await waitFor(() => expect(store.getState().session).toMatchObject({ status: 'guest', guestUserId: 'g1' }));
  await waitFor(() => expect(getStore().getState().notifications.items.map((n) => n.message)).toContain('Unable to refresh token'));
});
