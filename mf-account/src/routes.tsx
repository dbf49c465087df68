import { CONTRACT_VERSION } from '@fable/contracts';
import { injectSlice, type RemoteRoutesModule } from '@fable/shared';
import { accountSlice } from './accountSlice';
import { AndroidAppPage } from './apps/AndroidAppPage';
import { DownloadPage } from './apps/DownloadPage';
import { Compliance2257Page } from './legal/Compliance2257Page';
import { GuidelinesPage } from './legal/GuidelinesPage';
import { PrivacyPage } from './legal/PrivacyPage';
import { RefundPage } from './legal/RefundPage';
import { TermsPage } from './legal/TermsPage';

injectSlice(accountSlice);

const routes: RemoteRoutesModule = {
  remote: 'mf_account',
  contractVersion: CONTRACT_VERSION,
  buildVersion: __APP_VERSION__,
  pages: {
    terms: TermsPage,
    privacy: PrivacyPage,
    guidelines: GuidelinesPage,
    refund: RefundPage,
    compliance2257: Compliance2257Page,
    download: DownloadPage,
    androidApp: AndroidAppPage,
  },
};

export default routes;
