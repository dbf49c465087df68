import { adCalls, ADS_MIN_MESSAGES_DEFAULT, bannerCalls, eventCalls } from '@fable/contracts';
import { contractRoute } from '../contractRoute';

/**
 * Banners (contracts' bannerCalls) as the API answers a screen that has none; the API's targeting and counting are
 * tested in api/src/modules/banners. UI tests that show banners answer "GET /banners" with an override.
 */
export function bannerHandlers() {
  return [
    contractRoute(bannerCalls.forScreen, () => ({ banners: [], birthday: null })),
    contractRoute(bannerCalls.event, () => ({ counted: true })),
  ];
}

/**
 * Ads in chat (contracts' adCalls) as the API answers a member without display_ads, and POST event (contracts'
 * eventCalls: the ads' views and clicks and the analytics events, its body parsed by the contract's schema); the
 * API's checks of who may send which are tested in api/src/modules/analytics and ads. Tests override them.
 */
export function adHandlers() {
  return [contractRoute(adCalls.forChat, () => ({ ad: null, min_messages: ADS_MIN_MESSAGES_DEFAULT })), contractRoute(eventCalls.event, () => ({ counted: true }))];
}
