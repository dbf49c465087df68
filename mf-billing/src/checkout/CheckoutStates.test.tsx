import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { becameGuest, selectSignInPrompt } from '@fable/shared';
import { mockApi, renderRoute, storeWith, deploymentFixture } from '@fable/shared/testing';
import { CheckoutPage } from './CheckoutPage';
import { renderCheckout } from '../testing/checkoutTestKit';

jest.setTimeout(30_000);

it('offers a guest to sign in, coming back to the same checkout', async () => {
  const user = userEvent.setup();
  const fake = mockApi();
  const store = storeWith(deploymentFixture());
  store.dispatch(becameGuest({ guestUserId: 'guest-1', permissions: [] }));
  renderRoute(<CheckoutPage />, { path: '/checkout', url: '/checkout?plan_id=basic_1m', store });
  await user.click(await screen.findByRole('button', { name: 'Sign in' }));
  expect(selectSignInPrompt(store.getState())).toEqual({ open: true, returnTo: '/checkout?plan_id=basic_1m' });
  expect(fake.callsTo('GET /checkout/payment_config')).toHaveLength(0);
  fake.restore();
});

it('says when the checkout cannot be loaded, and tries again', async () => {
  const user = userEvent.setup();
  let fail = true;
  const { fake } = renderCheckout('/checkout', {
    handlers: { 'GET /checkout/countries': () => (fail ? { status: 500, body: { error: { code: 'internal', message: 'boom' } } } : { body: { countries: [{ id: 'US', iso2: 'US', name: 'United States' }] } }) },
  });
  expect(await screen.findByRole('heading', { name: 'The checkout could not be loaded.' })).toBeInTheDocument();
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByLabelText('Country')).toBeInTheDocument();
  expect(fake.callsTo('GET /checkout/countries').length).toBeGreaterThanOrEqual(2);
});

it('says when the plan is not sold', async () => {
  renderCheckout('/checkout?plan_id=nope_1m');
  expect(await screen.findByRole('heading', { name: 'This plan is not available.' })).toBeInTheDocument();
});

it('takes the purchase options’ default plan without plan_id and shows the payment note of the country', async () => {
  const user = userEvent.setup();
  renderCheckout('/checkout');
  expect(await screen.findByText('Billed annually')).toBeInTheDocument();
  expect(screen.getByText("I'm All In")).toBeInTheDocument(); // premium_1y, the default plan
  expect(screen.getByRole('radio', { name: 'Credit or debit card' })).toBeChecked(); // the first method
  expect(screen.getByText('The charge appears on your card statement as FABLE*SUBSCRIPTION.')).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Country'), 'IN');
  expect(screen.getByRole('note', { name: '' })).toHaveTextContent(/UPI/);
  await user.selectOptions(screen.getByLabelText('Country'), 'CN');
  expect(screen.getByText(/Paying from China\?/)).toBeInTheDocument();
});
