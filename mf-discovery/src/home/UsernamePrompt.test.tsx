import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { characterFixture, searchResultFixture } from '../testing/characterFixture';
import { location, renderDiscovery as render, type DiscoverySetup } from '../testing/renderDiscovery';
import { ExternalHomePage, HomePage } from './HomePage';

/** The home listing with three chatbots found. */
const renderDiscovery = (page: React.ReactElement, setup: DiscoverySetup) =>
  render(page, {
    ...setup,
    handlers: {
      'GET /characters/search': { body: searchResultFixture([1, 2, 3].map((i) => characterFixture({ id: `h${i}`, name: `Bot ${i}` }))) },
      'GET /recommendations': { body: { hits: [], recommId: 'none' } },
    },
  });

const prompt = () => screen.queryByRole('region', { name: 'Choose your username' });

it('asks a member without a username to set one up, on home, where onboarding v2 is off', async () => {
  renderDiscovery(<HomePage />, { member: true, memberOverrides: { username: null }, flags: {} });
  await userEvent.click(await screen.findByRole('link', { name: 'Set Up Username' }));
  expect(location()).toBe('/signup');
});

it.each([
  ['onboarding v2 is on (the onboarding modal asks)', { member: true as const, memberOverrides: { username: null }, flags: { onboarding_v2: true } }],
  ['the member has a username', { member: true as const, flags: {} }],
  ['a guest', { flags: {} }],
])('shows no prompt where %s', async (_, setup) => {
  renderDiscovery(<HomePage />, setup);
  await screen.findAllByRole('article');
  expect(prompt()).not.toBeInTheDocument();
});

it('shows no prompt on the partners’ home', async () => {
  renderDiscovery(<ExternalHomePage />, { member: true, memberOverrides: { username: null }, flags: {}, url: '/external', path: '/external' });
  await screen.findAllByRole('article');
  expect(prompt()).not.toBeInTheDocument();
});
