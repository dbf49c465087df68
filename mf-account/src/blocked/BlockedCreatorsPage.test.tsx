import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { becameGuest, sessionFromUser, signedIn } from '@fable/shared';
import { apiErrorBody, apiUserFixture, mockApi, storeWith, deploymentFixture, type FakeHandler } from '@fable/shared/testing';
import routes from '../routes';
import { renderDataRoute } from '../testing/renderDataRoute';
import { BLOCKED_TEXTS, BlockedCreatorsPage } from './BlockedCreatorsPage';

let fake: ReturnType<typeof mockApi> | undefined;
afterEach(() => {
  fake?.restore();
  fake = undefined;
});

function open(signedInUser: boolean, handlers: Record<string, FakeHandler> = {}) {
  fake = mockApi({ overrides: handlers });
  const store = storeWith(deploymentFixture());
  if (signedInUser) store.dispatch(signedIn(sessionFromUser(apiUserFixture())));
  else store.dispatch(becameGuest({ guestUserId: 'g1', permissions: [] }));
  renderDataRoute(BlockedCreatorsPage, { path: '/blocked-creators', url: '/blocked-creators', store });
  return store;
}

it('is the page of the contract’s blockedCreators id', () => {
  expect(routes.pages.blockedCreators).toBeDefined();
});

it('tells a guest they are not logged in and opens sign-in', async () => {
  const store = open(false);
  expect(screen.getByRole('heading', { name: BLOCKED_TEXTS.heading })).toBeInTheDocument();
  expect(screen.getByText('You are not logged in yet!')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(store.getState().session.signInPrompt).toEqual({ open: true, returnTo: '/blocked-creators' });
});

it('shows the empty text when nobody is blocked', async () => {
  open(true, { 'GET /users/blocked-creators': { body: { blocked: [] } } });
  expect(await screen.findByText('Not blocked any creator yet!')).toBeInTheDocument();
});

it('lists blocked creators linking to their pages, and unblocks after the confirmation', async () => {
  let blocked = [
    { id: 'c1', username: 'ravenquill' },
    { id: 'c2', username: 'starwright' },
  ];
  open(true, {
    'GET /users/blocked-creators': () => ({ body: { blocked } }),
    'DELETE /users/blocked-creators/c1': () => {
      blocked = blocked.filter((b) => b.id !== 'c1');
      return { body: { blocked } };
    },
  });
  const list = await screen.findByRole('list', { name: 'Blocked Creators' });
  expect(within(list).getByRole('link', { name: '@ravenquill' })).toHaveAttribute('href', '/creator/ravenquill');
  await userEvent.click(within(list).getByRole('button', { name: 'Unblock @ravenquill' }));
  const dialog = screen.getByRole('dialog', { name: 'Unblock Creator' });
  // Nothing is sent before the confirmation.
  expect(fake!.callsTo('DELETE /users/blocked-creators/c1')).toHaveLength(0);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Unblock' }));
  await waitFor(() => expect(screen.queryByRole('link', { name: '@ravenquill' })).not.toBeInTheDocument());
  expect(screen.getByRole('link', { name: '@starwright' })).toBeInTheDocument();
  expect(fake!.callsTo('DELETE /users/blocked-creators/c1')).toHaveLength(1);
});

it('keeps the dialog open with the server’s message when unblocking fails', async () => {
  open(true, {
    'GET /users/blocked-creators': { body: { blocked: [{ id: 'c1', username: 'ravenquill' }] } },
    'DELETE /users/blocked-creators/c1': { status: 500, body: apiErrorBody('internal_error', 'The server stumbled') },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Unblock @ravenquill' }));
  const dialog = screen.getByRole('dialog', { name: 'Unblock Creator' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Unblock' }));
  expect(await within(dialog).findByText('The server stumbled')).toBeInTheDocument();
  // Behind the open dialog (which hides the page from assistive technology), the creator is still listed.
  expect(screen.getByRole('link', { name: '@ravenquill', hidden: true })).toBeInTheDocument();
});
