import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MOCK_CATALOG_OPTIONS } from '@fable/mocks';
import { partnerFixture } from '@fable/shared/testing';
import { location, renderBilling } from '../testing/renderBilling';
import { SubscribeCryptoPage } from './SubscribeCryptoPage';

const PAGE = { path: '/subscribe-crypto', url: '/subscribe-crypto' };

async function card(title: string) {
  return (await screen.findByRole('heading', { level: 2, name: title })).closest('li')!;
}

it('shows the tiers with the purchase options’ prices and a payment link per frequency to the checkout of that plan', async () => {
  const { fake } = renderBilling(<SubscribeCryptoPage />, PAGE);
  expect(screen.getByRole('heading', { level: 1, name: 'Subscribe with Crypto' })).toBeInTheDocument();

  const taste = within(await card('Get a Taste'));
  expect(taste.getByText('$50.00')).toBeInTheDocument();
  expect(taste.getByText('Available annually only.')).toBeInTheDocument();
  expect(taste.queryByRole('link', { name: /Pay Monthly/ })).not.toBeInTheDocument();
  expect(taste.getByRole('link', { name: 'Pay Annually: Get a Taste' })).toHaveAttribute('href', '/checkout?plan_id=minimal_1y');

  const supporter = within(await card('True Supporter'));
  expect(supporter.getByText('$15.00')).toBeInTheDocument();
  expect(supporter.getByText('$149.99')).toBeInTheDocument();
  expect(supporter.getByText('Everything in Get a Taste, plus:')).toBeInTheDocument();
  expect(supporter.getByText('Semantic memory 2.0')).toBeInTheDocument();
  expect(supporter.getByRole('link', { name: 'Pay Monthly: True Supporter' })).toHaveAttribute('href', '/checkout?plan_id=basic_1m');

  const allIn = within(await card("I'm All In"));
  expect(allIn.getByText('$24.99')).toBeInTheDocument();
  expect(allIn.getByText('$249.99')).toBeInTheDocument();
  expect(allIn.getByText('Conversation images on private bots')).toBeInTheDocument();
  expect(allIn.getByRole('link', { name: "Pay Annually: I'm All In" })).toHaveAttribute('href', '/checkout?plan_id=premium_1y');

  expect(screen.getAllByText('2 months free / 16% Off')).toHaveLength(3);
  expect(fake.callsTo('GET /subscriptions/purchase_options')).toHaveLength(1);
});

it('follows the purchase options: a changed price shows, a tier without an annual plan is not offered', async () => {
  renderBilling(<SubscribeCryptoPage />, {
    ...PAGE,
    handlers: {
      'GET /subscriptions/purchase_options': {
        body: {
          default_plan_id: 'premium_1y',
          payment_methods: ['card'],
          plans: {
            monthly: [],
            annual: [{ plan_id: 'premium_1y', role: 'paid_premium', tier: 'premium', period: 'annual', price: 199.5 }],
          },
        },
      },
    },
  });
  const allIn = within(await card("I'm All In"));
  expect(allIn.getByText('$199.50')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'True Supporter' })).not.toBeInTheDocument();
});

it('says manual account linking is needed and may take a few hours', async () => {
  renderBilling(<SubscribeCryptoPage />, PAGE);
  await card('Get a Taste');
  const notice = screen.getByRole('region', { name: 'Manual account linking' });
  expect(notice).toHaveTextContent('Crypto payments are not linked to your account automatically.');
  expect(notice).toHaveTextContent('Linking is done by hand and may take a few hours.');
});

it('names the deployment’s brand and links its support', async () => {
  const deployment = partnerFixture();
  renderBilling(<SubscribeCryptoPage />, { ...PAGE, deployment });
  await card('Get a Taste');
  const notice = screen.getByRole('region', { name: 'Manual account linking' });
  expect(notice).toHaveTextContent(`the email address of your ${deployment.brand.name} account`);
  expect(within(notice).getByRole('link', { name: 'our support team' })).toHaveAttribute('href', deployment.brand.links.support);
});

it('during Black Friday shows each annual plan at its promotion’s price against the plan price, with its offer', async () => {
  renderBilling(<SubscribeCryptoPage />, { ...PAGE, sale: 'black_friday' });
  const taste = within(await card('Get a Taste'));
  expect(await taste.findByText('$36.00')).toBeInTheDocument();
  expect(taste.getByLabelText('Regular price $50.00')).toBeInTheDocument();
  expect(taste.getByRole('link', { name: 'Pay Annually: Get a Taste' })).toHaveAttribute('href', '/checkout?plan_id=minimal_1y&o_id=BLACKFRIDAY_MINIMAL');
  expect(within(await card('True Supporter')).getByText('$110.00')).toBeInTheDocument();
  expect(within(await card("I'm All In")).getByText('$180.00')).toBeInTheDocument();
  expect(within(await card("I'm All In")).getByLabelText('Regular price $249.99')).toBeInTheDocument();
  // Monthly plans are not on sale.
  expect(within(await card("I'm All In")).getByRole('link', { name: "Pay Monthly: I'm All In" })).toHaveAttribute('href', '/checkout?plan_id=premium_1m');
  expect(screen.getAllByText('Black Friday offer up to 40% off')).toHaveLength(3);
});

it('shows an error with a retry when the purchase options cannot be loaded, and the plans once they can', async () => {
  let fail = true;
  renderBilling(<SubscribeCryptoPage />, {
    ...PAGE,
    handlers: { 'GET /subscriptions/purchase_options': () => (fail ? { status: 503, body: { error: { code: 'unavailable', message: 'Down' } } } : { body: MOCK_CATALOG_OPTIONS }) },
  });
  expect(await screen.findByText('The plans could not be loaded.')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Get a Taste' })).toBeInTheDocument();
});

it('goes back to the subscribe page', async () => {
  renderBilling(<SubscribeCryptoPage />, PAGE);
  await card('Get a Taste');
  await userEvent.click(screen.getByRole('link', { name: 'Back to Subscribe' }));
  expect(location()).toBe('/subscribe');
  expect(screen.getByText('elsewhere')).toBeInTheDocument();
});
