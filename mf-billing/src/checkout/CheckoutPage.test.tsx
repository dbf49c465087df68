import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { completeCard, fillPersonalInfo, location, post, priceCalculated, renderCheckout, submitButton, terms } from '../testing/checkoutTestKit';

jest.setTimeout(30_000);

it('labels the postal and state fields by country, reloads the states and clears a state not in the new list', async () => {
  const user = userEvent.setup();
  renderCheckout();
  const country = await screen.findByLabelText('Country');
  await user.selectOptions(country, 'US');
  const state = await screen.findByRole('combobox', { name: 'State' });
  await waitFor(() => expect(within(state).getByRole('option', { name: 'California' })).toBeInTheDocument());
  expect(screen.getByLabelText('Zip')).toBeInTheDocument();
  await user.selectOptions(state, 'CA');

  await user.selectOptions(country, 'CA');
  const province = await screen.findByRole('combobox', { name: 'Province' });
  await waitFor(() => expect(within(province).getByRole('option', { name: 'Ontario' })).toBeInTheDocument());
  expect(province).toHaveValue(''); // 'CA' (California) is no Canadian province
  expect(screen.getByLabelText('Postal Code')).toBeInTheDocument();

  await user.selectOptions(country, 'PH'); // no states: the state is optional and not asked
  await waitFor(() => expect(screen.queryByRole('combobox', { name: /State|Province/ })).not.toBeInTheDocument());
  expect(screen.getByLabelText('Zip')).toBeInTheDocument();
  await user.selectOptions(country, 'GB');
  expect(screen.getByLabelText('Postal Code')).toBeInTheDocument();
});

it('checks the postal code by the country’s rule and the email, with the spec’s messages', async () => {
  const user = userEvent.setup();
  renderCheckout();
  await user.selectOptions(await screen.findByLabelText('Country'), 'US');
  const zip = screen.getByLabelText('Zip');
  await user.type(zip, '9410');
  await user.tab();
  expect(await screen.findByText('Invalid Zip')).toBeInTheDocument();
  await user.type(zip, '5-1234');
  await waitFor(() => expect(screen.queryByText('Invalid Zip')).not.toBeInTheDocument());

  await user.selectOptions(screen.getByLabelText('Country'), 'CA');
  const postal = screen.getByLabelText('Postal Code');
  await user.clear(postal);
  await user.type(postal, '12345');
  await user.tab();
  expect(await screen.findByText('Invalid Postal Code')).toBeInTheDocument();
  await user.clear(postal);
  await user.type(postal, 'K1A 0B1');
  await waitFor(() => expect(screen.queryByText('Invalid Postal Code')).not.toBeInTheDocument());

  const email = screen.getByLabelText('Email');
  await user.clear(email);
  await user.type(email, 'ada@');
  await user.tab();
  expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
});

it('keeps the submit disabled until the details, the card and the terms are all good', async () => {
  const user = userEvent.setup();
  renderCheckout();
  await fillPersonalInfo(user);
  await priceCalculated();
  expect(submitButton()).toBeDisabled(); // no card, terms unticked

  await user.click(terms());
  expect(screen.getByText('Enter a valid card, expiration date and cvv.')).toBeInTheDocument();
  expect(submitButton()).toBeDisabled();

  await completeCard();
  expect(screen.queryByText('Enter a valid card, expiration date and cvv.')).not.toBeInTheDocument();
  expect(submitButton()).toBeEnabled();

  await user.click(terms());
  expect(submitButton()).toBeDisabled();
  await user.click(terms());
  await user.clear(screen.getByLabelText('First name'));
  expect(submitButton()).toBeDisabled();
  await user.type(screen.getByLabelText('First name'), '   ');
  expect(submitButton()).toBeDisabled(); // blank
});

it('keeps Subscribe disabled while the price of a changed postal code is on its way, so the total charged is the one shown', async () => {
  const user = userEvent.setup();
  renderCheckout();
  await fillPersonalInfo(user);
  await completeCard();
  await user.click(terms());
  await priceCalculated();
  expect(submitButton()).toBeEnabled();

  const zip = screen.getByLabelText('Zip');
  await user.clear(zip);
  await user.type(zip, '94103');
  expect(submitButton()).toBeDisabled(); // the 600 ms debounce runs, then the new price is fetched
  await waitFor(() => expect(submitButton()).toBeEnabled(), { timeout: 3000 });
  expect(screen.queryByText('Calculating the price…')).not.toBeInTheDocument();
});

