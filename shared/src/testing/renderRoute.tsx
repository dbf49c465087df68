import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { createStore, type AppStore } from '../store/store';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders a page at `url` under `path`, inside the app's providers, with a fresh store (so tests do not
 * share state) and a probe that shows the current location.
 */
export function renderRoute(page: ReactElement, { path, url, store = createStore() }: { path: string | string[]; url: string; store?: AppStore }) {
  const paths = Array.isArray(path) ? path : [path];
  const result = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          {paths.map((p) => (
            <Route key={p} path={p} element={page} />
          ))}
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, store };
}
