import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Promotion } from '@fable/contracts';
import { runningMockPromotions } from '@fable/mocks';
import { characterFixture, searchResultFixture } from '../testing/characterFixture';
import { location, renderDiscovery, type DiscoverySetup } from '../testing/renderDiscovery';
import { HomePage } from './HomePage';
import { VALENTINE_CLOSED_KEY } from './ValentinePromo';


function renderHome(setup: DiscoverySetup, promotions: Promotion[] = runningMockPromotions('valentine', Date.now())) {
  return renderDiscovery(<HomePage />, {
    ...setup,
    handlers: {
      'GET /characters/search': { body: searchResultFixture([characterFixture({ id: 'h1', name: 'Bot 1' })]) },
      'GET /recommendations': { body: { hits: [], recommId: 'none' } },
      'GET /subscriptions/promotions': { body: { promotions } },
    },
  });
}

const promo = () => screen.queryByRole('complementary', { name: "Valentine's Special" });

beforeEach(() => sessionStorage.clear());

it('offers a signed-in member not on premium the running Valentine promo on home, behind its flag; Not now hides it for the session', async () => {
  const first = renderHome({ member: true, flags: { valentine_promo: true } });
  expect(await screen.findByText('$0.99 for your first month')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Get it for $0.99' }));
  expect(location()).toBe('/checkout?plan_id=premium_1m&o_id=bday99');
  first.unmount();

  const { fake } = renderHome({ member: true, flags: { valentine_promo: true } });
  await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
  expect(promo()).not.toBeInTheDocument();
  expect(JSON.parse(sessionStorage.getItem(VALENTINE_CLOSED_KEY)!)).toEqual(['valentine-now']);
  expect(fake.callsTo('GET /subscriptions/promotions').length).toBeGreaterThan(0);
});

it.each([
  ['its flag is off', { member: true as const, flags: {} }],
  ['the member is on premium', { member: true as const, memberOverrides: { tier: 'premium' as const }, flags: { valentine_promo: true } }],
  ['a guest', { flags: { valentine_promo: true } }],
])('shows no Valentine promo on home where %s', async (_, setup) => {
  const { fake } = renderHome(setup);
  await screen.findAllByRole('article');
  // Settled (home's members-only notices have had their chunk): the promotions are not even asked for.
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  expect(fake.callsTo('GET /subscriptions/promotions')).toHaveLength(0);
  expect(promo()).not.toBeInTheDocument();
});
