import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { characterFixture, searchResultFixture } from '../testing/characterFixture';
import { location, renderDiscovery } from '../testing/renderDiscovery';
import { CreatorPage } from './CreatorPage';

const creator = { user_id: 'u9', username: 'ada', display_name: 'Ada L', avatar_url: null, num_characters: 1500 };

function renderCreator(url = '/creator/ada', handlers = {}) {
  window.localStorage.clear();
  window.scrollTo = jest.fn();
  return renderDiscovery(<CreatorPage />, {
    url,
    path: '/creator/:creatorUsername',
    handlers: {
      'GET /creators/ada': { body: creator },
      'GET /characters/search': { body: searchResultFixture([characterFixture({ id: 'c1', name: 'Aria', creator_username: 'ada' })], { found: 60 }) },
      ...handlers,
    },
  });
}

it('is titled "@{username}\'s Chatbots" and searches that creator only', async () => {
  const { fake } = renderCreator();
  expect(screen.getByRole('heading', { level: 1, name: "@ada's Chatbots" })).toBeInTheDocument();
  expect(await screen.findByRole('article', { name: 'Aria' })).toBeInTheDocument();
  expect(screen.getByText('Ada L · 1.5k chatbots')).toBeInTheDocument();
  expect(fake.callsTo('GET /characters/search').at(-1)?.query).toEqual({ sort: 'popular', page: '1', creator_username: 'ada' });
  // No tag filter here.
  expect(screen.queryByRole('button', { name: 'Tags' })).not.toBeInTheDocument();
});

it('searches within the creator, sorts and pages through the URL', async () => {
  const { fake } = renderCreator();
  await screen.findByRole('article', { name: 'Aria' });
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search chatbots' }), 'knight{Enter}');
  expect(location()).toBe('/creator/ada?q=knight');
  await waitFor(() => expect(fake.callsTo('GET /characters/search').at(-1)?.query).toMatchObject({ q: 'knight', creator_username: 'ada' }));
  await userEvent.click(within(screen.getByRole('navigation', { name: 'Result pages' })).getByRole('button', { name: 'Page 2' }));
  expect(location()).toBe('/creator/ada?q=knight&page=2');
});

it('shows the 404 empty state for an unknown creator', async () => {
  renderCreator('/creator/nobody', {
    'GET /creators/nobody': { status: 404, body: { error: { code: 'not_found', message: 'The page you are looking for does not exist or never existed.' } } },
    'GET /characters/search': { body: searchResultFixture([]) },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'This page is gone.' })).toBeInTheDocument();
  expect(screen.getByText('The page you are looking for does not exist or never existed.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Back to home' }));
  expect(location()).toBe('/');
});

it('says so when the creator has no public chatbots', async () => {
  renderCreator('/creator/ada', { 'GET /characters/search': { body: searchResultFixture([]) } });
  expect(await screen.findByRole('heading', { name: 'No chatbots yet' })).toBeInTheDocument();
});
