import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiErrorBody, type MockApi } from '@fable/shared/testing';
import { PORTAL_CALLS } from './portalApi';
import { PortalPage } from './PortalPage';
import { formatPortalDate } from './portalRules';
import { PORTAL_TEXTS as T } from './portalTexts';
import { currentLocation, renderPortal } from '../testing/renderPortal';
import { SUBSCRIBE_TEXTS } from '../subscribe/subscribeTexts';
import { billingFlowCalls, type PortalSubscription } from '@fable/contracts';

let fake: MockApi | undefined;
afterEach(() => {
  fake?.restore();
  fake = undefined;
  jest.useRealTimers();
});

function open(options?: Parameters<typeof renderPortal>[1]) {
  const view = renderPortal(<PortalPage />, options);
  fake = view.fake;
  return view;
}

const card = (testId: string) => screen.getByTestId(testId);
const button = (name: string) => screen.getByRole('button', { name });
const puts = () => fake!.callsTo('PUT /subscriptions/sticky').map((c) => c.body);
/** The recur_at the page shows, as the mock API answered it. */
const recurAt = () => {
  const [sub] = fake!.callsTo('GET /subscriptions/sticky');
  expect(sub).toBeDefined();
  return document.querySelector('time')!.getAttribute('datetime')!;
};

it('copies the contracts’ method and path of its calls', () => {
  expect(PORTAL_CALLS.portalSubscriptions).toEqual({ method: billingFlowCalls.portalSubscriptions.method, path: billingFlowCalls.portalSubscriptions.path });
  expect(PORTAL_CALLS.portalAction).toEqual({ method: billingFlowCalls.portalAction.method, path: billingFlowCalls.portalAction.path });
});

