import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deploymentLoaded } from '@fable/shared';
import { deploymentFixture } from '@fable/shared/testing';
import { location, renderCreator, toasts } from '../testing/renderCreator';
import { matchingLorebooks, MyLorebooksPage } from './MyLorebooksPage';

const renderTab = (setup: Parameters<typeof renderCreator>[1] = {}) =>
  renderCreator(<MyLorebooksPage />, { url: '/my-chatbots/lorebooks', path: ['/my-chatbots/lorebooks', '/lorebook/create', '/lorebook/edit/:id'], ...setup });

beforeEach(() => window.localStorage.clear());

it('lists the member’s lorebooks as cards linking to their pages, in the Lorebooks tab', async () => {
  renderTab();
  const card = await screen.findByTestId('lorebook-card');
  expect(within(card).getByRole('link', { name: 'Rain City' })).toHaveAttribute('href', '/lorebook/lb-ada');
  expect(within(card).getByText('3 entries')).toBeInTheDocument();
  expect(screen.getAllByTestId('lorebook-card')).toHaveLength(1); // not Nebula Atlas: someone else's
  const nav = screen.getByRole('navigation', { name: 'My Chatbots sections' });
  expect(within(nav).getByRole('link', { name: 'Lorebooks' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Create Lorebook' })).toHaveAttribute('href', '/lorebook/create');
});

it('searches by name, description and tags', () => {
  const base = { avatar_url: null, creator_username: 'ada', num_entries: 1 };
  const list = [
    { ...base, id: 'a', name: 'Rain City', description: 'Noir streets', tags: ['Mystery'] },
    { ...base, id: 'b', name: 'Sea Atlas', description: 'Islands', tags: ['Adventure'] },
  ];
  expect(matchingLorebooks(list, 'rain').map((l) => l.id)).toEqual(['a']);
  expect(matchingLorebooks(list, 'ISLAND').map((l) => l.id)).toEqual(['b']);
  expect(matchingLorebooks(list, 'advent').map((l) => l.id)).toEqual(['b']);
  expect(matchingLorebooks(list, '  ').map((l) => l.id)).toEqual(['a', 'b']);
});

it('filters the cards with the search box', async () => {
  renderTab();
  await screen.findByTestId('lorebook-card');
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search your lorebooks' }), 'atlantis{Enter}');
  expect(await screen.findByText('0 lorebook(s) found')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
});

it('opens the editor from the card’s menu', async () => {
  renderTab();
  await userEvent.click(await screen.findByRole('button', { name: 'More actions for Rain City' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
  expect(location()).toBe('/lorebook/edit/lb-ada');
});

it('removes a lorebook after confirming, with "Lorebook removed", down to the empty state', async () => {
  const { store, fake } = renderTab();
  await userEvent.click(await screen.findByRole('button', { name: 'More actions for Rain City' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Remove' }));
  const dialog = screen.getByRole('dialog', { name: 'Remove lorebook' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(toasts(store)).toContainEqual({ type: 'success', message: 'Lorebook removed' }));
  expect(fake.callsTo('DELETE /lorebooks/lb-ada')).toHaveLength(1);
  expect(await screen.findByRole('heading', { name: 'No Lorebooks Yet' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Create Lorebook' }));
  expect(location()).toBe('/lorebook/create');
});

it('shows a loader, then the error state with Try Again when the list cannot be had', async () => {
  renderTab({ handlers: { 'GET /users/lorebooks': { status: 500, body: { error: { code: 'x', message: 'down' } } } } });
  expect(screen.getByRole('status', { name: 'Loading your lorebooks' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
});

it('is the 404 page while the lorebook flag is off', async () => {
  const { store } = renderTab();
  act(() => {
    store.dispatch(deploymentLoaded(deploymentFixture({ flags: {} })));
  });
  expect(await screen.findByText('This page is gone.')).toBeInTheDocument();
});

it('invites a guest to create an account', async () => {
  renderTab({ guest: true });
  expect(await screen.findByRole('heading', { level: 1, name: 'Your Lorebooks' })).toBeInTheDocument();
});
