import { injectSlice, lazyPage, type RemoteRoutesModule } from '@fable/shared';
import { accountSlice } from './accountSlice';
import { AndroidAppPage } from './apps/AndroidAppPage';
import { DownloadPage } from './apps/DownloadPage';
import { Compliance2257Page } from './legal/Compliance2257Page';
import { GuidelinesPage } from './legal/GuidelinesPage';
import { PrivacyPage } from './legal/PrivacyPage';
import { RefundPage } from './legal/RefundPage';
import { TermsPage } from './legal/TermsPage';
import { UserNotFoundPage } from './signup/UserNotFoundPage';

const signupPages = () => import('./signup/SignupPages');
const adminPages = () => import('./admin/adminPages');

injectSlice(accountSlice);

const routes: RemoteRoutesModule = {
  remote: 'mf_account',
  buildVersion: __APP_VERSION__,
  pages: {
    terms: TermsPage,
    privacy: PrivacyPage,
    guidelines: GuidelinesPage,
    refund: RefundPage,
    compliance2257: Compliance2257Page,
    download: DownloadPage,
    androidApp: AndroidAppPage,
    signup: lazyPage(() => signupPages().then((m) => m.SignupPage)),
    externalSignup: lazyPage(() => signupPages().then((m) => m.ExternalSignupPage)),
    updateEmail: lazyPage(() => import('./signup/UpdateEmailPage').then((m) => m.UpdateEmailPage)),
    userNotFound: UserNotFoundPage,
    contribute: lazyPage(() => import('./contribute/ContributePage').then((m) => m.ContributePage)),
    blockedCreators: lazyPage(() => import('./blocked/BlockedCreatorsPage').then((m) => m.BlockedCreatorsPage)),
    report: lazyPage(() => import('./report/ReportPage').then((m) => m.ReportPage)),
    profile: lazyPage(() => import('./profile/ProfilePage').then((m) => m.ProfilePage)),
    adminUsers: lazyPage(() => adminPages().then((m) => m.AdminUsersPage)),
    adminUser: lazyPage(() => adminPages().then((m) => m.AdminUserPage)),
    adminBanners: lazyPage(() => adminPages().then((m) => m.AdminBannersPage)),
    /** Not a route: the onboarding modal the host's sign-up gating shows over any page (onboarding_v2 flag). */
    onboarding: lazyPage(() => signupPages().then((m) => m.OnboardingModal), { quiet: true }),
  },
};

export default routes;
