import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { becameGuest, sessionFromUser, signedIn, type AppStore } from '@fable/shared';
import { deploymentFixture, partnerFixture, storeWith } from '@fable/shared/testing';
import type { SessionUser as ApiUser } from '@fable/contracts';
import routes from '../routes';
import { apiErrorBody, mockApi, type FakeHandler } from '@fable/shared/testing';
import { renderDataRoute } from '../testing/renderDataRoute';
import { apiUserFixture } from '@fable/shared/testing';
import { profileApi } from './profileApi';
import { ProfilePage } from './ProfilePage';

let fake: ReturnType<typeof mockApi> | undefined;
afterEach(() => {
  fake?.restore();
  fake = undefined;
  jest.useRealTimers();
});

const KEY = 'sk-secret-0123456789-wxyz';
const apiUser = (overrides: Partial<ApiUser> = {}) =>
  apiUserFixture({ highlights: 'I write long stories.', openai_api_key: KEY, openai_mode: 'hybrid', ...overrides });

function storeFor(user: ApiUser | null, deployment = deploymentFixture()): AppStore {
  const store = storeWith(deployment);
  if (user) store.dispatch(signedIn(sessionFromUser(user)));
  else store.dispatch(becameGuest({ guestUserId: 'g1', permissions: [] }));
  return store;
}

/** The profile page with GET /v2/users answering `user`, and the given extra handlers. */
async function openProfile(user: ApiUser = apiUser(), handlers: Record<string, FakeHandler> = {}) {
  fake = mockApi({ overrides: { 'GET /v2/users': { body: user }, ...handlers } });
  const store = storeFor(user);
  const view = renderDataRoute(ProfilePage, { path: '/profile', url: '/profile', store });
  await screen.findByTestId('profile-page');
  return { ...view, store, fake };
}

/** Advances the countdown second by second (each second is scheduled after the previous one renders). */
function tick(seconds: number) {
  for (let i = 0; i < seconds; i += 1) act(() => jest.advanceTimersByTime(1000));
}

const updateButton = () => screen.getByRole('button', { name: 'Update' });
const notifications = (store: AppStore) => store.getState().notifications.items.map((n) => n.message);

it('is the page of the contract’s profile id', () => {
  expect(routes.pages.profile).toBeDefined();
});

