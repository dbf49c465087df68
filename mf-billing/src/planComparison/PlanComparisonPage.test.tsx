import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectBillingFrequency } from '../billingSlice';
import { selectSignInPrompt } from '@fable/shared';
import { location, renderBilling, type BillingSetup } from '../testing/renderBilling';
import { PlanComparisonPage } from './PlanComparisonPage';

const PATHS = ['/plan-comparison', '/plan-comparison/:frequency'];

/** Renders the page at `url` and waits for its table. */
async function renderAt(url: string, setup: BillingSetup = {}) {
  const result = renderBilling(<PlanComparisonPage />, { path: PATHS, url, ...setup });
  await screen.findByRole('table');
  return result;
}

/** The column headers, one per plan, in order. */
function planColumns() {
  const [header] = screen.getAllByRole('row');
  return within(header!)
    .getAllByRole('columnheader')
    .slice(1)
    .map((cell) => cell.getAttribute('data-tier'));
}

function cellsOfRow(feature: string) {
  const row = screen.getByRole('rowheader', { name: feature }).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

it('shows the monthly view by default: Get a Taste hidden, monthly prices with two decimals', async () => {
  await renderAt('/plan-comparison');
  expect(screen.getByRole('heading', { level: 1, name: 'Compare Plans' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Pay Monthly' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: /^Pay Annually/ })).toHaveAttribute('aria-pressed', 'false');
  expect(planColumns()).toEqual(['free', 'basic', 'premium']);
  expect(screen.queryByText('Get a Taste')).not.toBeInTheDocument();
  const header = screen.getAllByRole('row')[0]!;
  expect(within(header).getByText('True Supporter')).toBeInTheDocument();
  expect(within(header).getByText("I'm All In")).toBeInTheDocument();
  expect(within(header).getByText('$0.00')).toBeInTheDocument();
  expect(within(header).getByText('$15.00')).toBeInTheDocument();
  expect(within(header).getByText('$24.99')).toBeInTheDocument();
  expect(within(header).getAllByText('/ month')).toHaveLength(3);
});

it('lists the features of the spec, each from the tier that introduces it', async () => {
  await renderAt('/plan-comparison/monthly');
  for (const feature of [
    'Unlimited messages',
    'Unlimited character creation',
    '4K context',
    'Skip the waiting line',
    'Memory manager',
    '8K memory',
    'Semantic memory 2.0',
    'Longer responses',
    'Conversation images',
    'Access to 45B models',
    'A priority generation queue',
    '16K memory',
    'A 70b model (beta)',
    'Conversation images on private bots',
  ]) {
    expect(screen.getByRole('rowheader', { name: feature })).toBeInTheDocument();
  }
  // Free, True Supporter, I'm All In
  expect(cellsOfRow('Unlimited messages')).toEqual(['Included', 'Included', 'Included']);
  expect(cellsOfRow('Skip the waiting line')).toEqual(['Not included', 'Included', 'Included']);
  expect(cellsOfRow('Conversation images on private bots')).toEqual(['Not included', 'Not included', 'Included']);
  // Context per tier, from the one list the chat obeys: 4K free, 8K True Supporter, 16K I'm All In (document 1 §1).
  expect(cellsOfRow('4K context')).toEqual(['Included', 'Included', 'Included']);
  expect(cellsOfRow('8K memory')).toEqual(['Not included', 'Included', 'Included']);
  expect(cellsOfRow('16K memory')).toEqual(['Not included', 'Not included', 'Included']);
});

it('switches to the annual view: all three tiers, annual prices, the discount text, the URL and the store follow', async () => {
  const { store } = await renderAt('/plan-comparison');
  await userEvent.click(screen.getByRole('button', { name: /^Pay Annually/ }));

  expect(screen.getByTestId('location')).toHaveTextContent('/plan-comparison/annual');
  expect(selectBillingFrequency(store.getState())).toBe('annual');
  expect(screen.getByRole('button', { name: /^Pay Annually/ })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: /^Pay Annually/ })).toHaveTextContent('2 months free / 16% Off');
  expect(planColumns()).toEqual(['free', 'minimal', 'basic', 'premium']);
  const header = screen.getAllByRole('row')[0]!;
  expect(within(header).getByText('Get a Taste')).toBeInTheDocument();
  expect(within(header).getByText('$50.00')).toBeInTheDocument();
  expect(within(header).getByText('$149.99')).toBeInTheDocument();
  expect(within(header).getByText('$249.99')).toBeInTheDocument();
  expect(within(header).getAllByText('/ year')).toHaveLength(4);
  expect(cellsOfRow('Memory manager')).toEqual(['Not included', 'Included', 'Included', 'Included']);

  await userEvent.click(screen.getByRole('button', { name: 'Pay Monthly' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/plan-comparison/monthly');
  expect(planColumns()).toEqual(['free', 'basic', 'premium']);
  expect(selectBillingFrequency(store.getState())).toBe('monthly');
});

it('opens on the annual view from its URL', async () => {
  await renderAt('/plan-comparison/annual');
  expect(screen.getByRole('button', { name: /^Pay Annually/ })).toHaveAttribute('aria-pressed', 'true');
  expect(planColumns()).toEqual(['free', 'minimal', 'basic', 'premium']);
});

it('shows the 404 page for a frequency that is neither monthly nor annual', () => {
  renderBilling(<PlanComparisonPage />, { path: PATHS, url: '/plan-comparison/weekly' });
  expect(screen.getByText('This page is gone.')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

it('marks the signed-in user’s plan; choosing another goes to its checkout', async () => {
  await renderAt('/plan-comparison', { member: { tier: 'basic', roles: ['paid_basic'] } });
  const basic = screen.getAllByRole('columnheader').find((cell) => cell.getAttribute('data-tier') === 'basic')!;
  expect(within(basic).getByText('Your plan')).toBeInTheDocument();
  expect(screen.getAllByText('Your plan')).toHaveLength(1);
  expect(screen.getByRole('button', { name: 'Choose True Supporter' })).toBeDisabled();
  expect(screen.getByRole('link', { name: 'Pay with crypto' })).toHaveAttribute('href', '/subscribe-crypto');
  expect(screen.getByRole('link', { name: 'Back to Subscribe' })).toHaveAttribute('href', '/subscribe');
  await userEvent.click(screen.getByRole('button', { name: "Choose I'm All In" }));
  expect(location()).toBe('/checkout?plan_id=premium_1m');
});

it('asks a guest who chooses a plan to sign up', async () => {
  const { store } = await renderAt('/plan-comparison/annual', { guest: true });
  await userEvent.click(screen.getByRole('button', { name: 'Choose Get a Taste' }));
  expect(selectSignInPrompt(store.getState())).toEqual({ open: true, returnTo: '/checkout?plan_id=minimal_1y' });
});

it('reads its prices from the purchase options', async () => {
  const { fake } = await renderAt('/plan-comparison', {
    handlers: {
      'GET /subscriptions/purchase_options': {
        body: {
          default_plan_id: 'basic_1m',
          payment_methods: ['card'],
          plans: { monthly: [{ plan_id: 'basic_1m', role: 'paid_basic', tier: 'basic', period: 'monthly', price: 9.5 }], annual: [] },
        },
      },
    },
  });
  expect(planColumns()).toEqual(['free', 'basic']);
  expect(within(screen.getAllByRole('row')[0]!).getByText('$9.50')).toBeInTheDocument();
  expect(fake.callsTo('GET /subscriptions/purchase_options')).toHaveLength(1);
});

it('shows an error with a retry when the purchase options cannot be loaded', async () => {
  renderBilling(<PlanComparisonPage />, {
    path: PATHS,
    url: '/plan-comparison',
    handlers: { 'GET /subscriptions/purchase_options': { status: 500, body: { error: { code: 'internal', message: 'Boom' } } } },
  });
  expect(await screen.findByRole('alert')).toHaveTextContent('The plans could not be loaded.');
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});
