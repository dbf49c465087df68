import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deploymentFixture, partnerFixture, renderRoute, storeWith } from '@fable/shared/testing';
import { ContributePage } from './ContributePage';

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

it('offers the ways to contribute: create a chatbot, a lorebook or a group chat, report, and the community', async () => {
  renderRoute(<ContributePage />, { path: '/contribute', url: '/contribute', store: storeWith(deploymentFixture()) });
  expect(screen.getByRole('heading', { level: 1, name: 'Contribute' })).toBeInTheDocument();
  expect(screen.getByText('Fable is made by its community. Here is how you can add to it.')).toBeInTheDocument();
  expect(headings()).toEqual(['Create a chatbot', 'Write a lorebook', 'Start a group chat', 'Keep it safe', 'Join the community']);
  expect(screen.getByRole('link', { name: 'Join us on Discord' })).toHaveAttribute('href', 'https://discord.gg/fable');
  await userEvent.click(screen.getByRole('link', { name: 'Create Lorebook' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/lorebook/create');
});

it('offers no creating where the partner’s site has no creator tools, and no community without its link', () => {
  renderRoute(<ContributePage />, { path: '/contribute', url: '/contribute', store: storeWith(partnerFixture()) });
  expect(screen.getByText('StoryNest is made by its community. Here is how you can add to it.')).toBeInTheDocument();
  expect(headings()).toEqual(['Keep it safe']);
  expect(screen.getByRole('link', { name: 'Report a chatbot' })).toHaveAttribute('href', '/report');
});

it('offers a lorebook or a group chat only where its feature flag is on', () => {
  renderRoute(<ContributePage />, { path: '/contribute', url: '/contribute', store: storeWith(deploymentFixture({ flags: { groupchat: true } })) });
  expect(headings()).toEqual(['Create a chatbot', 'Start a group chat', 'Keep it safe', 'Join the community']);
});