describe('signed out', () => {
  it('prompts to sign in and opens the host’s sign-in overlay', async () => {
    const store = storeFor(null);
    renderDataRoute(ProfilePage, { path: '/profile', url: '/profile', store });
    expect(screen.getByRole('heading', { name: 'Sign in to edit your profile' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(store.getState().session.signInPrompt).toEqual({ open: true, returnTo: '/profile' });
  });
});

describe('the form', () => {
  it('shows the profile, never the saved key in full, and keeps Update disabled until something changes', async () => {
    await openProfile();
    expect(screen.getByLabelText('Username')).toHaveValue('ada');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Highlights')).toHaveValue('I write long stories.');
    expect(screen.getByText('21 / 1000')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('OpenAI API key')).toHaveValue('');
    expect(screen.getByLabelText('OpenAI API key')).toHaveAttribute('type', 'password');
    expect(screen.getByTestId('saved-key')).toHaveTextContent('…wxyz');
    expect(document.body.innerHTML).not.toContain(KEY);
    expect(screen.getByLabelText(/Hybrid/)).toBeChecked();
    expect(screen.getByLabelText(/Blur NSFW images/)).toBeChecked();
    expect(screen.getByLabelText(/Show NSFW content/)).not.toBeChecked();
    expect(screen.getByTestId('current-plan')).toHaveTextContent('Free');
    expect(screen.queryByTestId('relay-note')).not.toBeInTheDocument();
    expect(updateButton()).toBeDisabled();

    await userEvent.type(screen.getByLabelText('Name'), 'x');
    expect(updateButton()).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Name'), '{Backspace}');
    expect(updateButton()).toBeDisabled();
  });

  it('notes the private-relay email', async () => {
    await openProfile(apiUser({ email: 'x1@privaterelay.appleid.com' }));
    expect(screen.getByTestId('relay-note')).toHaveTextContent('Your sign-in hides your email from us.');
  });

  it('shows the rules’ messages next to the fields and sends nothing', async () => {
    const { fake } = await openProfile();
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Al');
    await userEvent.clear(screen.getByLabelText('Highlights'));
    await userEvent.type(screen.getByLabelText('Highlights'), 'Hi');
    await userEvent.click(updateButton());
    expect(screen.getByText('Name is too short')).toBeInTheDocument();
    expect(screen.getByText('Highlights is too short')).toBeInTheDocument();
    expect(screen.getByText('Please fix the highlighted fields.')).toBeInTheDocument();
    expect(fake.callsTo('PUT /v2/users/profile')).toHaveLength(0);
  });

  it('checks a changed username after 500 ms, never the unchanged one', async () => {
    const { fake } = await openProfile(apiUser(), {
      'POST /v2/users/check-username': ({ body }) => ({ body: { isAvailable: (body as { username: string }).username !== 'taken' } }),
    });
    const username = screen.getByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'lovelace');
    expect(await screen.findByText('Username is available')).toBeInTheDocument();
    expect(fake.callsTo('POST /v2/users/check-username').map((c) => c.body)).toEqual([{ username: 'lovelace' }]);

    await userEvent.clear(username);
    await userEvent.type(username, 'taken');
    expect(await screen.findByText('Username is not available')).toBeInTheDocument();

    // Back to the saved username: no check, however long one waits (fake time, past the 500 ms debounce).
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.clear(username);
      await user.type(username, 'ada');
      await act(() => jest.advanceTimersByTimeAsync(5_000));
      expect(fake.callsTo('POST /v2/users/check-username').map((c) => c.body)).toEqual([{ username: 'lovelace' }, { username: 'taken' }]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('saves the profile (PUT /v2/users/profile) and the settings (PATCH /v2/users), toasts and updates the session', async () => {
    const { fake, store } = await openProfile(apiUser(), {
      'PUT /v2/users/profile': ({ body }) => ({ body: apiUser(body as Partial<ApiUser>) }),
      'PATCH /v2/users': () => ({ body: apiUser({ name: 'Ada L', settings: { ...apiUser().settings, showNSFW: true } }) }),
    });
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Ada L');
    await userEvent.type(screen.getByLabelText('OpenAI API key'), 'sk-new');
    await userEvent.click(screen.getByLabelText(/Show NSFW content/));
    await userEvent.click(updateButton());

    await waitFor(() => expect(notifications(store)).toContain('Profile saved successfully.'));
    expect(fake.callsTo('PUT /v2/users/profile')[0]?.body).toEqual({ username: 'ada', name: 'Ada L', openai_api_key: 'sk-new' });
    expect(fake.callsTo('PATCH /v2/users')[0]?.body).toEqual({ settings: { showNSFW: true } });
    expect(store.getState().session.user?.name).toBe('Ada L');
    await waitFor(() => expect(updateButton()).toBeDisabled());
    expect(screen.getByLabelText('OpenAI API key')).toHaveValue('');
  });

  it('puts the API’s error codes next to their fields', async () => {
    const answers = [
      { status: 409, body: { error: { code: 'username_taken', message: 'Username is not available', details: { errorCode: 'username_taken', field: 'username' } } } },
      { status: 409, body: apiErrorBody('email_taken', 'This email is already used by another account') },
      { status: 422, body: apiErrorBody(4207, 'x') },
    ];
    await openProfile(apiUser(), {
      'PUT /v2/users/profile': () => answers.shift() ?? { status: 500 },
      'POST /v2/users/check-username': { body: { isAvailable: true } },
    });
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Username'), 'lovelace');
    await screen.findByText('Username is available');
    await userEvent.click(updateButton());
    const usernameNote = await screen.findByText('Username is not available');
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-describedby', usernameNote.id);

    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'eve@example.com');
    await userEvent.click(updateButton());
    const emailNote = await screen.findByText('This email is already used by another account');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-describedby', emailNote.id);

    await userEvent.type(screen.getByLabelText('Email'), 'x');
    await userEvent.click(updateButton());
    expect(await screen.findByText(/^Underage Content Detected/)).toBeInTheDocument();
  });
});

describe('unsaved changes', () => {
  it('asks before leaving; Escape stays, Discard leaves', async () => {
    await openProfile();
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    expect(dialog).toHaveTextContent('You have unsaved changes');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
    expect(screen.getByLabelText('Name')).toHaveValue('Adax');

    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere'));
  });

  it('Update saves, then leaves', async () => {
    const { fake } = await openProfile(apiUser(), { 'PUT /v2/users/profile': ({ body }) => ({ body: apiUser(body as Partial<ApiUser>) }) });
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere'));
    expect(fake.callsTo('PUT /v2/users/profile')[0]?.body).toEqual({ username: 'ada', name: 'Adax' });
  });

  it('a failed Update closes the dialog and shows the error on the form', async () => {
    await openProfile(apiUser(), { 'PUT /v2/users/profile': { status: 500, body: apiErrorBody('internal_error', 'boom') } });
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
    // The dialog belongs to the blocked navigation: it closes once the router has let go of it.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });

  it('Logout without changes signs out at once', async () => {
    const { store } = await openProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(store.getState().session.signOutRequested).toBe(true);
  });

  it('Logout asks when there are changes, and Discard signs out', async () => {
    const { store } = await openProfile();
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(store.getState().session.signOutRequested).toBe(false);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Unsaved Changes' })).getByRole('button', { name: 'Discard' }));
    expect(store.getState().session.signOutRequested).toBe(true);
  });

  it('guards reloads and closing the tab with beforeunload only while there are changes', async () => {
    await openProfile();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    expect(unload()).toBe(true);
  });
});

describe('account removal', () => {
  it('counts down after confirming, then deletes, signs out and goes home with a notice', async () => {
    const { fake, store } = await openProfile(apiUser(), { 'DELETE /v2/users': { body: { deleted: true } } });
    await userEvent.type(screen.getByLabelText('Name'), 'x'); // unsaved changes do not hold the removal back
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Remove Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Account' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Account' }));
    expect(within(dialog).getByRole('button', { name: 'Removing in 6…' })).toBeDisabled();
    tick(2);
    expect(within(dialog).getByRole('button', { name: 'Removing in 4…' })).toBeDisabled();
    expect(fake.callsTo('DELETE /v2/users')).toHaveLength(0);
    tick(4);
    await waitFor(() => expect(fake.callsTo('DELETE /v2/users')).toHaveLength(1));
    await waitFor(() => expect(store.getState().session.signOutRequested).toBe(true));
    expect(notifications(store)).toContain('Your account has been removed.');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('Cancel stops the countdown', async () => {
    const { fake } = await openProfile(apiUser(), { 'DELETE /v2/users': { body: { deleted: true } } });
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Remove Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Account' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Account' }));
    tick(3);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByRole('button', { name: 'Remove Account' })).toBeEnabled();
    tick(10);
    expect(fake.callsTo('DELETE /v2/users')).toHaveLength(0);
  });

  it('a failed removal says so in the dialog', async () => {
    await openProfile(apiUser(), { 'DELETE /v2/users': { status: 500, body: apiErrorBody('internal_error', 'boom') } });
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Remove Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Account' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Account' }));
    tick(6);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong!');
  });

  it('warns a subscriber first that removal cancels the subscription', async () => {
    const subscriber = apiUser({ tier: 'basic', subscription: { platform: 'sticky', status: 'active' } } as Partial<ApiUser>);
    await openProfile(subscriber);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Account' }));
    const warning = screen.getByRole('dialog', { name: 'You have an active subscription' });
    expect(warning).toHaveTextContent('Removing your account also cancels your subscription.');
    expect(within(warning).getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute('href', '/manage-subscription');
    await userEvent.click(within(warning).getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByRole('dialog', { name: 'Remove Account' })).toBeInTheDocument();
  });
});

