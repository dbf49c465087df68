import { CONTRACT_VERSION } from '@fable/contracts';
import type { RemoteRoutesModule } from '@fable/shared';
import { accountSlice } from './accountSlice';
import { rootReducer } from '@fable/shared';
import { TermsPage } from './legal/TermsPage';


accountSlice.injectInto(rootReducer);

const routes: RemoteRoutesModule = {
  remote: 'mf_account',
  contractVersion: CONTRACT_VERSION,
  buildVersion: __APP_VERSION__,
  pages: { terms: TermsPage },
};

export default routes;
