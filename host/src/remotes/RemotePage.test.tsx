import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { AppProviders, getStore, lazyPage } from '@fable/shared';
import { RemotePage } from './RemotePage';
import { retryRemote } from './remoteModule';
import { versionOf } from './remoteRegistry';
import { fallbackPlugin } from './runtimePlugins/fallbackPlugin';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
jest.mock('./remoteRegistry', () => ({ ...jest.requireActual('./remoteRegistry'), versionOf: jest.fn(() => null) }));
const mockedLoad = loadRemote as jest.MockedFunction<typeof loadRemote>;

function Terms() {
  return <h1>Terms of Service</h1>;
}

const routesModule = (pages: Record<string, React.ComponentType> = { terms: Terms }) => ({ remote: 'mf_account', buildVersion: '0.1.0', pages });

function renderPage(page = 'terms') {
  return render(
    <AppProviders store={getStore()}>
      <MemoryRouter>
        <RemotePage remote="mf_account" displayName="Account" page={page} />
      </MemoryRouter>
    </AppProviders>,
  );
}

beforeEach(async () => {
  await retryRemote('mf_account'); // loaded routes are cached per page
  mockedLoad.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

it('mounts a page of the remote and marks it with its build version', async () => {
  mockedLoad.mockResolvedValue(routesModule());
  renderPage();
  expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument();
  expect(screen.getByRole('heading').closest('[data-remote]')).toHaveAttribute('data-remote-version', '0.1.0');
});

it('shows the fallback, named by the remote, while the remote is down, and recovers on Retry', async () => {
  mockedLoad.mockRejectedValueOnce(new Error('Failed to fetch manifest'));
  renderPage();
  expect(await screen.findByRole('heading', { name: 'Account is unavailable right now' })).toBeInTheDocument();
  mockedLoad.mockResolvedValue(routesModule());
  await act(() => userEvent.click(screen.getByRole('button', { name: 'Retry' })));
  expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument();
  expect(registerRemotes).not.toHaveBeenCalled(); // nothing was registered in this test: Retry re-registers only known remotes
});

it('shows the fallback for the module the fallback plugin stands in with, and says why in the console', async () => {
  const plugin = fallbackPlugin((name) => (name === 'mf_account' ? 'mf_account was built against @fable/shared 2.0.0, the host runs 1.0.0: major versions differ, not mounted' : null));
  const standIn = plugin.errorLoadRemote!({ id: 'mf_account/routes', error: new Error('RUNTIME-004'), from: 'runtime', lifecycle: 'beforeRequest', origin: {} as never });
  mockedLoad.mockResolvedValue(standIn as never);
  renderPage();
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
  expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/mf_account could not be loaded: .*@fable\/shared 2\.0\.0.*major versions differ/));
});

it('leaves other failures to the runtime: only a remote\'s routes get a stand-in', () => {
  const plugin = fallbackPlugin(() => null);
  expect(plugin.errorLoadRemote!({ id: 'mf_account/other', error: new Error('x'), from: 'runtime', lifecycle: 'onLoad', origin: {} as never })).toBeUndefined();
});

it('shows the 404 page for a route whose page the remote does not have yet', async () => {
  mockedLoad.mockResolvedValue(routesModule());
  renderPage('privacy');
  expect(await screen.findByRole('heading', { name: 'This page is gone.' })).toBeInTheDocument();
});

it('catches a remote page that throws while rendering', async () => {
  function Broken(): never {
    throw new Error('boom');
  }
  mockedLoad.mockResolvedValue(routesModule({ terms: Broken }));
  renderPage();
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
});

it('loads a lazy page chunk anew on Retry after it failed once (React.lazy keeps a rejected import)', async () => {
  const load = jest.fn<Promise<() => React.ReactNode>, []>().mockRejectedValueOnce(new Error('ChunkLoadError: Loading chunk 42 failed')).mockResolvedValue(Terms);
  mockedLoad.mockResolvedValue(routesModule({ terms: lazyPage(load) }));
  renderPage();
  const retry = await screen.findByRole('button', { name: 'Retry' });
  await act(() => userEvent.click(retry));
  expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

describe('what the page reports of the remote\'s version', () => {
  const sent: unknown[] = [];
  beforeEach(() => {
    sent.length = 0;
    jest.mocked(versionOf).mockReturnValue('0.2.0');
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: jest.fn((url: string, body: string) => sent.push([url, JSON.parse(body)]) > 0),
    });
  });
  afterEach(() => {
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
    jest.mocked(versionOf).mockReturnValue(null);
  });

  it('reports a load, a load that failed, and a page that threw, each with the version the page was given', async () => {
    function Broken(): never {
      throw new Error('boom');
    }
    mockedLoad.mockRejectedValueOnce(new Error('Failed to fetch manifest'));
    renderPage();
    await screen.findByTestId('remote-fallback');
    mockedLoad.mockResolvedValue(routesModule({ terms: Broken }));
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Retry' })));
    await screen.findByTestId('remote-fallback');
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent).toEqual([
      ['/remote-beacon', { remote: 'mf_account', version: '0.2.0', event: 'load_failed' }],
      ['/remote-beacon', { remote: 'mf_account', version: '0.2.0', event: 'loaded' }],
      ['/remote-beacon', { remote: 'mf_account', version: '0.2.0', event: 'render_failed' }],
    ]);
  });

  it('reports nothing of a remote without a version (a dev server\'s)', async () => {
    jest.mocked(versionOf).mockReturnValue(null);
    mockedLoad.mockResolvedValue(routesModule());
    renderPage();
    await screen.findByRole('heading', { name: 'Terms of Service' });
    expect(sent).toEqual([]);
  });
});
