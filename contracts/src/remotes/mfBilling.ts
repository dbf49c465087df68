import { CONTRACT_VERSION, type RemoteContract } from './remoteContract';

/** mf-billing: subscribe, plan comparison, crypto, checkout, success, portal, supporter linking, sale. */
export const mfBillingContract = {
  name: 'mf_billing',
  packageName: '@fable/mf-billing',
  contractVersion: CONTRACT_VERSION,
  exposes: ['./routes'],
  routes: [
    { path: '/subscribe', page: 'subscribe' },
    { path: '/subscribe-crypto', page: 'subscribeCrypto' },
    { path: '/plan-comparison', page: 'planComparison' },
    { path: '/plan-comparison/:frequency', page: 'planComparison' },
    { path: '/checkout', page: 'checkout' },
    { path: '/checkout/success', page: 'checkoutSuccess' },
    { path: '/portal', page: 'portal' },
    { path: '/manage-subscription', page: 'portal' },
    { path: '/sale', page: 'sale' },
    { path: '/welcome', page: 'welcome' },
    { path: '/welcome/subscribestar', page: 'welcomeSubscribestar' },
    { path: '/link/subscribestar', page: 'linkSubscribestar' },
    { path: '/link/subscribestar/:transientId', page: 'linkSubscribestar' },
  ],
  nav: [{ id: 'subscribe', label: 'Subscribe', to: '/subscribe', order: 100, placement: ['side'] }],
} as const satisfies RemoteContract;