describe('the states of document 2 §4', () => {
  it('active: the plan and its price, Next charge date, the card, and Change Plan, Change Card, Cancel Subscription', async () => {
    open({ scenario: 'active' });
    expect(screen.getByRole('heading', { level: 1, name: T.title })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: T.loading })).toBeInTheDocument();
    expect(await within(await screen.findByTestId('portal-current-plan')).findByText('True Supporter')).toBeInTheDocument();
    expect(within(card('portal-current-plan')).getByText(/\$15\.00 \/ month/)).toBeInTheDocument();
    expect(within(card('portal-billing-date')).getByRole('heading', { name: 'Next charge date' })).toBeInTheDocument();
    expect(within(card('portal-billing-date')).getByText(formatPortalDate(recurAt()))).toBeInTheDocument();
    expect(within(card('portal-payment-method')).getByText('Visa ending in 4242')).toBeInTheDocument();
    for (const name of [T.changePlan, T.changeCard, T.cancel]) expect(button(name)).toBeEnabled();
    expect(screen.queryByText(T.cancelledTag)).not.toBeInTheDocument();
    expect(screen.queryByText(T.payAmountDue)).not.toBeInTheDocument();
    expect(screen.queryByText(/your plan changes to/)).not.toBeInTheDocument();
  });

  it('serves /manage-subscription too', async () => {
    open({ scenario: 'yearly', url: '/manage-subscription' });
    expect(await within(await screen.findByTestId('portal-current-plan')).findByText("I'm All In")).toBeInTheDocument();
    expect(within(card('portal-current-plan')).getByText('$249.99 / year')).toBeInTheDocument();
    expect(within(card('portal-current-plan')).getByText('Yearly Subscription')).toBeInTheDocument();
  });

  it('cancelled: the Cancelled tag, Your access ends on with the date, a disabled Change Plan and Resume', async () => {
    open({ scenario: 'cancelled' });
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(within(card('portal-billing-date')).getByRole('heading', { name: 'Your access ends on' })).toBeInTheDocument();
    expect(within(card('portal-billing-date')).getByText(formatPortalDate(recurAt()))).toBeInTheDocument();
    expect(screen.queryByText('Next charge date')).not.toBeInTheDocument();
    expect(button(T.changePlan)).toBeDisabled();
    expect(button(T.changePlan)).toHaveAccessibleDescription(T.changePlanDisabledNote);
    expect(button(T.uncancel)).toBeEnabled();
    expect(screen.queryByRole('button', { name: T.cancel })).not.toBeInTheDocument();
  });

  it('grace: Next charge date, the payment-failed message and Pay amount due', async () => {
    open({ scenario: 'grace' });
    expect(await screen.findByText(T.paymentFailed)).toBeInTheDocument();
    expect(screen.getByText('Next charge date')).toBeInTheDocument();
    expect(button(T.payAmountDue)).toBeEnabled();
    expect(button(T.changeCard)).toBeEnabled();
    expect(screen.queryByRole('button', { name: T.changePlan })).not.toBeInTheDocument();
  });

  it('expired: Your subscription has expired. and Choose Plan & Reactivate to the checkout of the plan', async () => {
    open({ scenario: 'expired' });
    expect(await screen.findByText('Your subscription has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose Plan & Reactivate' })).toHaveAttribute('href', '/checkout?plan_id=basic_1m');
    expect(screen.queryByRole('button', { name: T.cancel })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Choose Plan & Reactivate' }));
    expect(currentLocation()).toBe('/checkout?plan_id=basic_1m');
  });

  it('no subscription: an empty state that leads to /subscribe', async () => {
    open({ scenario: 'none' });
    expect(await screen.findByRole('heading', { name: T.emptyTitle })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.emptyAction }));
    expect(currentLocation()).toBe('/subscribe');
  });

  it('in-app subscribers get the switch-device message and nothing to manage', async () => {
    open({ scenario: 'in_app' });
    const notice = await screen.findByTestId('portal-managed-elsewhere');
    expect(notice).toHaveTextContent(SUBSCRIBE_TEXTS.deviceSwitchTitle);
    expect(notice).toHaveTextContent(SUBSCRIBE_TEXTS.deviceSwitch);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(T.emptyTitle)).not.toBeInTheDocument();
  });

  it('the note names the current plan when the next plan differs', async () => {
    const premium = { plan_id: 'premium_1m', name: "I'm All In", role: 'paid_premium' as const, price: 24.99, currency: 'USD' };
    open({ handlers: { 'GET /subscriptions/sticky': { body: [subscriptionFixture({ current_product: premium })] } } });
    expect(await screen.findByText(T.nextPlanNote("I'm All In", 'True Supporter'))).toBeInTheDocument();
  });

  it('a deleted card shows its note instead of the card', async () => {
    open({ handlers: { 'GET /subscriptions/sticky': { body: [subscriptionFixture({ is_card_deleted: true, credit_card: null })] } } });
    expect(await screen.findByText(T.cardDeleted)).toBeInTheDocument();
    expect(screen.queryByText(/ending in/)).not.toBeInTheDocument();
  });

  it('a load failure says so and tries again', async () => {
    open({ handlers: { 'GET /subscriptions/sticky': { status: 500, body: apiErrorBody('internal', 'Boom') } } });
    expect(await screen.findByRole('heading', { name: T.loadError })).toBeInTheDocument();
    fake!.override({ 'GET /subscriptions/sticky': { body: [] } });
    await userEvent.click(button(T.retry));
    expect(await screen.findByRole('heading', { name: T.emptyTitle })).toBeInTheDocument();
  });
});

/** A subscription as GET subscriptions/sticky answers it (for the cases the mock's scenarios have not). */
const subscriptionFixture = (over: Partial<PortalSubscription> = {}): PortalSubscription => ({
  order_id: 'order-1',
  subscription_id: 'sub-1',
  subscription_status: 'active',
  recur_at: '2026-12-17T10:00:00.000Z',
  frequency: 'Monthly Subscription',
  current_product: { plan_id: 'basic_1m', name: 'True Supporter', role: 'paid_basic', price: 15, currency: 'USD' },
  next_product: { plan_id: 'basic_1m', name: 'True Supporter', role: 'paid_basic', price: 15, currency: 'USD' },
  is_card_deleted: false,
  credit_card: { last_4: '4242', type: 'visa' },
  available_plans: [],
  ...over,
});

