import type { AdminBanner } from '@fable/contracts';
import { sessionFromUser, signedIn, tokensReceived } from '@fable/shared';
import { apiUserFixture, deploymentFixture, mockApi, storeWith, type FakeHandler } from '@fable/shared/testing';
import { renderDataRoute } from '../testing/renderDataRoute';
import { AdminBannersPage } from './AdminBannersPage';

// The admin banners page's test helpers (not part of the bundle).

/** A banner as the admin list gives it (tests): scheduled, for basic and premium members on home and chats. */
export function adminBannerFixture(over: Partial<AdminBanner> = {}): AdminBanner {
  return {
    id: '0b7f1a52-3c1e-4f7a-9d2b-5e6f7a8b9c01',
    banner: {
      name: 'Summer sale',
      placement: 'top',
      title: { label: 'Summer sale: 30% off' },
      backgroundColor: '#1f5fbf',
      actions: [],
      platforms: [],
      closable: true,
    },
    starts_at: '2030-06-01T09:00:00.000Z',
    ends_at: '2030-06-30T21:00:00.000Z',
    targeting: { applications: [], tiers: ['basic', 'premium'], signed_in: 'members', screens: ['home', 'chats'] },
    status: 'scheduled',
    created_by: 'ada',
    created_at: '2030-05-01T08:00:00.000Z',
    updated_at: '2030-05-02T08:00:00.000Z',
    stats: { views: 120, closes: 7, clicks: 1 },
    ...over,
  };
}

/** Renders /admin/banners for a signed-in member, the API answering with `overrides` ("GET /admin/banners": …). */
export function openBannersPage(overrides: Record<string, FakeHandler>) {
  const fake = mockApi({ overrides });
  const store = storeWith(deploymentFixture());
  store.dispatch(signedIn(sessionFromUser(apiUserFixture())));
  store.dispatch(tokensReceived(fake.memberTokens));
  renderDataRoute(AdminBannersPage, { path: '/admin/banners', url: '/admin/banners', store });
  return { fake, store };
}
