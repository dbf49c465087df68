import { createRoot } from 'react-dom/client';
import { DeploymentSchema, RemoteSourceManifestSchema } from '@fable/contracts';
import { AppProviders } from '../app/AppProviders';
import { deploymentLoaded } from '../deployment/deploymentSlice';
import { authenticationRequired, configureSession, signedIn, tokensReceived } from '../session/sessionSlice';
import { sessionFromUser } from '../session/sessionUser';
import { getStore, type AppStore } from '../store/store';
import { setTheme } from '../store/uiSlice';
import type { RemoteRoutesModule } from './remoteRoutesModule';
import { StandaloneRemote } from './StandaloneRemote';

/**
 * Who the standalone page is. In development (`npm run dev -w mf-…`) the mock API of @fable/mocks answers in
 * a service worker and its member is signed in, so every page works without the API; STANDALONE_API=real talks to
 * the API behind the dev server's /api proxy instead, signed out (no host here to sign in), as a production build.
 */
async function startSession(store: AppStore): Promise<void> {
  if (__STANDALONE_API__ === 'mock') {
    const { startMockApi } = await import('@fable/mocks/browser');
    const { member, tokens } = await startMockApi();
    store.dispatch(tokensReceived(tokens));
    store.dispatch(signedIn(sessionFromUser(member)));
    return;
  }
  store.dispatch(authenticationRequired());
}

/**
 * The development deployment (deploy/deployments/dev.json, which every dev server serves under /deployments as the
 * host reads a baked one), so flag-gated pages (lorebook, groupchat, …) show in the harness as in the host under
 * dev.localhost, with its brand and application. Only in development; without it the harness still starts, flags off.
 */
async function loadDevDeployment(store: AppStore): Promise<void> {
  if (__STANDALONE_API__ === 'none') return;
  try {
    const response = await fetch('/deployments/dev.json', { cache: 'no-cache' });
    const deployment = DeploymentSchema.parse(await response.json());
    store.dispatch(deploymentLoaded(deployment));
    store.dispatch(configureSession({ applicationId: deployment.applicationId, partnerMode: deployment.partner.enabled }));
  } catch (err) {
    console.warn('[fable] no development deployment (/deployments/dev.json): flag-gated pages stay hidden', err);
  }
}

/** The one standalone bootstrap of every remote: the remote alone, its remote.json's routes with its own pages. */
export function startStandalone(manifestJson: unknown, routes: RemoteRoutesModule, container = document.getElementById('root')): void {
  const manifest = RemoteSourceManifestSchema.parse(manifestJson);
  if (!container) throw new Error('no #root element to render into');
  const store = getStore();
  store.dispatch(setTheme(window.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark'));
  void loadDevDeployment(store)
    .then(() => startSession(store))
    .then(() =>
      createRoot(container).render(
        <AppProviders store={store}>
          <StandaloneRemote manifest={manifest} module={routes} />
        </AppProviders>,
      ),
    );
}
