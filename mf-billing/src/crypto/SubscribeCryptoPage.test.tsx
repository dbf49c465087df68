import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeploymentSchema } from '@fable/contracts';
import { createStore, deploymentLoaded } from '@fable/shared';
import { renderRoute } from '@fable/shared/testing';
import { SubscribeCryptoPage } from './SubscribeCryptoPage';

function card(title: string) {
  return screen.getByRole('heading', { level: 2, name: title }).closest('li')!;
}

it('shows the three tiers with the fixed crypto prices of the spec and a payment link per frequency', () => {
  renderRoute(<SubscribeCryptoPage />, { path: '/subscribe-crypto', url: '/subscribe-crypto' });
  expect(screen.getByRole('heading', { level: 1, name: 'Subscribe with Crypto' })).toBeInTheDocument();

  const taste = within(card('Get a Taste'));
  expect(taste.getByText('$50.00')).toBeInTheDocument();
  expect(taste.getByText('Available annually only.')).toBeInTheDocument();
  expect(taste.queryByRole('link', { name: /Pay Monthly/ })).not.toBeInTheDocument();
  expect(taste.getByRole('link', { name: 'Pay Annually: Get a Taste' })).toHaveAttribute('href', '/api/checkout/crypto/crypto_minimal_1y');

  const supporter = within(card('True Supporter'));
  expect(supporter.getByText('$15.00')).toBeInTheDocument();
  expect(supporter.getByText('$149.99')).toBeInTheDocument();
  expect(supporter.getByText('Everything in Get a Taste, plus:')).toBeInTheDocument();
  expect(supporter.getByText('Semantic memory 2.0')).toBeInTheDocument();
  expect(supporter.getByRole('link', { name: 'Pay Monthly: True Supporter' })).toHaveAttribute('href', '/api/checkout/crypto/crypto_basic_1m');

  const allIn = within(card("I'm All In"));
  expect(allIn.getByText('$24.99')).toBeInTheDocument();
  expect(allIn.getByText('$249.99')).toBeInTheDocument();
  expect(allIn.getByText('Conversation images on private bots')).toBeInTheDocument();
  const payAnnually = allIn.getByRole('link', { name: "Pay Annually: I'm All In" });
  expect(payAnnually).toHaveAttribute('href', '/api/checkout/crypto/crypto_premium_1y');
  expect(payAnnually).toHaveAttribute('target', '_blank');
  expect(payAnnually).toHaveAttribute('rel', 'noopener noreferrer');

  expect(screen.getAllByText('2 months free / 16% Off')).toHaveLength(3);
});

it('says manual account linking is needed and may take a few hours', () => {
  renderRoute(<SubscribeCryptoPage />, { path: '/subscribe-crypto', url: '/subscribe-crypto' });
  const notice = screen.getByRole('region', { name: 'Manual account linking' });
  expect(notice).toHaveTextContent('Crypto payments are not linked to your account automatically.');
  expect(notice).toHaveTextContent('Linking is done by hand and may take a few hours.');
});

it('names the deployment’s brand and links its support', () => {
  const store = createStore();
  store.dispatch(
    deploymentLoaded(
      DeploymentSchema.parse({
        id: 'partner-x',
        applicationId: 'partner-x',
        kind: 'partner',
        brand: {
          name: 'StoryNest',
          logoUrl: '/brand/x.svg',
          colors: { primary: '#e4572e', accent: '#29335c' },
          footer: {},
          links: { support: 'mailto:help@storynest.example', terms: '/terms', privacy: '/privacy', refund: '/refund' },
        },
        hostnames: ['storynest.localhost'],
        partner: { enabled: true },
        remotes: {},
      }),
    ),
  );
  renderRoute(<SubscribeCryptoPage />, { path: '/subscribe-crypto', url: '/subscribe-crypto', store });
  const notice = screen.getByRole('region', { name: 'Manual account linking' });
  expect(notice).toHaveTextContent('the email address of your StoryNest account');
  expect(within(notice).getByRole('link', { name: 'our support team' })).toHaveAttribute('href', 'mailto:help@storynest.example');
});

it('shows the Black Friday annual prices against the list prices', () => {
  renderRoute(<SubscribeCryptoPage blackFriday />, { path: '/subscribe-crypto', url: '/subscribe-crypto' });
  const taste = within(card('Get a Taste'));
  expect(taste.getByText('$36.00')).toBeInTheDocument();
  expect(taste.getByLabelText('Regular price $60.00')).toBeInTheDocument();
  expect(within(card('True Supporter')).getByText('$110.00')).toBeInTheDocument();
  expect(within(card('True Supporter')).getByLabelText('Regular price $180.00')).toBeInTheDocument();
  expect(within(card("I'm All In")).getByText('$180.00')).toBeInTheDocument();
  expect(within(card("I'm All In")).getByLabelText('Regular price $300.00')).toBeInTheDocument();
  expect(screen.getAllByText('Black Friday offer up to 40% off')).toHaveLength(3);
});

it('goes back to the subscribe page', async () => {
  renderRoute(<SubscribeCryptoPage />, { path: '/subscribe-crypto', url: '/subscribe-crypto' });
  await userEvent.click(screen.getByRole('link', { name: 'Back to Subscribe' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/subscribe');
  expect(screen.getByText('elsewhere')).toBeInTheDocument();
});
