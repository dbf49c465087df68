import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectSignInPrompt } from '@fable/shared';
import { deploymentFixture } from '@fable/shared/testing';
import { location, renderBilling, type BillingSetup } from '../testing/renderBilling';
import { SalePage } from './SalePage';

const PAGE = { path: '/sale', url: '/sale' };
const render = (setup: BillingSetup = {}) => renderBilling(<SalePage />, { ...PAGE, ...setup });

it('says there is no sale when none runs, with the way to the plans', async () => {
  render();
  expect(await screen.findByText('There is no sale right now.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Sale' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'See the plans' }));
  expect(location()).toBe('/subscribe');
});

it('names the next sale when one is planned', async () => {
  const starts = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const ends = new Date(Date.now() + 5 * 86_400_000).toISOString();
  render({
    handlers: {
      'GET /subscriptions/promotions': {
        body: { promotions: [{ id: 'next', kind: 'birthday', title: 'Birthday Sale', starts_at: starts, ends_at: ends, price: 0.99, plan_id: 'premium_1m' }] },
      },
    },
  });
  expect(await screen.findByText(/^Birthday Sale starts on /)).toBeInTheDocument();
});

it('offers a running birthday sale at its price for one month with a countdown; a member goes to its checkout', async () => {
  render({ sale: 'birthday' });
  const offer = await screen.findByRole('region', { name: 'Birthday Sale' });
  expect(screen.getByRole('heading', { level: 1, name: 'Birthday Sale' })).toBeInTheDocument();
  expect(within(offer).getByText('$0.99')).toBeInTheDocument();
  expect(offer).toHaveTextContent('$0.99 for your first month');
  expect(await within(offer).findByText("On I'm All In, billed monthly.")).toBeInTheDocument();
  expect(offer).toHaveTextContent('The discount applies to one month only');
  expect(within(offer).getByRole('timer')).toHaveTextContent(/^Ends in 2d 0[45]:\d\d:\d\d$/);
  await userEvent.click(within(offer).getByRole('button', { name: 'Get it for $0.99' }));
  expect(location()).toBe('/checkout?plan_id=premium_1m&o_id=bday99');
});

it('asks a guest to sign up before the sale’s checkout', async () => {
  const { store } = render({ sale: 'birthday', guest: true });
  const offer = await screen.findByRole('region', { name: 'Birthday Sale' });
  await userEvent.click(within(offer).getByRole('button', { name: 'Get it for $0.99' }));
  expect(selectSignInPrompt(store.getState())).toEqual({ open: true, returnTo: '/checkout?plan_id=premium_1m&o_id=bday99' });
});

it('offers the Valentine promo only where it is offered: its flag on, a signed-in member not on premium', async () => {
  const on = deploymentFixture({ flags: { ...deploymentFixture().flags, valentine_promo: true } });
  const first = render({ sale: 'valentine', deployment: on });
  expect(await screen.findByRole('region', { name: "Valentine's Special" })).toHaveTextContent('$0.99 for your first month');
  first.unmount();
  for (const setup of [{ guest: true, deployment: on }, { member: { tier: 'premium' as const }, deployment: on }, {}]) {
    const { unmount } = render({ sale: 'valentine', ...setup });
    expect(await screen.findByText('There is no sale right now.')).toBeInTheDocument();
    expect(screen.queryByText(/Valentine/)).not.toBeInTheDocument();
    unmount();
  }
});

it('shows the annual plans at their Black Friday prices in one section; choosing one takes its offer to the checkout', async () => {
  render({ sale: 'black_friday' });
  const offer = await screen.findByRole('region', { name: 'Black Friday' });
  expect(offer).toHaveTextContent('Black Friday offer up to 40% off');
  const plans = within(await within(offer).findByRole('list', { name: 'Annual plans at Black Friday prices' }));
  const taste = within(plans.getByRole('heading', { name: 'Get a Taste' }).closest('li')!);
  expect(taste.getByText('$36.00')).toBeInTheDocument();
  expect(taste.getByLabelText('Regular price $50.00')).toBeInTheDocument();
  const amounts = plans.getAllByRole('listitem').map((li) => li.querySelector('.amount')?.textContent);
  expect(amounts).toEqual(['$36.00', '$110.00', '$180.00']);
  expect(screen.getAllByRole('region', { name: 'Black Friday' })).toHaveLength(1);
  await userEvent.click(plans.getByRole('button', { name: 'Choose True Supporter' }));
  expect(location()).toBe('/checkout?plan_id=basic_1y&o_id=BLACKFRIDAY_BASIC');
});

it('shows an error with a retry when the promotions cannot be loaded', async () => {
  render({ handlers: { 'GET /subscriptions/promotions': { status: 500, body: { error: { code: 'internal', message: 'Boom' } } } } });
  expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});
