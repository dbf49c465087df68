import { createRoot } from 'react-dom/client';
import { RemoteSourceManifestSchema } from '@fable/contracts';
import { AppProviders } from '../app/AppProviders';
import { authenticationRequired } from '../session/sessionSlice';
import { getStore } from '../store/store';
import { setTheme } from '../store/uiSlice';
import type { RemoteRoutesModule } from './remoteRoutesModule';
import { StandaloneRemote } from './StandaloneRemote';

/**
 * The one standalone bootstrap of every remote (`npm run dev -w mf-…`): the remote alone, its remote.json's routes
 * with its own pages, against the real API (the dev server proxies /api). No host here, so nobody signs in: the
 * session is the spec's "authentication required" (no token), and the theme follows the system's preference.
 */
export function startStandalone(manifestJson: unknown, routes: RemoteRoutesModule, container = document.getElementById('root')): void {
  const manifest = RemoteSourceManifestSchema.parse(manifestJson);
  if (!container) throw new Error('no #root element to render into');
  const store = getStore();
  store.dispatch(authenticationRequired());
  store.dispatch(setTheme(window.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark'));
  createRoot(container).render(
    <AppProviders store={store}>
      <StandaloneRemote manifest={manifest} module={routes} />
    </AppProviders>,
  );
}
