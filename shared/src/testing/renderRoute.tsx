import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { createStore, type AppStore } from '../store/store';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders a page at `url` under `path`, inside the app's providers, with a fresh store (so tests do not
 * share state) and a probe that shows the current location. The router is a data router, as the host's and the
 * standalone shell's are (useBlocker, the unsaved-changes guard, needs one); any other path is "elsewhere".
 */
export function renderRoute(page: ReactElement, { path, url, store = createStore() }: { path: string | string[]; url: string; store?: AppStore }) {
  const paths = Array.isArray(path) ? path : [path];
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <LocationProbe />
          </>
        ),
        children: [...paths.map((p) => ({ path: p, element: page })), { path: '*', element: <p>elsewhere</p> }],
      },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, store, router };
}
