import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { characterFixture } from '../testing/characterFixture';
import { renderDiscovery, type DiscoverySetup } from '../testing/renderDiscovery';
import { RecommendedPage } from './RecommendedPage';

function renderRecommended(setup: DiscoverySetup = {}) {
  return renderDiscovery(<RecommendedPage />, { url: '/recommended-bots', path: '/recommended-bots', ...setup });
}

beforeEach(() => window.localStorage.clear());

it('shows the recommendations for guests, with the interests they chose', async () => {
  window.localStorage.setItem('fable.interests', JSON.stringify(['Male']));
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const { fake } = renderRecommended({
    handlers: {
      'GET /recommendations': async () => {
        await gate;
        return { body: { hits: [characterFixture({ id: 'r1', name: 'Rec', recommId: 'R' }), characterFixture({ id: 'n1', name: 'Night', is_nsfw: true })], recommId: 'R' } };
      },
    },
  });
  expect(screen.getByRole('status', { name: 'Loading recommendations' })).toBeInTheDocument();
  await act(async () => release());
  expect(await screen.findByRole('article', { name: 'Rec' })).toBeInTheDocument();
  // Outside NSFW mode NSFW characters are not shown.
  expect(screen.queryByRole('article', { name: 'Night' })).not.toBeInTheDocument();
  expect(fake.callsTo('GET /recommendations')[0]?.query).toEqual({ count: '48', scenario: 'recommended', interests: 'Male' });
});

it('says so when there is nothing to recommend', async () => {
  renderRecommended({ handlers: { 'GET /recommendations': { body: { hits: [], recommId: 'R' } } } });
  expect(await screen.findByRole('heading', { name: 'No recommendations yet' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Explore Chatbots' })).toBeInTheDocument();
});

it('shows the failure and tries again', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  let fail = true;
  renderRecommended({
    member: { showNSFW: true },
    handlers: {
      'GET /recommendations': () =>
        fail ? { status: 500, body: { error: { code: 'internal_error', message: 'x' } } } : { body: { hits: [characterFixture({ id: 'r1', name: 'Rec' })], recommId: 'R' } },
    },
  });
  const retry = await screen.findByRole('button', { name: 'Try Again' });
  fail = false;
  await userEvent.click(retry);
  await waitFor(() => expect(screen.getByRole('article', { name: 'Rec' })).toBeInTheDocument());
  warn.mockRestore();
});
