import type { bannerCalls, ScreenBanners } from '@fable/contracts';
import { api } from '@fable/shared';

// Paths checked against the contracts at compile time only (the shell does not load the contracts' schemas).
type Calls = typeof bannerCalls;
export const BANNER_PATHS: { [K in 'forScreen' | 'event']: Calls[K]['path'] } = { forScreen: '/banners', event: '/banners/:bannerId/:event' };

/** What a screen shows the caller (contracts' bannerCalls.forScreen): asked on every screen, so it stays in the shell. */
const screenBannersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `viewer` only keys the cache: each visitor's answer is their own. */
    host_screenBanners: build.query<ScreenBanners, { screen: string; viewer: string }>({
      query: ({ screen }) => ({ url: BANNER_PATHS.forScreen, params: { screen } }),
    }),
  }),
});

export const { useHost_screenBannersQuery } = screenBannersApi;
