import type { RemoteRoutesModule } from '@fable/shared';
// Importing the slice injects it into the shared root reducer.
import './billingSlice';
import { SubscribeCryptoPage } from './crypto/SubscribeCryptoPage';
import { PlanComparisonPage } from './planComparison/PlanComparisonPage';

const routes: RemoteRoutesModule = {
  remote: 'mf_billing',
  buildVersion: __APP_VERSION__,
  pages: {
    planComparison: PlanComparisonPage,
    subscribeCrypto: SubscribeCryptoPage,
  },
};

export default routes;
