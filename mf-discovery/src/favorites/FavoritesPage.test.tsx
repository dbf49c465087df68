import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectSignInPrompt } from '@fable/shared';
import { characterFixture } from '../testing/characterFixture';
import { location, renderDiscovery, type DiscoverySetup } from '../testing/renderDiscovery';
import { FavoritesPage } from './FavoritesPage';

const page = (hits: ReturnType<typeof characterFixture>[], found = hits.length) => ({ body: { hits, found, page: 1, per_page: 48 } });

function renderFavorites(setup: DiscoverySetup = {}) {
  window.localStorage.clear();
  return renderDiscovery(<FavoritesPage />, { url: '/favorite-bots', path: '/favorite-bots', ...setup });
}

it('shows guests the marketing page with sign-in', async () => {
  const { store } = renderFavorites();
  expect(screen.getByRole('heading', { level: 1, name: 'Your Favorite Chatbots in One Place' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Create Free Account' }));
  expect(selectSignInPrompt(store.getState())).toEqual({ open: true, returnTo: '/favorite-bots' });
});

it('shows the empty state with Explore Chatbots to home', async () => {
  renderFavorites({ member: true, handlers: { 'GET /users/favorites': page([]) } });
  expect(await screen.findByRole('heading', { name: 'Start browsing chatbots and see what you like' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Explore Chatbots' }));
  expect(location()).toBe('/');
});

it('lists the favourites; unliking one takes its card away', async () => {
  const { fake } = renderFavorites({
    member: true,
    handlers: {
      'GET /users/favorites': page([characterFixture({ id: 'c1', name: 'Aria' }), characterFixture({ id: 'c2', name: 'Bo' })]),
      'DELETE /characters/c1/favorite': { body: { character_id: 'c1', is_favorite: false, num_favorites: 0 } },
    },
  });
  const aria = await screen.findByRole('article', { name: 'Aria' });
  expect(within(aria).getByText('Liked')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Favorite Chatbots' })).toBeInTheDocument();
  await userEvent.click(within(aria).getByRole('button', { name: 'More actions for Aria' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Unlike' }));
  expect(screen.queryByRole('article', { name: 'Aria' })).not.toBeInTheDocument();
  expect(screen.getByRole('article', { name: 'Bo' })).toBeInTheDocument();
  await waitFor(() => expect(fake.callsTo('DELETE /characters/c1/favorite')).toHaveLength(1));
  // The list is asked again (counts and pages move).
  await waitFor(() => expect(fake.callsTo('GET /users/favorites').length).toBeGreaterThanOrEqual(2));
});

it('pages through the URL', async () => {
  const { fake } = renderFavorites({ member: true, url: '/favorite-bots?page=2', handlers: { 'GET /users/favorites': page([characterFixture()], 100) } });
  await screen.findAllByRole('article');
  expect(fake.callsTo('GET /users/favorites')[0]?.query).toEqual({ page: '2' });
  window.scrollTo = jest.fn();
  await userEvent.click(within(screen.getByRole('navigation', { name: 'Result pages' })).getByRole('button', { name: 'Page 1' }));
  expect(location()).toBe('/favorite-bots');
});

it('shows the failure with Try Again', async () => {
  renderFavorites({ member: true, handlers: { 'GET /users/favorites': { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } } });
  expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
});
