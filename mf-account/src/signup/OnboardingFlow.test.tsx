import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedIn, type SessionUser } from '@fable/shared';
import { captureTrackingIds, readTrackingIds } from '@fable/shared/trackingIds';
import { deploymentFixture, renderRoute, storeWith } from '@fable/shared/testing';
import { apiErrorBody, mockApi, type FakeHandler } from '@fable/shared/testing';
import { apiUserFixture } from '@fable/shared/testing';
import { SignupPage } from './SignupPages';

let fake: ReturnType<typeof mockApi>;
// Tests that install no fake fetch leave `fake` unset (or as an earlier test left it: restoring again is harmless).
afterEach(() => fake?.restore());
beforeEach(() => localStorage.clear());

const newUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: 'u1',
  username: null,
  name: null,
  avatarUrl: null,
  tier: 'free',
  roles: [],
  email: 'ada@example.com',
  ...overrides,
});

function renderSignup(handlers: Record<string, FakeHandler>, user: SessionUser = newUser()) {
  fake = mockApi({ overrides: { 'POST /v2/users/check-username': { body: { isAvailable: true } }, ...handlers } });
  const store = storeWith(deploymentFixture());
  store.dispatch(signedIn({ user, permissions: [] }));
  return renderRoute(<SignupPage />, { path: '/signup', url: '/signup', store });
}

async function fillWelcome(username = 'ada_l') {
  await userEvent.type(screen.getByLabelText('Username'), username);
  await userEvent.type(screen.getByLabelText('Name'), 'Ada');
  await userEvent.click(screen.getByLabelText('I confirm that I am 18 year or older'));
  await userEvent.click(screen.getByLabelText(/I agree with the/));
}

