import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { AppProviders, Link, StandaloneRemote, useLocation, type AppStore } from '@fable/shared';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders one page under a data router (what the host and the standalone shell run; `useBlocker` needs one, while
 * `renderRoute` of @fable/shared uses a MemoryRouter). The page is at `path`, with a link "Leave" to /elsewhere and
 * a location probe beside it; "/" and "/elsewhere" are plain pages. The router runs on jsdom's history, starting at
 * `url`.
 */
export function renderDataRoute(Page: ComponentType, { path, url, store }: { path: string; url: string; store: AppStore }) {
  window.history.replaceState(null, '', url);
  function WithProbe() {
    return (
      <>
        <Link to="/elsewhere">Leave</Link>
        <Page />
        <LocationProbe />
      </>
    );
  }
  const Home = () => (
    <>
      <p>home</p>
      <LocationProbe />
    </>
  );
  const Elsewhere = () => (
    <>
      <p>elsewhere</p>
      <LocationProbe />
    </>
  );
  const manifest = {
    name: 'mf_account',
    displayName: 'Account',
    nav: [],
    slots: {},
    routes: [
      { path, page: 'page' },
      { path: '/', page: 'home' },
      { path: '/elsewhere', page: 'elsewhere' },
    ],
  };
  const module = { remote: 'mf_account', buildVersion: 'test', pages: { page: WithProbe, home: Home, elsewhere: Elsewhere } };
  const result = render(
    <AppProviders store={store}>
      <StandaloneRemote manifest={manifest} module={module} />
    </AppProviders>,
  );
  return { ...result, store };
}
