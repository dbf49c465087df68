import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../api/api';
import { rootReducer } from './rootReducer';

export function createStore(preloadedState?: Partial<ReturnType<typeof rootReducer>>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as ReturnType<typeof rootReducer> | undefined,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];

let theStore: AppStore | undefined;

/**
 * The page's one store. @fable/shared is a federation singleton, so the host and every remote that
 * calls this get the same instance.
 */
export function getStore(): AppStore {
  theStore ??= createStore();
  return theStore;
}
