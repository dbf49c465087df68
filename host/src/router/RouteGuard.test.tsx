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

it('shows a terminated member the Terminated ban screen with the statement of reasons and its three ways on', async () => {
  const store = createStore();
  const banned = { ...member, restrictions: [{ kind: 'complete' as const, expires_at: null, reason: 'Underage content in a public chatbot' }] };
  store.dispatch(signedIn({ user: banned, permissions: ['site_access', 'restriction_full', 'limited_access'] }));
  renderGuarded(store, { permission: 'view_auth' });
  expect(await screen.findByRole('heading', { name: 'Terminated' })).toBeInTheDocument();
  expect(screen.getByText('Underage content in a public chatbot')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Guidelines' })).toHaveAttribute('href', '/guidelines');
  expect(screen.getByRole('link', { name: 'Continue to site' })).toHaveAttribute('href', '/');
  expect(screen.queryByRole('heading', { name: 'The page' })).not.toBeInTheDocument();
});

it('shows a limited member the Restricted ban screen where they may not go', async () => {
  const store = createStore();
  const limited = { ...member, restrictions: [{ kind: 'limited' as const, expires_at: null, reason: 'Repeated reports' }] };
  const permissions = [...permissionsFor('free').filter((p) => p !== 'create_character'), 'restriction_limited' as const];
  store.dispatch(signedIn({ user: limited, permissions }));
  renderGuarded(store, { permission: 'create_character', signIn: true });
  expect(await screen.findByRole('heading', { name: 'Restricted' })).toBeInTheDocument();
});

it('shows a member on hold the Temporary Hold screen counting down to its end', async () => {
  const store = createStore();
  const expires = new Date(Date.now() + 5 * 60 * 60 * 1000 - 30_000).toISOString();
  const held = { ...member, restrictions: [{ kind: 'temporary' as const, expires_at: expires, reason: 'Spam' }] };
  store.dispatch(signedIn({ user: held, permissions: ['site_access', 'restriction_full_time', 'limited_access'] }));
  renderGuarded(store, { permission: 'view_chats' as 'view_auth' });
  expect(await screen.findByRole('heading', { name: 'Temporary Hold' })).toBeInTheDocument();
  expect(screen.getByText(/Your hold ends in 5 hours/)).toBeInTheDocument();
  expect(screen.getByRole('timer').textContent).toMatch(/^04:59:\d\d$/);
});

it('renders the page for a member who holds the permission', () => {
  const store = createStore();
  store.dispatch(signedIn({ user: member, permissions: permissionsFor('free') }));
  renderGuarded(store, { permission: 'view_auth', signIn: true });
  expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
});
