import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkoutStorageKey } from './checkoutSession';
import { browserNavigation } from './useCheckoutPayment';
import { completeCard, continueWithProvider, fillPersonalInfo, location, post, priceCalculated, renderCheckout, SANDBOX_ORIGIN, submitButton, terms } from '../testing/checkoutTestKit';

jest.setTimeout(30_000);

async function toThreeDSecure(user: ReturnType<typeof userEvent.setup>) {
  const rendered = renderCheckout('/checkout?plan_id=premium_1m');
  await fillPersonalInfo(user);
  await priceCalculated();
  await completeCard('pm_card_threeDSecure2Required');
  await user.click(terms());
  await user.click(submitButton());
  const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
  const frame = within(dialog).getByTitle('3-D Secure verification') as HTMLIFrameElement;
  return { ...rendered, dialog, frame };
}

it('opens the 3-D Secure modal, ignores messages from other origins, and goes to success after its success message', async () => {
  const user = userEvent.setup();
  const { frame, fake, mock } = await toThreeDSecure(user);
  expect(frame.getAttribute('src')).toContain(`${SANDBOX_ORIGIN}/3ds/`);

  post({ status: 'success' }, { origin: 'http://evil.test' });
  post({ status: 'failure', error_message: 'spoofed' }, { origin: 'http://evil.test' });
  expect(screen.getByRole('dialog', { name: 'Confirm your payment' })).toBeInTheDocument();
  expect(fake.callsTo(`POST /checkout/orders/${[...mock.orders.keys()][0]}/confirm`)).toHaveLength(0);

  post({ status: 'success' }, { source: frame.contentWindow });
  await waitFor(() => expect(location()).toMatch(/^\/checkout\/success\?/));
  expect(fake.calls.filter((c) => /\/checkout\/orders\/.+\/confirm$/.test(c.path))).toHaveLength(1);
  expect(location()).toContain('plan=I%27m+All+In');
  expect(mock.charges).toBe(1);
});

it('shows the 3-D Secure failure’s error_message and charges nothing', async () => {
  const user = userEvent.setup();
  const { frame, mock } = await toThreeDSecure(user);
  post({ status: 'failure', error_message: 'We are unable to authenticate your payment method.' }, { source: frame.contentWindow });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByText('We are unable to authenticate your payment method.')).toBeInTheDocument();
  expect(mock.charges).toBe(0);
  expect(location()).toMatch(/^\/checkout\?/);
});

it('recalculates the price 600 ms after the email or the postal code stop changing', async () => {
  jest.useFakeTimers();
  try {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const { fake } = renderCheckout();
    await fillPersonalInfo(user);
    await act(async () => jest.advanceTimersByTime(700));
    await waitFor(() => expect(fake.callsTo('POST /checkout/calculate')).toHaveLength(1));

    const zip = screen.getByLabelText('Zip');
    await user.clear(zip);
    await user.type(zip, '10001');
    await act(async () => jest.advanceTimersByTime(550));
    expect(fake.callsTo('POST /checkout/calculate')).toHaveLength(1);
    await act(async () => jest.advanceTimersByTime(100));
    await waitFor(() => expect(fake.callsTo('POST /checkout/calculate')).toHaveLength(2));
    expect(fake.callsTo('POST /checkout/calculate')[1]!.body).toMatchObject({ postal_code: '10001', email: 'ada@example.com', country: 'US', state: 'CA' });

    const email = screen.getByLabelText('Email');
    await user.type(email, 'x');
    await act(async () => jest.advanceTimersByTime(300));
    await user.type(email, 'y');
    await act(async () => jest.advanceTimersByTime(300));
    expect(fake.callsTo('POST /checkout/calculate')).toHaveLength(2);
    await act(async () => jest.advanceTimersByTime(400));
    await waitFor(() => expect(fake.callsTo('POST /checkout/calculate')).toHaveLength(3));
    expect(fake.callsTo('POST /checkout/calculate')[2]!.body).toMatchObject({ email: 'ada@example.comxy' });
  } finally {
    jest.useRealTimers();
  }
});

