import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CHECKOUT_TEXTS } from './checkoutTexts';
import type { PaymentConfig } from '@fable/contracts';
import { cardFieldsAvailable } from './CardFields';
import { fillPersonalInfo, location, priceCalculated, renderCheckout, submitButton, terms } from '../testing/checkoutTestKit';

// The checkout draws the configured provider's card fields: Stripe's Payment Element where the API runs on Stripe
// (Stripe.js cannot load here: a stand-in of its API records what the checkout asks of it), the sandbox's otherwise.

jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: jest.fn() }));
jest.setTimeout(30_000);

type Listener = (event: unknown) => void;

/** Stripe.js as far as the checkout uses it: elements(), the Payment Element's events, submit and createPaymentMethod. */
function fakeStripe() {
  const listeners = new Map<string, Listener>();
  const element = { on: jest.fn((name: string, listener: Listener) => listeners.set(name, listener)), mount: jest.fn(), destroy: jest.fn() };
  const elements = { create: jest.fn(() => element), submit: jest.fn(async () => ({})) };
  const stripe = {
    elements: jest.fn(() => elements),
    createPaymentMethod: jest.fn(async () => ({ paymentMethod: { id: 'pm_from_stripe', card: { brand: 'visa', last4: '4242' } } })),
  };
  const emit = (name: string, event: unknown = {}) => act(() => listeners.get(name)!(event));
  return { stripe, elements, element, emit };
}

const STRIPE_CONFIG: PaymentConfig = { provider: 'stripe', publishable_key: 'pk_test_51Fable', card_fields_url: null, frame_origin: null };

it('mounts Stripe\'s Payment Element with the publishable key, for cards kept for renewals, and subscribes with its payment method', async () => {
  const fake = fakeStripe();
  jest.mocked(loadStripe).mockResolvedValue(fake.stripe as never);
  const user = userEvent.setup();
  const { fake: api } = renderCheckout('/checkout?plan_id=basic_1m', { handlers: { 'GET /checkout/payment_config': () => ({ body: STRIPE_CONFIG }) } });
  await fillPersonalInfo(user);
  await priceCalculated();
  await waitFor(() => expect(fake.element.mount).toHaveBeenCalledWith(screen.getByTestId('stripe-payment-element')));
  expect(loadStripe).toHaveBeenCalledWith('pk_test_51Fable');
  expect(fake.stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ mode: 'setup', paymentMethodCreation: 'manual', allowedPaymentMethodTypes: ['card'] }));
  expect(fake.elements.create).toHaveBeenCalledWith('payment', expect.anything());
  // No sandbox frame where the provider is Stripe.
  expect(screen.queryByTitle('Card number, expiry and CVC')).toBeNull();

  fake.emit('ready');
  fake.emit('change', { complete: true });
  await user.click(terms());
  await user.click(submitButton());
  await waitFor(() => expect(location()).toMatch(/^\/checkout\/success\?/));
  expect(fake.elements.submit).toHaveBeenCalledTimes(1);
  expect(fake.stripe.createPaymentMethod).toHaveBeenCalledWith({ elements: fake.elements });
  expect(api.callsTo('POST /checkout/subscribe')[0]!.body).toMatchObject({ payment_token: 'pm_from_stripe' });
});

it('shows the Payment Element\'s own refusal and sends nothing when the card is not valid', async () => {
  const fake = fakeStripe();
  fake.stripe.createPaymentMethod.mockResolvedValue({ error: { message: 'Your card number is incomplete.' } } as never);
  jest.mocked(loadStripe).mockResolvedValue(fake.stripe as never);
  const user = userEvent.setup();
  const { fake: api } = renderCheckout('/checkout?plan_id=basic_1m', { handlers: { 'GET /checkout/payment_config': () => ({ body: STRIPE_CONFIG }) } });
  await fillPersonalInfo(user);
  await priceCalculated();
  await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
  fake.emit('ready');
  fake.emit('change', { complete: true });
  await user.click(terms());
  await user.click(submitButton());
  expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
  expect(api.callsTo('POST /checkout/subscribe')).toHaveLength(0);
});

it('says the card fields could not load when Stripe.js cannot be fetched (blocked, offline), and what to do', async () => {
  jest.mocked(loadStripe).mockRejectedValue(new Error('Failed to load Stripe.js'));
  const user = userEvent.setup();
  renderCheckout('/checkout?plan_id=basic_1m', { handlers: { 'GET /checkout/payment_config': () => ({ body: STRIPE_CONFIG }) } });
  await fillPersonalInfo(user);
  expect(await screen.findByRole('alert')).toHaveTextContent(CHECKOUT_TEXTS.cardFieldsLoadFailed);
  expect(screen.queryByText(/mock API/)).not.toBeInTheDocument();
});

it('draws the sandbox\'s hosted fields where the provider is the sandbox, and knows when either is configured', async () => {
  jest.mocked(loadStripe).mockClear();
  renderCheckout('/checkout?plan_id=basic_1m');
  expect(await screen.findByTitle('Card number, expiry and CVC')).toBeInTheDocument();
  expect(loadStripe).not.toHaveBeenCalled();
  expect(cardFieldsAvailable(STRIPE_CONFIG)).toBe(true);
  expect(cardFieldsAvailable({ ...STRIPE_CONFIG, publishable_key: '' })).toBe(false);
  expect(cardFieldsAvailable({ provider: 'sandbox', publishable_key: 'pk_test_fable_sandbox', card_fields_url: 'http://s/elements/card', frame_origin: 'http://s' })).toBe(true);
  expect(cardFieldsAvailable({ provider: 'sandbox', publishable_key: 'pk_test_fable_sandbox', card_fields_url: null, frame_origin: null })).toBe(false);
  expect(cardFieldsAvailable(null)).toBe(false);
});
