import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { AppProviders, getStore } from '@fable/shared';
import { RemotePage } from './RemotePage';
import { forgetRemote } from './remoteModule';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const mockedLoad = loadRemote as jest.MockedFunction<typeof loadRemote>;

function Terms() {
  return <h1>Terms of Service</h1>;
}

const routesModule = (contractVersion: string) => ({ remote: 'mf_account', contractVersion, buildVersion: '0.1.0', pages: { terms: Terms } });

function renderPage(page = 'terms') {
  return render(
    <AppProviders store={getStore()}>
      <MemoryRouter>
        <RemotePage remote="mf_account" page={page} />
      </MemoryRouter>
    </AppProviders>,
  );
}

beforeEach(() => {
  forgetRemote('mf_account'); // loaded routes are cached per page session
  mockedLoad.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

it('mounts a page of a remote built against the same contract major', async () => {
  mockedLoad.mockResolvedValue(routesModule('1.3.0'));
  renderPage();
  expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument();
  expect(screen.getByRole('heading').closest('[data-remote]')).toHaveAttribute('data-remote-version', '0.1.0');
});

it('does not mount a remote of another contract major: fallback, and the console says why', async () => {
  mockedLoad.mockResolvedValue(routesModule('2.0.0'));
  renderPage();
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Terms of Service' })).not.toBeInTheDocument();
  expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/mf_account was built against contract 2\.0\.0.*major versions differ/));
});

it('shows the fallback while the remote is down and recovers on Retry', async () => {
  mockedLoad.mockRejectedValueOnce(new Error('Failed to fetch manifest'));
  renderPage();
  const retry = await screen.findByRole('button', { name: 'Retry' });
  mockedLoad.mockResolvedValue(routesModule('1.0.0'));
  await act(() => userEvent.click(retry));
  expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument();
  expect(registerRemotes).not.toHaveBeenCalled(); // nothing was registered in this test: Retry re-registers only known remotes
});

it('shows the 404 page for a route whose page the remote does not have yet', async () => {
  mockedLoad.mockResolvedValue(routesModule('1.0.0'));
  renderPage('privacy');
  expect(await screen.findByRole('heading', { name: 'This page is gone.' })).toBeInTheDocument();
});

it('catches a remote page that throws while rendering', async () => {
  function Broken(): never {
    throw new Error('boom');
  }
  mockedLoad.mockResolvedValue({ ...routesModule('1.0.0'), pages: { terms: Broken } });
  renderPage();
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
});
