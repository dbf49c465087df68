import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { createStore, type AppStore, type RootState } from '../store/store';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  store?: AppStore;
  preloadedState?: Partial<RootState>;
  /** Initial URL of a MemoryRouter around the tree (components with links need one). */
  route?: string;
}

/** Test helper: renders inside AppProviders with a fresh store (or the given one) and a MemoryRouter. */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const { store = createStore(options.preloadedState), route = '/', preloadedState: _unused, ...rest } = options;
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProviders store={store}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </AppProviders>
    );
  }
  return { store, ...render(ui, { wrapper: Wrapper, ...rest }) };
}