it('subscribes with the card’s token once per attempt and lands on the success page with the order’s details', async () => {
  const user = userEvent.setup();
  const { fake, mock } = renderCheckout('/checkout?plan_id=basic_1m');
  await fillPersonalInfo(user);
  await priceCalculated();
  const { requests } = await completeCard();
  await user.click(terms());
  await user.dblClick(submitButton());

  await waitFor(() => expect(location()).toMatch(/^\/checkout\/success\?/));
  expect(requests).toHaveLength(1);
  const calls = fake.callsTo('POST /checkout/subscribe');
  expect(calls).toHaveLength(1);
  expect(calls[0]!.body).toMatchObject({ payment_token: 'pm_card_visa', plan_id: 'basic_1m', email: 'ada@example.com', first_name: 'Ada', country: 'US', state: 'CA', postal_code: '94105' });
  expect(mock.charges).toBe(1);
  const query = new URLSearchParams(location().split('?')[1]);
  expect(query.get('plan')).toBe('True Supporter');
  expect(query.get('orderTotal')).toBe('16.09'); // 15.00 + 7.25 % California tax
  expect(query.get('currency')).toBe('USD');
  expect(query.get('order_id')).toBeTruthy();
  expect(query.get('subscription_id')).toBeTruthy();
  expect(query.get('transactionID')).toBeTruthy();
});

it('sends the same idempotency key again on a retry after no answer', async () => {
  const user = userEvent.setup();
  let first = true;
  const { fake } = renderCheckout('/checkout?plan_id=basic_1m', {
    handlers: {
      'POST /checkout/subscribe': () => {
        if (first) {
          first = false;
          return { status: 503, body: { error: { code: 'payments_unavailable', message: 'Payments are unavailable right now. Nothing was charged; please try again in a few minutes.' } } };
        }
        return { body: { resp_msg: 'Approved', order_id: 'order-9', orderTotal: 16.09, currency: 'USD', subscription_id: 'sub-9', transaction_id: 'ch_9', plan: 'True Supporter' } };
      },
    },
  });
  await fillPersonalInfo(user);
  await priceCalculated();
  const { requests } = await completeCard();
  await user.click(terms());
  await user.click(submitButton());
  expect(await screen.findByText(/Payments are unavailable right now/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(location()).toContain('order_id=order-9'));
  const [a, b] = fake.callsTo('POST /checkout/subscribe').map((c) => (c.body as { idempotency_key: string; payment_token: string }));
  expect(a!.idempotency_key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  expect(b!.idempotency_key).toBe(a!.idempotency_key);
  expect(b!.payment_token).toBe(a!.payment_token);
  expect(requests).toHaveLength(1); // the card was tokenized once for the attempt
});

it('shows a declined card’s message in red and charges nothing; a new card makes a new attempt', async () => {
  const user = userEvent.setup();
  const { fake, mock } = renderCheckout();
  await fillPersonalInfo(user);
  await priceCalculated();
  await completeCard('pm_card_chargeDeclined');
  await user.click(terms());
  await user.click(submitButton());
  expect(await screen.findByRole('alert', { name: '' })).toBeDefined();
  expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
  expect(mock.charges).toBe(0);
  expect(submitButton()).toBeDisabled(); // an error is shown

  await completeCard('pm_card_visa');
  expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument();
  await user.click(submitButton());
  await waitFor(() => expect(location()).toMatch(/^\/checkout\/success/));
  const keys = fake.callsTo('POST /checkout/subscribe').map((c) => (c.body as { idempotency_key: string }).idempotency_key);
  expect(new Set(keys).size).toBe(2);
});

it('sizes the card fields’ frame to the height the frame reports, and takes that only from the frame', async () => {
  renderCheckout('/checkout?plan_id=basic_1m');
  const frame = await screen.findByTitle('Card number, expiry and CVC');
  const source = (frame as HTMLIFrameElement).contentWindow;
  post({ type: 'fable-sandbox:resize', height: 168 }, { source });
  expect(frame).toHaveStyle({ height: '168px' });
  post({ type: 'fable-sandbox:resize', height: 400 }, { origin: 'http://elsewhere.test' });
  post({ type: 'fable-sandbox:resize', height: 9000 }, { source });
  expect(frame).toHaveStyle({ height: '168px' });
});
