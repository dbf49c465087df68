import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { becameGuest, signedIn, type SessionUser } from '@fable/shared';
import { deploymentFixture, partnerFixture, renderRoute, storeWith } from '@fable/shared/testing';
import { apiErrorBody, mockApi } from '@fable/shared/testing';
import { apiUserFixture } from '@fable/shared/testing';
import routes from '../routes';
import { ExternalSignupPage, OnboardingModal, SignupPage } from './SignupPages';
import { UpdateEmailPage } from './UpdateEmailPage';
import { UserNotFoundPage } from './UserNotFoundPage';

let fake: ReturnType<typeof mockApi> | undefined;
afterEach(() => fake?.restore());
beforeEach(() => localStorage.clear());

const member = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: 'u1',
  username: 'ada',
  name: 'Ada',
  avatarUrl: null,
  tier: 'free',
  roles: [],
  email: 'ada@example.com',
  ...overrides,
});

function storeFor(user: SessionUser | null, deployment = deploymentFixture()) {
  const store = storeWith(deployment);
  if (user) store.dispatch(signedIn({ user, permissions: [] }));
  else store.dispatch(becameGuest({ guestUserId: 'g1', permissions: [] }));
  return store;
}

it('exposes the account pages by the contract’s page ids, and the onboarding modal', () => {
  for (const page of ['signup', 'externalSignup', 'updateEmail', 'userNotFound', 'onboarding']) expect(routes.pages[page]).toBeDefined();
});

describe('/signup for a guest', () => {
  it('opens the host’s sign-in overlay and offers Sign In', async () => {
    const store = storeFor(null);
    renderRoute(<SignupPage />, { path: '/signup', url: '/signup', store });
    expect(store.getState().session.signInPrompt).toEqual({ open: true, returnTo: '/signup' });
    expect(screen.getByRole('heading', { name: 'Create your free account' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  });

  it('sends a member who already has a username home', () => {
    renderRoute(<SignupPage />, { path: '/signup', url: '/signup', store: storeFor(member()) });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('goes to /external/signup for partners with the external-mode flag', () => {
    const partner = { ...partnerFixture(), flags: { external_mode: true } };
    renderRoute(<SignupPage />, { path: '/signup', url: '/signup', store: storeFor(member({ username: null }), partner) });
    expect(screen.getByTestId('location')).toHaveTextContent('/external/signup');
  });
});

describe('/external/signup', () => {
  it('applies the partner rules: username and name of at least 4', async () => {
    fake = mockApi({ overrides: { 'POST /v2/users/check-username': { body: { isAvailable: true } } } });
    renderRoute(<ExternalSignupPage />, { path: '/external/signup', url: '/external/signup', store: storeFor(member({ username: null }), partnerFixture()) });
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Username is too short, it should be at least 4 characters long.')).toBeInTheDocument();
    expect(screen.getByText('Name is too short, it should be at least 4 characters long.')).toBeInTheDocument();
  });
});

describe('onboarding modal (onboarding_v2)', () => {
  it('is a dialog titled Welcome Aboard for a member without a username, nothing otherwise', () => {
    const { unmount } = renderRoute(<OnboardingModal />, { path: '*', url: '/', store: storeFor(member({ username: null })) });
    expect(screen.getByRole('dialog', { name: 'Welcome Aboard' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    unmount();
    renderRoute(<OnboardingModal />, { path: '*', url: '/', store: storeFor(member()) });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('/update-email', () => {
  it('checks the email, saves it (PATCH /v2/users), refreshes the session user and goes to /', async () => {
    fake = mockApi({ overrides: { 'PATCH /v2/users': ({ body }) => ({ body: apiUserFixture({ email: (body as { email: string }).email }) }) } });
    const store = storeFor(member({ email: 'x@privaterelay.appleid.com' }));
    renderRoute(<UpdateEmailPage />, { path: '/update-email', url: '/update-email', store });
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email can not be empty');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    await userEvent.type(screen.getByLabelText('Email'), 'example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(fake.callsTo('PATCH /v2/users')[0]?.body).toEqual({ email: 'ada@example.com' });
    expect(store.getState().session.user?.email).toBe('ada@example.com');
  });

  it('shows the API’s message when the email is taken', async () => {
    fake = mockApi({ overrides: { 'PATCH /v2/users': { status: 409, body: apiErrorBody('email_taken', 'This email is already used by another account') } } });
    renderRoute(<UpdateEmailPage />, { path: '/update-email', url: '/update-email', store: storeFor(member()) });
    await userEvent.type(screen.getByLabelText('Email'), 'eve@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This email is already used by another account');
  });
});

describe('/user-not-found (invalid account page)', () => {
  it('says the spec’s text, with logout and back to home', async () => {
    const store = storeFor(member({ isInvalid: true }));
    renderRoute(<UserNotFoundPage />, { path: '/user-not-found', url: '/user-not-found', store });
    expect(screen.getByText('This account is invalid, has been deleted or has been suspended.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(store.getState().session.signOutRequested).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Back to home' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
