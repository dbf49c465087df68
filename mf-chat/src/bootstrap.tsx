import { createRoot } from 'react-dom/client';
import { mfChatContract } from '@fable/contracts';
import { AppProviders, StandaloneRemote, authenticationRequired, getStore, setTheme } from '@fable/shared';
import routes from './routes';

// Standalone: this remote alone, against the real API (the dev server proxies /api).
const store = getStore();
// No host here, so nobody signs in: the session is the spec's "authentication required" (no token),
// and the theme follows the system's preference.
store.dispatch(authenticationRequired());
store.dispatch(setTheme(window.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark'));

createRoot(document.getElementById('root')!).render(
  <AppProviders store={store}>
    <StandaloneRemote contract={mfChatContract} module={routes} />
  </AppProviders>,
);
