import { useCallback } from 'react';
import { api, useAppSelector } from '@fable/shared';
import { BANNER_PATHS } from './screenBannersApi';

type BannerEvent = 'view' | 'close' | 'cta';

const bannerEventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    host_bannerEvent: build.mutation<{ counted: boolean }, { bannerId: string; event: BannerEvent; screen: string }>({
      query: ({ bannerId, event, screen }) => ({
        url: BANNER_PATHS.event.replace(':bannerId', encodeURIComponent(bannerId)).replace(':event', event),
        method: 'POST',
        body: { screen },
      }),
    }),
  }),
});

/**
 * Tells the API a banner was seen (half of it on screen), closed or its button used: fire and forget (a lost count
 * never troubles the visitor). Not while an admin views the site as a member: the API keeps those calls read-only.
 */
export function useBannerEvent(screen: string): (bannerId: string, event: BannerEvent) => void {
  const [send] = bannerEventsApi.useHost_bannerEventMutation();
  const impersonating = useAppSelector((s) => !!s.session.impersonate);
  return useCallback(
    (bannerId, event) => {
      if (!impersonating) void send({ bannerId, event, screen }).unwrap().catch(() => undefined);
    },
    [send, impersonating, screen],
  );
}
