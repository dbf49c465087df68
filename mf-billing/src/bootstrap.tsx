import { createRoot } from 'react-dom/client';
import { mfBillingContract } from '@fable/contracts';
import { AppProviders, StandaloneRemote, getStore, setTheme } from '@fable/shared';
import routes from './routes';

// Standalone: this remote alone, against the real API (the dev server proxies /api).
// Inside the host the theme comes from the shell; alone, it follows the system preference.
const store = getStore();
store.dispatch(setTheme(window.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark'));

createRoot(document.getElementById('root')!).render(
  <AppProviders store={store}>
    <StandaloneRemote contract={mfBillingContract} module={routes} />
  </AppProviders>,
);
