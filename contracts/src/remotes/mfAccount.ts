import { CONTRACT_VERSION, type RemoteContract } from './remoteContract';

/** mf-account: signup/onboarding, profile, update email, blocked creators, report, legal and app pages. */
export const mfAccountContract = {
  name: 'mf_account',
  packageName: '@fable/mf-account',
  contractVersion: CONTRACT_VERSION,
  exposes: ['./routes'],
  routes: [
    { path: '/signup', page: 'signup' },
    { path: '/external/signup', page: 'externalSignup' },
    { path: '/update-email', page: 'updateEmail' },
    { path: '/user-not-found', page: 'userNotFound' },
    { path: '/profile', page: 'profile' },
    { path: '/blocked-creators', page: 'blockedCreators' },
    { path: '/report', page: 'report' },
    { path: '/report/:characterId', page: 'report' },
    { path: '/terms', page: 'terms' },
    { path: '/privacy', page: 'privacy' },
    { path: '/guidelines', page: 'guidelines' },
    { path: '/refund', page: 'refund' },
    { path: '/2257', page: 'compliance2257' },
    { path: '/download', page: 'download' },
    { path: '/apps/android', page: 'androidApp' },
    { path: '/contribute', page: 'contribute' },
  ],
  nav: [
    { id: 'blocked-creators', label: 'Blocked Creators', to: '/blocked-creators', order: 90, placement: ['side'], signedInOnly: true },
    {
      id: 'blocked-creators-top',
      label: 'Blocked Creators',
      to: '/blocked-creators',
      order: 42,
      placement: ['top'],
      permission: 'view_my_chat_bots',
      group: 'My Chatbots',
    },
  ],
} as const satisfies RemoteContract;
