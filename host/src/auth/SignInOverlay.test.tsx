import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from '@fable/shared/testing';
import { apiErrorBody, mockApi, type FakeHandler } from '@fable/shared/testing';
import { apiUserFixture } from '@fable/shared/testing';
import SignInOverlay, { providerStartUrl } from './SignInOverlay';
import { readStoredTokens, persistSessionTokens } from './tokenStorage';

let fake: ReturnType<typeof mockApi>;
// Tests that install no fake fetch leave `fake` unset (or as an earlier test left it: restoring again is harmless).
afterEach(() => fake?.restore());
beforeEach(() => localStorage.clear());

const signIn = { token: 'a1', refresh_token: 'r1', expires_in: 900, user: apiUserFixture(), is_new_user: false };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function renderOverlay(handlers: Record<string, FakeHandler>, { route = '/', returnTo = null as string | null, leavePage = jest.fn() } = {}) {
  fake = mockApi({ overrides: { 'GET /v2/auth/providers': { body: { providers: [] } }, ...handlers } });
  const onClose = jest.fn();
  const result = renderWithProviders(
    <>
      <SignInOverlay open onClose={onClose} returnTo={returnTo} leavePage={leavePage} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { route },
  );
  persistSessionTokens(result.store);
  return { ...result, onClose, leavePage };
}

describe('sign-in overlay', () => {
  it('checks the email before any call: empty and invalid emails error and no login starts', async () => {
    renderOverlay({});
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email can not be empty');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.callsTo('POST /v2/auth/email-code')).toHaveLength(0);
  });

  it('sends a code, verifies it, signs in and keeps the tokens', async () => {
    const { store } = renderOverlay({
      'POST /v2/auth/email-code': { body: { sent: true, expires_in: 600 } },
      'POST /v2/auth/email-code/verify': ({ body }) =>
        (body as { code: string }).code === '123456' ? { body: signIn } : { status: 400, body: apiErrorBody('email_code_invalid', 'The code is not valid') },
    });
    await userEvent.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(fake.callsTo('POST /v2/auth/email-code')[0]?.body).toEqual({ email: 'ada@example.com' });

    expect(await screen.findByText('We sent a 6-digit code to ada@example.com. Enter it below.')).toBeInTheDocument();
    const code = screen.getByLabelText('Code');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The code is 6 digits');

    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not valid');
    expect(store.getState().session.status).not.toBe('authenticated');

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(store.getState().session.status).toBe('authenticated'));
    expect(fake.callsTo('POST /v2/auth/email-code/verify').at(-1)?.body).toEqual({ email: 'ada@example.com', code: '123456' });
    expect(store.getState().session.user).toMatchObject({ username: 'ada', tier: 'free' });
    expect(readStoredTokens()).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
  });

  it('offers resend after a pause, and another email', async () => {
    renderOverlay({ 'POST /v2/auth/email-code': { body: { sent: true, expires_in: 600 } } });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const resend = await screen.findByRole('button', { name: /Resend code in \d+s/ });
    expect(resend).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Use another email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('shows the API’s message when the code cannot be sent', async () => {
    renderOverlay({ 'POST /v2/auth/email-code': { status: 429, body: apiErrorBody('rate_limited', 'Too many requests. Please wait a moment and try again.') } });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait a moment and try again.');
  });

  it('goes back to the stored return path after login', async () => {
    renderOverlay(
      {
        'POST /v2/auth/email-code': { body: { sent: true, expires_in: 600 } },
        'POST /v2/auth/email-code/verify': { body: signIn },
      },
      { route: '/', returnTo: '/checkout' },
    );
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/checkout'));
  });

  it('lists the providers of /v2/auth/providers; a provider’s button starts the redirect and loads until the page’s visibility changes', async () => {
    const { leavePage } = renderOverlay(
      {
        'GET /v2/auth/providers': {
          body: {
            providers: [
              { id: 'google', name: 'Google', start_url: '/api/v2/auth/oidc/google/start' },
              { id: 'discord', name: 'Discord', start_url: '/api/v2/auth/oidc/discord/start' },
            ],
          },
        },
      },
      { route: '/personas' },
    );
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    expect(screen.getByRole('button', { name: 'Continue with Discord' })).toBeEnabled();
    await userEvent.click(google);
    expect(leavePage).toHaveBeenCalledWith('/api/v2/auth/oidc/google/start?return_to=%2Fpersonas');
    expect(google).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Continue with Discord' })).toBeDisabled();
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(google).not.toHaveAttribute('aria-busy'));
  });
});

it('builds the provider start address with the page to come back to', () => {
  const provider = { id: 'google' as const, name: 'Google', start_url: '/api/v2/auth/oidc/google/start' };
  expect(providerStartUrl(provider, '/checkout?plan=1', 'http://localhost')).toBe('/api/v2/auth/oidc/google/start?return_to=%2Fcheckout%3Fplan%3D1');
  expect(providerStartUrl({ ...provider, start_url: 'https://auth.example/start' }, '/', 'http://localhost')).toBe('https://auth.example/start?return_to=%2F');
});
