import type { RemoteRoutesModule } from '@fable/shared';
// Importing the slice injects it into the shared root reducer.
import './billingSlice';
import { SubscribeCryptoPage } from './crypto/SubscribeCryptoPage';
import { LinkSubscribestarPage } from './link/LinkSubscribestarPage';
import { PlanComparisonPage } from './planComparison/PlanComparisonPage';
import { CheckoutPage } from './checkout/CheckoutPage';
import { CheckoutSuccessPage } from './success/CheckoutSuccessPage';
import { WelcomePage, WelcomeSubscribestarPage } from './welcome/WelcomePage';
import { PortalPage } from './portal/PortalPage';
import { SalePage } from './sale/SalePage';
import { SubscribePage } from './subscribe/SubscribePage';

const routes: RemoteRoutesModule = {
  remote: 'mf_billing',
  buildVersion: __APP_VERSION__,
  pages: {
    planComparison: PlanComparisonPage,
    subscribeCrypto: SubscribeCryptoPage,
    checkout: CheckoutPage,
    checkoutSuccess: CheckoutSuccessPage,
    welcome: WelcomePage,
    welcomeSubscribestar: WelcomeSubscribestarPage,
    portal: PortalPage,
    linkSubscribestar: LinkSubscribestarPage,
    subscribe: SubscribePage,
    sale: SalePage,
  },
};

export default routes;