describe('the actions', () => {
  it('cancels after the confirmation: Cancelled, Your access ends on, a toast', async () => {
    const { store } = open({ scenario: 'active' });
    await userEvent.click(await screen.findByRole('button', { name: T.cancel }));
    const dialog = screen.getByRole('dialog', { name: T.cancelDialog.title });
    expect(within(dialog).getByRole('button', { name: T.cancelDialog.keep })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: T.cancelDialog.confirm }));
    expect(await screen.findByText('Your access ends on')).toBeInTheDocument();
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(puts()).toEqual([{ action: 'cancel', order_id: 'order-mock-1', subscription_id: 'sub-mock-1' }]);
    expect(store.getState().notifications.items.map((n) => n.message)).toContain('Your subscription has been cancelled.');
  });

  it('keeps the subscription when the confirmation is dismissed', async () => {
    open({ scenario: 'active' });
    await userEvent.click(await screen.findByRole('button', { name: T.cancel }));
    await userEvent.click(screen.getByRole('button', { name: T.cancelDialog.keep }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(puts()).toEqual([]);
  });

  it('shows the server’s message under the buttons when cancel fails', async () => {
    open({ scenario: 'active', handlers: { 'PUT /subscriptions/sticky': { status: 409, body: apiErrorBody('action_not_allowed', 'This cannot be done with your subscription as it is now.') } } });
    await userEvent.click(await screen.findByRole('button', { name: T.cancel }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: T.cancelDialog.confirm }));
    const error = await screen.findByTestId('portal-action-error');
    expect(error).toHaveTextContent('This cannot be done with your subscription as it is now.');
    expect(error).toHaveAttribute('role', 'alert');
    expect(within(card('portal-plan-actions')).getByRole('button', { name: T.cancel })).toBeEnabled();
    expect(screen.queryByText('Cancelled')).not.toBeInTheDocument();
  });

  it('resumes a cancelled subscription (uncancel): Next charge date again', async () => {
    open({ scenario: 'cancelled' });
    await userEvent.click(await screen.findByRole('button', { name: T.uncancel }));
    expect(await screen.findByText('Next charge date')).toBeInTheDocument();
    expect(screen.queryByText('Cancelled')).not.toBeInTheDocument();
    expect(puts()).toEqual([{ action: 'uncancel', order_id: 'order-mock-1', subscription_id: 'sub-mock-1' }]);
  });

  it('shows a failed uncancel’s message (a status other than SUCCESS)', async () => {
    open({ scenario: 'cancelled', handlers: { 'PUT /subscriptions/sticky': { body: { status: 'FAILED', message: 'The subscription could not be resumed.' } } } });
    await userEvent.click(await screen.findByRole('button', { name: T.uncancel }));
    expect(await screen.findByTestId('portal-action-error')).toHaveTextContent('The subscription could not be resumed.');
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
  });

  it('a failed Pay amount due shows its message in place of the payment-failed note; after a card change it pays', async () => {
    open({ scenario: 'grace' });
    await userEvent.click(await screen.findByRole('button', { name: T.payAmountDue }));
    const note = screen.getByTestId('portal-grace-note');
    await waitFor(() => expect(note).toHaveTextContent('Your card was declined.'));
    expect(screen.queryByText(T.paymentFailed)).not.toBeInTheDocument();
    expect(screen.queryByTestId('portal-action-error')).not.toBeInTheDocument();
    // A working card on file (through the API, as the change-card dialog would), then the rebill goes through.
    await fetch('/api/subscriptions/sticky', {
      method: 'PUT',
      headers: { authorization: `Bearer ${fake!.memberTokens.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'change_card', order_id: 'order-mock-1', subscription_id: 'sub-mock-1', card_token: 'pm_card_visa' }),
    });
    await userEvent.click(screen.getByRole('button', { name: T.payAmountDue }));
    await waitFor(() => expect(screen.queryByTestId('portal-grace-note')).not.toBeInTheDocument());
    expect(screen.queryByText(T.paymentFailedTag)).not.toBeInTheDocument();
    expect(button(T.cancel)).toBeEnabled();
  });

  it('force-refreshes the token 5 s after a successful action, not before', async () => {
    open({ scenario: 'cancelled' });
    await screen.findByRole('button', { name: T.uncancel });
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(button(T.uncancel));
    await act(() => jest.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(puts()).toHaveLength(1));
    await act(() => jest.advanceTimersByTimeAsync(50));
    const refreshes = () => fake!.callsTo('POST /v2/auth/refresh');
    await act(() => jest.advanceTimersByTimeAsync(4_700));
    expect(refreshes()).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(refreshes()).toHaveLength(1));
    expect(refreshes()[0]!.body).toEqual({ refresh_token: 'mock-refresh', attempt_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('does not refresh the token after a failed action', async () => {
    open({ scenario: 'active', handlers: { 'PUT /subscriptions/sticky': { status: 409, body: apiErrorBody('action_not_allowed', 'Nope.') } } });
    await userEvent.click(await screen.findByRole('button', { name: T.cancel }));
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: T.cancelDialog.confirm }));
    await act(() => jest.advanceTimersByTimeAsync(6_000));
    expect(await screen.findByText('Nope.')).toBeInTheDocument();
    expect(fake!.callsTo('POST /v2/auth/refresh')).toHaveLength(0);
  });
});
