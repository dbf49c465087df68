import { createRoot } from 'react-dom/client';
import { mfAccountContract } from '@fable/contracts';
import { AppProviders, StandaloneRemote, getStore } from '@fable/shared';
import routes from './routes';

// Standalone: this remote alone, against the real API (the dev server proxies /api).
createRoot(document.getElementById('root')!).render(
  <AppProviders store={getStore()}>
    <StandaloneRemote contract={mfAccountContract} module={routes} />
  </AppProviders>,
);
