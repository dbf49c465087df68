import { bannerScreenOf } from './bannerScreen';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { selectAuthStatus, selectHiddenByPartner, useAppSelector } from '@fable/shared';
import { useHost_screenBannersQuery } from './screenBannersApi';

// The banners' look, storage and events load only when a screen has one: most screens have none.
const BannerLayer = lazy(() => import('./BannerLayer'));

/**
 * The shell's banners (document 1 §2 "Banners: top, inline and popup placements"; §3 Banner): `top` shows the
 * birthday banner, the screen's top banners and its popup; `bottom` its inline banners, after the page. Hidden in
 * partner mode unless the partner's deployment shows banners. Asked once the session is known (the call carries the
 * guest id or the token: banners target guests, members and tiers).
 */
export function ScreenBanners({ where }: { where: 'top' | 'bottom' }) {
  const screen = bannerScreenOf(useLocation().pathname);
  const skip = useAppSelector((s) => selectHiddenByPartner(s, 'banners') || selectAuthStatus(s) === 'loading');
  // Who looks: a sign-in or a new plan asks again (banners target guests, members and tiers).
  const viewer = useAppSelector((s) => `${s.session.user?.id ?? 'guest'}:${s.session.user?.tier ?? ''}`);
  // currentData: another screen's banners never show here while this one's are asked for.
  const { currentData: data } = useHost_screenBannersQuery({ screen, viewer }, { skip });
  if (skip || !data || (data.banners.length === 0 && (where === 'bottom' || !data.birthday))) return null;
  return (
    <Suspense fallback={null}>
      <BannerLayer banners={data} screen={screen} where={where} />
    </Suspense>
  );
}