it('stores each entered detail in session storage and restores them', async () => {
  const user = userEvent.setup();
  sessionStorage.setItem(checkoutStorageKey('email'), 'grace@example.com');
  sessionStorage.setItem(checkoutStorageKey('first_name'), 'Grace');
  sessionStorage.setItem(checkoutStorageKey('last_name'), 'Hopper');
  sessionStorage.setItem(checkoutStorageKey('country'), 'US');
  sessionStorage.setItem(checkoutStorageKey('state'), 'NY');
  sessionStorage.setItem(checkoutStorageKey('postal_code'), '10001');
  renderCheckout();
  expect(await screen.findByLabelText('Email')).toHaveValue('grace@example.com');
  expect(screen.getByLabelText('First name')).toHaveValue('Grace');
  expect(screen.getByLabelText('Last name')).toHaveValue('Hopper');
  expect(screen.getByLabelText('Country')).toHaveValue('US');
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('NY'));
  expect(screen.getByLabelText('Zip')).toHaveValue('10001');

  await user.type(screen.getByLabelText('Last name'), '-Murray');
  await waitFor(() => expect(sessionStorage.getItem(checkoutStorageKey('last_name'))).toBe('Hopper-Murray'));
});

it('applies a coupon from the Apply Coupon link, and says Invalid coupon for an unknown one', async () => {
  const user = userEvent.setup();
  renderCheckout('/checkout?plan_id=basic_1m');
  await fillPersonalInfo(user, { country: 'GB', state: '', postal: 'SW1A 1AA' });
  await priceCalculated();
  expect(screen.getByTestId('order-total')).toHaveTextContent('$18.00'); // 15.00 + 20 % VAT
  await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
  await user.type(screen.getByLabelText('Coupon'), 'NOPE');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(await screen.findByText('Invalid coupon')).toBeInTheDocument();
  await completeCard();
  await user.click(terms());
  expect(submitButton()).toBeDisabled(); // an error is shown

  await user.clear(screen.getByLabelText('Coupon'));
  await user.type(screen.getByLabelText('Coupon'), 'welcome10');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$16.20')); // (15.00 - 1.50) + 20 %
  expect(screen.getByText('-$1.50')).toBeInTheDocument();
  expect(screen.queryByText('Invalid coupon')).not.toBeInTheDocument();
  expect(submitButton()).toBeEnabled();
});

it('hides Apply Coupon when the coupon is preset by the query, and prices with it', async () => {
  const user = userEvent.setup();
  const { fake } = renderCheckout('/checkout?plan_id=basic_1m&coupon=FIVEOFF');
  await fillPersonalInfo(user, { country: 'GB', state: '', postal: 'SW1A 1AA' });
  await priceCalculated();
  expect(screen.queryByRole('button', { name: 'Apply Coupon' })).not.toBeInTheDocument();
  expect(screen.getByText('Coupon FIVEOFF applied')).toBeInTheDocument();
  expect(fake.callsTo('POST /checkout/calculate').at(-1)!.body).toMatchObject({ promo_code: 'FIVEOFF' });
  expect(screen.getByTestId('order-total')).toHaveTextContent('$12.00'); // (15 - 5) + 20 %
});

