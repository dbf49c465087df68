import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { becameGuest, createStore, signedIn } from '@fable/shared';
import { apiUserFixture, mockApi } from '@fable/shared/testing';
import { renderShell } from '../testing/renderShell';
import { AccountButton } from './AccountButton';

it('shows a placeholder while the session resolves, then Sign In for a guest', async () => {
  const store = createStore();
  const onSignIn = jest.fn();
  renderShell(<AccountButton onSignIn={onSignIn} />, { store });
  expect(screen.getByRole('status', { name: 'Loading your account' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  act(() => {
    store.dispatch(becameGuest({ guestUserId: 'g1', permissions: [] }));
  });
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(onSignIn).toHaveBeenCalled();
});

it('signed in: the avatar and tier open a menu with Profile and Sign Out', async () => {
  mockApi({ overrides: { 'GET /v2/users': { body: apiUserFixture({ tier: 'basic' }) } } });
  const store = createStore();
  store.dispatch(
    signedIn({ user: { id: 'u1', username: 'ada', name: 'Ada', avatarUrl: null, tier: 'basic', roles: [] }, permissions: [] }),
  );
  renderShell(<AccountButton onSignIn={() => undefined} />, { store });
  const trigger = screen.getByRole('button', { name: 'Account menu of Ada, True Supporter' });
  expect(trigger).toHaveTextContent('True Supporter');
  await userEvent.click(trigger);
  expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
  expect(store.getState().session.signOutRequested).toBe(true);
});
