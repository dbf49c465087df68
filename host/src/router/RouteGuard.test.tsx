import { screen } from '@testing-library/react';
import { becameGuest, createStore, signedIn, type SessionUser } from '@fable/shared';
import { permissionsFor } from '@fable/contracts';
import { renderWithProviders } from '@fable/shared/testing';
import { RouteGuard } from './RouteGuard';
import { SIGN_IN_REQUIRED_TEXTS } from '../pages/SignInRequiredPage';

const member: SessionUser = { id: 'u1', username: 'ada', name: 'Ada', avatarUrl: null, tier: 'free', roles: [] };

function renderGuarded(store = createStore(), props: { permission?: 'view_auth' | 'create_character' | 'site_access'; signIn?: boolean } = {}) {
  return renderWithProviders(
    <RouteGuard {...props}>
      <h1>The page</h1>
    </RouteGuard>,
    { store },
  );
}

it('waits for the session before deciding', () => {
  renderGuarded(createStore(), { permission: 'view_auth' });
  expect(screen.getByRole('status', { name: 'Checking access' })).toBeInTheDocument();
});

it('asks a guest to sign in on a member page, without rendering it', () => {
  const store = createStore();
  store.dispatch(becameGuest({ guestUserId: 'g1', permissions: ['site_access', 'view_chats'] }));
  renderGuarded(store, { permission: 'view_auth', signIn: true });
  expect(screen.getByRole('heading', { name: SIGN_IN_REQUIRED_TEXTS.title })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'The page' })).not.toBeInTheDocument();
});

it('shows the 403 page to a member without the permission (a limited member on an editor)', () => {
  const store = createStore();
  const limited = permissionsFor('free').filter((p) => p !== 'create_character');
  store.dispatch(signedIn({ user: member, permissions: limited }));
  renderGuarded(store, { permission: 'create_character', signIn: true });
  expect(screen.getByText('You are Not Authorized to access this page')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'The page' })).not.toBeInTheDocument();
});

it('shows the limited-access ban screen to a banned member', () => {
  const store = createStore();
  store.dispatch(signedIn({ user: member, permissions: ['restriction_full', 'limited_access'] }));
  renderGuarded(store, { permission: 'site_access' });
  expect(screen.getByRole('heading', { name: 'Restricted' })).toBeInTheDocument();
});

it('renders the page for a member who holds the permission', () => {
  const store = createStore();
  store.dispatch(signedIn({ user: member, permissions: permissionsFor('free') }));
  renderGuarded(store, { permission: 'view_auth', signIn: true });
  expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
});