it('shows the details and the card on file with Change, and pays with the saved card', async () => {
  const user = userEvent.setup();
  sessionStorage.setItem(checkoutStorageKey('country'), 'US');
  sessionStorage.setItem(checkoutStorageKey('state'), 'CA');
  sessionStorage.setItem(checkoutStorageKey('postal_code'), '94105');
  const { fake } = renderCheckout('/checkout?plan_id=basic_1m', {
    onFile: { first_name: 'Ada', last_name: 'Lovelace', country: 'US', state: 'CA', postal_code: '94105', credit_card: { last_4: '4242', type: 'visa', exp: '12/30' } },
  });
  const details = await screen.findByRole('generic', { name: 'Billing details' });
  expect(details).toHaveTextContent('Ada Lovelace');
  expect(details).toHaveTextContent('California, 94105, United States');
  expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
  const saved = screen.getByRole('generic', { name: 'Saved card' });
  expect(saved).toHaveTextContent('VISA •••• 4242 · 12/30');
  expect(screen.queryByTitle('Card number, expiry and CVC')).not.toBeInTheDocument();

  await user.click(terms());
  expect(submitButton()).toBeEnabled();
  await user.click(submitButton());
  await waitFor(() => expect(location()).toMatch(/^\/checkout\/success/));
  expect(fake.callsTo('POST /checkout/subscribe')[0]!.body).toMatchObject({ payment_token: null, first_name: 'Ada', last_name: 'Lovelace' });
});

it('lets the member change the details and the card on file', async () => {
  const user = userEvent.setup();
  sessionStorage.setItem(checkoutStorageKey('country'), 'US');
  sessionStorage.setItem(checkoutStorageKey('postal_code'), '94105');
  renderCheckout('/checkout', {
    onFile: { first_name: 'Ada', last_name: 'Lovelace', country: 'US', postal_code: '94105', credit_card: { last_4: '4242', type: 'visa', exp: '12/30' } },
  });
  await user.click(await screen.findByRole('button', { name: 'Change billing details' }));
  expect(screen.getByLabelText('First name')).toHaveValue('Ada');
  await user.click(screen.getByRole('button', { name: 'Change saved card' }));
  expect(screen.getByTitle('Card number, expiry and CVC')).toBeInTheDocument();
  await user.click(terms());
  expect(screen.getByText('Enter a valid card, expiration date and cvv.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Use the saved card' }));
  expect(screen.queryByText('Enter a valid card, expiration date and cvv.')).not.toBeInTheDocument();
});

it('sends a redirect provider’s payment and goes to its page; no abandon event then', async () => {
  const user = userEvent.setup();
  const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  const { fake, unmount } = renderCheckout('/checkout?plan_id=basic_1m');
  await continueWithProvider(user, 'Bank transfer (Volt)');
  await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
  const [call] = fake.callsTo('POST /checkout/volt_new_payment');
  expect(call!.body).toMatchObject({ plan_id: 'basic_1m', email: 'ada@example.com', payment_option: null });
  expect(assign.mock.calls[0]![0]).toMatch(/\/checkout\/success\?order_id=/);
  unmount();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fake.callsTo('POST /checkout/abandon')).toHaveLength(0);
  assign.mockRestore();
});

it('logs the checkout-abandon event when the member leaves with a redirect provider chosen', async () => {
  const user = userEvent.setup();
  const { fake, unmount, mock } = renderCheckout('/checkout?plan_id=basic_1m');
  await user.click(await screen.findByRole('radio', { name: 'Payssion' }));
  await user.selectOptions(screen.getByLabelText('Country'), 'PH');
  expect(await screen.findByLabelText('Pay with')).toHaveValue('gcash');
  unmount();
  await waitFor(() => expect(fake.callsTo('POST /checkout/abandon')).toHaveLength(1));
  expect(fake.callsTo('POST /checkout/abandon')[0]!.body).toEqual({ plan_id: 'basic_1m', payment_method: 'payssion' });
  await waitFor(() => expect(mock.abandoned).toHaveLength(1));
});

it('logs no abandon event while paying by card', async () => {
  const { fake, unmount } = renderCheckout();
  await screen.findByLabelText('Email');
  unmount();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fake.callsTo('POST /checkout/abandon')).toHaveLength(0);
});

it('says the card fields are unavailable when no card fields are configured', async () => {
  renderCheckout('/checkout', { sandbox: false });
  expect(await screen.findByText(/Card payments are unavailable here/)).toBeInTheDocument();
});
