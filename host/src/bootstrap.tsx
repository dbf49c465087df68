import { createRoot } from 'react-dom/client';
import { AppProviders, configureSession, deploymentLoaded, getStore, readImpersonation, setTheme } from '@fable/shared';
import { fetchJson, resolveDeployment } from './boot/resolveDeployment';
import { registerShellRemotes, resolveRemotes } from './remotes/remoteRegistry';
import { installRuntimePlugins } from './remotes/runtimePlugins/installRuntimePlugins';
import { rolloutKey } from './remotes/rolloutKey';
import { ShellRemotesProvider } from './remotes/shellRemotes';

import { AppRouter } from './router/AppRouter';
import { BootErrorPage } from './pages/BootErrorPage';
import { followSystemTheme, loadThemePreference } from './layout/themePreference';
import { startGuestSession } from './auth/guestSession';
import { followOtherTabs } from './auth/crossTabSession';
import { loadSessionUser, resolveSession } from './auth/sessionLifecycle';
import { persistSessionTokens } from './auth/tokenStorage';

async function boot() {
  // An arrival's affiliate_id and tap_tracking_id wait on the device for sign-up (document 1 §7 POST users); the code
  // that keeps them loads only when the address carries one.
  if (/[?&](affiliate_id|tap_tracking_id)=/.test(window.location.search)) {
    void import('@fable/shared/trackingIds').then((m) => m.captureTrackingIds(window.location.search));
  }
  const store = getStore();
  // Tests and tools read the one store from here.
  (window as unknown as { __FABLE_STORE__: unknown }).__FABLE_STORE__ = store;
  store.dispatch(setTheme(loadThemePreference()));
  followSystemTheme((mode) => store.dispatch(setTheme(mode)));
  const root = createRoot(document.getElementById('root')!);
  try {
    const deployment = await resolveDeployment(window.location.hostname, fetchJson);
    store.dispatch(deploymentLoaded(deployment));
    // An admin viewing the site as a member (document 1 §2, §7): every call carries the member's id.
    const impersonate = readImpersonation()?.userId ?? null;
    store.dispatch(configureSession({ applicationId: deployment.applicationId, partnerMode: deployment.partner.enabled, impersonate }));
    document.title = deployment.brand.name;
    // The remotes' routes, navigation and versions come with the deployment (inlined by the publish step); a remote
    // built against another major of @fable/contracts or @fable/shared is refused here, before any of its code runs.
    const remotes = await resolveRemotes(deployment, fetchJson, undefined, rolloutKey());
    installRuntimePlugins();
    registerShellRemotes(remotes);
    // The page renders at once in the session's loading state; the session resolves beside it.
    persistSessionTokens(store);
    // Tabs share one session: a refresh, sign-in or sign-out in one is followed by the others.
    followOtherTabs(store, { signedIn: () => loadSessionUser(store), signedOut: () => startGuestSession(store) });
    root.render(
      <AppProviders store={store}>
        <ShellRemotesProvider remotes={remotes}>
          <AppRouter remotes={remotes} />
        </ShellRemotesProvider>
      </AppProviders>,
    );
    void resolveSession(store).catch((error: unknown) => {
      console.error('[fable] session could not be resolved', error);
      return startGuestSession(store);
    });
  } catch (error) {
    console.error('[fable] boot failed', error);
    root.render(
      <AppProviders store={store}>
        <BootErrorPage error={error} />
      </AppProviders>,
    );
  }
}

void boot();