it('fires no beforeunload guard once the page is gone', async () => {
  const { unmount } = await openProfile();
  await userEvent.type(screen.getByLabelText('Name'), 'x');
  unmount();
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  expect(event.defaultPrevented).toBe(false);
});

it('keeps only the settings unsaved when the profile saved but the settings failed', async () => {
  const { store } = await openProfile(apiUser(), {
    'PUT /v2/users/profile': ({ body }) => ({ body: apiUser(body as Partial<ApiUser>) }),
    'PATCH /v2/users': { status: 500, body: apiErrorBody('internal_error', 'boom') },
  });
  await userEvent.type(screen.getByLabelText('Name'), 'x');
  await userEvent.click(screen.getByLabelText(/Show NSFW content/));
  await userEvent.click(updateButton());
  expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
  expect(store.getState().session.user?.name).toBe('Adax');
  expect(screen.getByLabelText('Name')).toHaveValue('Adax');
  expect(screen.getByLabelText(/Show NSFW content/)).toBeChecked();
  expect(updateButton()).toBeEnabled();
});

it('hides the NSFW settings in partner mode (document 1 §1)', async () => {
  const user = apiUser();
  fake = mockApi({ overrides: { 'GET /v2/users': { body: user } } });
  renderDataRoute(ProfilePage, { path: '/profile', url: '/profile', store: storeFor(user, partnerFixture()) });
  await screen.findByTestId('profile-page');
  expect(screen.queryByLabelText(/Show NSFW content/)).not.toBeInTheDocument();
  expect(screen.getByLabelText('Preferred chat language')).toHaveValue('en');
});

describe('a fresher user from the server', () => {
  it('replaces what is shown while nothing is edited', async () => {
    const { store } = await openProfile();
    act(() => {
      store.dispatch(profileApi.util.upsertQueryData('account_me', undefined, apiUser({ name: 'Grace' })));
    });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Grace'));
    expect(updateButton()).toBeDisabled();
  });

  it('keeps the edits, and counts them against the fresh profile', async () => {
    const { store } = await openProfile();
    await userEvent.type(screen.getByLabelText('Highlights'), '!');
    act(() => {
      store.dispatch(profileApi.util.upsertQueryData('account_me', undefined, apiUser({ name: 'Grace' })));
    });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByLabelText('Highlights')).toHaveValue('I write long stories.!');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
    expect(updateButton()).toBeEnabled();
  });
});

describe('a failed submit', () => {
  it('focuses the first field in error, also after the dialog’s Update', async () => {
    const { fake } = await openProfile();
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Al');
    await userEvent.click(updateButton());
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Name is too short');

    await userEvent.click(screen.getByRole('link', { name: 'Leave' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(name).toHaveFocus());
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
    expect(fake.callsTo('PUT /v2/users/profile')).toHaveLength(0);
  });
});
