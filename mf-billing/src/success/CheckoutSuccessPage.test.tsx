import { act, screen, waitFor } from '@testing-library/react';
import { becameGuest, sessionFromUser, signedIn, tokensReceived } from '@fable/shared';
import { checkoutMockState, type MockDb } from '@fable/mocks';
import { apiUserFixture, deploymentFixture, mockApi, renderRoute, storeWith, type FakeHandler } from '@fable/shared/testing';
import { CheckoutSuccessPage, ORDER_POLL } from './CheckoutSuccessPage';

const restores: (() => void)[] = [];
afterEach(() => {
  while (restores.length) restores.pop()?.();
  jest.useRealTimers();
});

function renderSuccess(url: string, prepare?: (db: MockDb) => void, overrides?: Record<string, FakeHandler>) {
  const member = apiUserFixture();
  const fake = mockApi({ seed: { member }, overrides });
  prepare?.(fake.db);
  restores.push(fake.restore);
  const store = storeWith(deploymentFixture());
  store.dispatch(tokensReceived(fake.memberTokens));
  store.dispatch(signedIn(sessionFromUser(member)));
  return { ...renderRoute(<CheckoutSuccessPage />, { path: '/checkout/success', url, store }), fake, member };
}

const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

it('shows the Payment Details of the query and a Start Chatting button to /', () => {
  renderSuccess('/checkout/success?orderTotal=16.09&order_id=order-1&subscription_id=sub-1&transactionID=ch_1&plan=True%20Supporter&date=2026-11-27T10:00:00.000Z');
  expect(screen.getByRole('heading', { level: 1, name: 'Thank you for subscribing!' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Payment Details' })).toBeInTheDocument();
  expect(row('Plan')).toHaveTextContent('True Supporter');
  expect(row('Date')).toHaveTextContent('November 27, 2026');
  expect(row('Order ID')).toHaveTextContent('order-1');
  expect(row('Subscription ID')).toHaveTextContent('sub-1');
  expect(row('Transaction ID')).toHaveTextContent('ch_1');
  expect(row('Total')).toHaveTextContent('$16.09');
  expect(row('Status')).toHaveTextContent('Success');
  expect(screen.getByRole('link', { name: 'Start Chatting' })).toHaveAttribute('href', '/');
});

it('force-refreshes the auth token about 5 seconds after load, not before', async () => {
  jest.useFakeTimers();
  const { fake } = renderSuccess('/checkout/success?order_id=o&subscription_id=s&plan=P');
  await act(async () => jest.advanceTimersByTime(4900));
  expect(fake.callsTo('POST /v2/auth/refresh')).toHaveLength(0);
  await act(async () => jest.advanceTimersByTime(200));
  jest.useRealTimers();
  await waitFor(() => expect(fake.callsTo('POST /v2/auth/refresh')).toHaveLength(1));
  expect(fake.callsTo('POST /v2/auth/refresh')[0]!.body).toEqual({ refresh_token: 'mock-refresh', attempt_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
});

const pendingOrder = (userId: string, order_id: string) => ({
  order_id,
  user_id: userId,
  status: 'pending' as const,
  plan: 'True Supporter',
  plan_id: 'basic_1m',
  orderTotal: 15,
  currency: 'USD',
  subscription_id: null,
  transaction_id: null,
  date: '2026-11-27T10:00:00.000Z',
  error_message: null,
});

it('reads the order when only order_id is given (a redirect provider’s return), waits while pending, then shows it', async () => {
  const member = apiUserFixture();
  const { fake } = renderSuccess('/checkout/success?order_id=order-7', (db) => checkoutMockState(db).orders.set('order-7', pendingOrder(member.id, 'order-7')));
  expect(await screen.findByText('We are waiting for the payment provider to confirm your payment…', { selector: 'p' })).toBeInTheDocument();
  // The mock confirms the order on its first read: the next poll shows it paid.
  expect(await screen.findByRole('heading', { name: 'Payment Details' }, { timeout: ORDER_POLL.intervalMs + 10_000 })).toBeInTheDocument();
  expect(row('Order ID')).toHaveTextContent('order-7');
  expect(row('Plan')).toHaveTextContent('True Supporter');
  expect(row('Subscription ID')).not.toHaveTextContent('—');
  expect(fake.callsTo('GET /checkout/orders/order-7')).toHaveLength(2);
});

it('stops polling a pending order after a few reads and says it is still being confirmed', async () => {
  jest.useFakeTimers();
  const member = apiUserFixture();
  const { fake } = renderSuccess('/checkout/success?order_id=order-8', undefined, {
    'GET /checkout/orders/order-8': { body: { ...pendingOrder(member.id, 'order-8'), user_id: undefined } },
  });
  await act(async () => jest.advanceTimersByTime(10));
  for (let i = 0; i < ORDER_POLL.attempts + 2; i += 1) await act(async () => jest.advanceTimersByTime(ORDER_POLL.intervalMs));
  jest.useRealTimers();
  expect(await screen.findByText(/Your payment is still being confirmed/)).toBeInTheDocument();
  expect(fake.callsTo('GET /checkout/orders/order-8')).toHaveLength(ORDER_POLL.attempts + 1);
});

it('says when the order failed, with a way back to the checkout', async () => {
  const member = apiUserFixture();
  renderSuccess('/checkout/success?order_id=order-9', (db) =>
    checkoutMockState(db).orders.set('order-9', { ...pendingOrder(member.id, 'order-9'), status: 'failed', error_message: 'The payment was cancelled.' }),
  );
  expect(await screen.findByRole('heading', { name: 'Your payment did not go through.' })).toBeInTheDocument();
  expect(screen.getByText('The payment was cancelled.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to checkout' })).toHaveAttribute('href', '/checkout?plan_id=basic_1m');
});

it('refreshes nothing for a guest (their guest id is kept)', async () => {
  jest.useFakeTimers();
  const fake = mockApi();
  restores.push(fake.restore);
  const store = storeWith(deploymentFixture());
  store.dispatch(becameGuest({ guestUserId: 'guest-1', permissions: [] }));
  renderRoute(<CheckoutSuccessPage />, { path: '/checkout/success', url: '/checkout/success?order_id=o&subscription_id=s&plan=P', store });
  await act(async () => jest.advanceTimersByTime(6000));
  expect(fake.calls.filter((c) => c.path.startsWith('/v2/auth/'))).toHaveLength(0);
  expect(store.getState().session.guestUserId).toBe('guest-1');
});
