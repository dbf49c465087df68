import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@fable/shared';
import { DeploymentSchema } from '@fable/contracts';
import { AppProviders, deploymentLoaded, getStore } from '@fable/shared';
import { selectInterests, selectListingSort } from '../discoverySlice';
import { HomePage } from './HomePage';

function renderHome() {
  return render(
    <AppProviders store={getStore()}>
      <MemoryRouter initialEntries={['/']}>
        <HomePage />
      </MemoryRouter>
    </AppProviders>,
  );
}

function loadDeployment(flags: Record<string, boolean>) {
  const deployment = DeploymentSchema.parse({
    id: 'main',
    applicationId: 'fable',
    kind: 'main',
    brand: {
      name: 'Fable',
      logoUrl: '/logo.svg',
      colors: { primary: '#7c5cff', accent: '#ff5c8a' },
      footer: {},
      links: { support: '/support', terms: '/terms', privacy: '/privacy', refund: '/refund' },
    },
    hostnames: ['localhost'],
    partner: { enabled: false },
    flags,
    remotes: {},
  });
  act(() => {
    getStore().dispatch(deploymentLoaded(deployment));
  });
}

beforeEach(() => {
  window.localStorage.clear();
  loadDeployment({});
});

it('renders the listing frame with the texts of the spec', () => {
  renderHome();
  expect(screen.getByPlaceholderText('Dive into endless fantasies - start searching!')).toBeInTheDocument();
  expect(screen.getByRole('search')).toBeInTheDocument();
  const sort = screen.getByRole('combobox', { name: 'Sort by' });
  expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual(['Trending', 'Top Rated', 'Popular', 'Latest', 'Name']);
  expect(screen.getByRole('button', { name: 'Tags' })).toBeInTheDocument();
  expect(screen.getByText('No Results Found')).toBeInTheDocument();
  expect(screen.getByText('Try clearing your filters or use another keyword')).toBeInTheDocument();
  // Without the first-time flag there is no picker.
  expect(screen.queryByText("I'm interested in...")).not.toBeInTheDocument();
});

it('keeps what is typed in the search box', async () => {
  renderHome();
  const box = screen.getByRole('searchbox', { name: 'Search chatbots' });
  await userEvent.type(box, '@storyteller');
  expect(box).toHaveValue('@storyteller');
  await userEvent.clear(box);
  expect(box).toHaveValue('');
});

it('changes the sort and keeps it in the discovery slice', async () => {
  renderHome();
  const sort = screen.getByRole('combobox', { name: 'Sort by' });
  expect(sort).toHaveValue('popular');
  await userEvent.selectOptions(sort, 'Top Rated');
  expect(sort).toHaveValue('top_rated');
  expect(selectListingSort(getStore().getState())).toBe('top_rated');
  await userEvent.selectOptions(sort, 'Latest');
  expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('latest');
});

it('opens and closes the tag filter panel', async () => {
  renderHome();
  const button = screen.getByRole('button', { name: 'Tags' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  const panel = screen.getByRole('region', { name: 'Tags' });
  expect(within(panel).getByText('Include')).toBeInTheDocument();
  expect(within(panel).getByText('Exclude')).toBeInTheDocument();
  expect(within(panel).getByRole('button', { name: 'Reset' })).toBeDisabled();
  await userEvent.click(button);
  expect(screen.queryByRole('region', { name: 'Tags' })).not.toBeInTheDocument();
});

it('shows the first-time interest picker once when the flag is on', async () => {
  loadDeployment({ first_time_interest_modal: true });
  const { unmount } = renderHome();
  expect(screen.getByRole('heading', { name: "I'm interested in..." })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Jump In' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Female' }));
  expect(screen.getByRole('button', { name: 'Female' })).toHaveAttribute('aria-pressed', 'true');
  await userEvent.click(screen.getByRole('button', { name: 'Non-Binary' }));
  await userEvent.click(screen.getByRole('button', { name: 'Start Chatting' }));
  expect(screen.queryByText("I'm interested in...")).not.toBeInTheDocument();
  expect(selectInterests(getStore().getState())).toEqual(['female', 'non_binary']);

  unmount();
  renderHome();
  expect(screen.queryByText("I'm interested in...")).not.toBeInTheDocument();
});

it('lets the picker be skipped with Jump In', async () => {
  loadDeployment({ first_time_interest_modal: true });
  renderHome();
  await userEvent.click(screen.getByRole('button', { name: 'Male' }));
  await userEvent.click(screen.getByRole('button', { name: 'Male' }));
  await userEvent.click(screen.getByRole('button', { name: 'Jump In' }));
  expect(screen.queryByText("I'm interested in...")).not.toBeInTheDocument();
  expect(selectInterests(getStore().getState())).toEqual([]);
});