describe('/signup "Welcome Aboard"', () => {
  it('shows the fields, the rules, and the spec’s messages', async () => {
    renderSignup({});
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Aboard' })).toBeInTheDocument();
    expect(screen.getByText('No hate speech')).toBeInTheDocument();
    expect(screen.getByText('No underage')).toBeInTheDocument();
    expect(screen.getByText('No incest')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument(); // only for private-relay accounts
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText("Username can't be empty")).toBeInTheDocument();
    expect(screen.getByText("Name can't be empty")).toBeInTheDocument();
    expect(screen.getByText('You must confirm that you are 18 years or older.')).toBeInTheDocument();
    expect(screen.getByText('You must agree with the terms and conditions.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Aboard' })).toBeInTheDocument();
  });

  it('asks private-relay accounts for an email', async () => {
    renderSignup({}, newUser({ email: 'abc@privaterelay.appleid.com' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByText('Email can not be empty')).toBeInTheDocument();
  });

  it('checks availability once, 500 ms after typing stops, and only from 3 characters', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderSignup({ 'POST /v2/users/check-username': { body: { isAvailable: false } } });
      await user.type(screen.getByLabelText('Username'), 'ad');
      await act(() => jest.advanceTimersByTimeAsync(600));
      expect(fake.callsTo('POST /v2/users/check-username')).toHaveLength(0);

      await user.type(screen.getByLabelText('Username'), 'aLove');
      expect(screen.getByText('Checking availability…')).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(499));
      expect(fake.callsTo('POST /v2/users/check-username')).toHaveLength(0);
      await act(() => jest.advanceTimersByTimeAsync(1));
      expect(await screen.findByText('Username is not available')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
    const checks = fake.callsTo('POST /v2/users/check-username');
    expect(checks).toHaveLength(1);
    expect(checks[0]?.body).toEqual({ username: 'adalove' }); // lower-cased
  });

  it('goes Welcome Aboard → Community Guidelines → submit, and signs the new member in', async () => {
    const { store } = renderSignup({
      'POST /v2/users': ({ body }) => ({ body: apiUserFixture({ username: (body as { username: string }).username, name: 'Ada', tier: 'free' }) }),
    });
    await fillWelcome();
    expect(await screen.findByText('Username is available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Community Guidelines Agreement' })).toBeInTheDocument();
    const start = screen.getByRole('button', { name: 'Start Chatting' });
    expect(start).toBeDisabled();
    await userEvent.click(screen.getByLabelText(/I agree to follow the/));
    expect(start).toBeEnabled();
    await userEvent.click(start);

    await waitFor(() => expect(store.getState().session.user?.username).toBe('ada_l'));
    expect(fake.callsTo('POST /v2/users')[0]?.body).toEqual({ username: 'ada_l', name: 'Ada', age: true, toc: true });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('sends the arrival’s affiliate_id and tap_tracking_id with the sign-up, and forgets them once the account has them', async () => {
    captureTrackingIds('?affiliate_id=aff-42&tap_tracking_id=tap_9');
    let refuse = true;
    renderSignup({
      'POST /v2/users': ({ body }) =>
        refuse
          ? { status: 409, body: apiErrorBody('username_taken', 'Username is not available') }
          : { body: apiUserFixture({ username: (body as { username: string }).username }) },
    });
    const startChatting = async () => {
      await screen.findByText('Username is available');
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await userEvent.click(screen.getByLabelText(/I agree to follow the/));
      await userEvent.click(screen.getByRole('button', { name: 'Start Chatting' }));
    };
    await fillWelcome();
    await startChatting();
    // Refused: nothing is lost, the next try sends them again.
    await screen.findByRole('heading', { level: 1, name: 'Welcome Aboard' });
    expect(readTrackingIds()).toEqual({ affiliate_id: 'aff-42', tap_tracking_id: 'tap_9' });
    refuse = false;
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Username'), 'ada_m');
    await startChatting();
    await waitFor(() => expect(fake.callsTo('POST /v2/users')).toHaveLength(2));
    for (const call of fake.callsTo('POST /v2/users')) expect(call.body).toMatchObject({ affiliate_id: 'aff-42', tap_tracking_id: 'tap_9' });
    await waitFor(() => expect(readTrackingIds()).toEqual({}));
  });

  it('a duplicated username on submit returns to Welcome Aboard, marked unavailable', async () => {
    renderSignup({ 'POST /v2/users': { status: 409, body: apiErrorBody('username_taken', 'Username is not available') } });
    await fillWelcome();
    await screen.findByText('Username is available');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByLabelText(/I agree to follow the/));
    await userEvent.click(screen.getByRole('button', { name: 'Start Chatting' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Aboard' })).toBeInTheDocument();
    expect(screen.getByText('Username is not available')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('ada_l');
  });

  it('a failed check on the guidelines step is a generic error toast, and the step stays', async () => {
    let calls = 0;
    const { store } = renderSignup({
      'POST /v2/users/check-username': () => (++calls === 1 ? { body: { isAvailable: true } } : { status: 500, body: apiErrorBody('internal_error', 'x') }),
    });
    await fillWelcome();
    await screen.findByText('Username is available');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByLabelText(/I agree to follow the/));
    await userEvent.click(screen.getByRole('button', { name: 'Start Chatting' }));
    await waitFor(() => expect(calls).toBe(2));
    await waitFor(() => expect(store.getState().notifications.items.map((n) => [n.type, n.message])).toEqual([['error', 'Something went wrong!']]));
    expect(screen.getByRole('heading', { level: 1, name: 'Community Guidelines Agreement' })).toBeInTheDocument();
    expect(fake.callsTo('POST /v2/users')).toHaveLength(0);
  });

  it('keeps the draft locally per email across reloads', async () => {
    const first = renderSignup({});
    await userEvent.type(screen.getByLabelText('Username'), 'ada_l');
    first.unmount();
    fake.restore();
    renderSignup({});
    expect(screen.getByLabelText('Username')).toHaveValue('ada_l');
    expect(Object.keys(localStorage)).toContain('fable.onboarding.ada@example.com');
  });
});
