import { CONTRACT_VERSION } from '@fable/contracts';
import type { RemoteRoutesModule } from '@fable/shared';
import './discoverySlice';
import { HomePage } from './home/HomePage';

const routes: RemoteRoutesModule = {
  remote: 'mf_discovery',
  contractVersion: CONTRACT_VERSION,
  buildVersion: __APP_VERSION__,
  pages: { home: HomePage },
};

export default routes;
