import styled from '@emotion/styled';
import type { ScreenBanners, ServedBanner } from '@fable/contracts';
import { Modal } from '@fable/shared';
import { useEffect, useState } from 'react';
import { useBannerEvent } from './bannerEvents';
import { isClosed, rememberClosed } from './bannerStorage';
import { BANNER_TEXTS } from './bannerTexts';
import { BannerView } from './BannerView';
import { BirthdayBanner } from './BirthdayBanner';

const Stack = styled.div`
  display: grid;
  gap: 8px;
  padding: 8px 24px;
  @media ${({ theme }) => theme.breakpoints.mobile} {
    padding: 8px 12px;
  }
  &[data-where='bottom'] {
    padding: 0 24px 16px;
  }
`;

const DEFAULT_TRANSITION_MS = 8000;
const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Several banners in one place take turns (each's transitionTime), one at a time; never for reduced motion. */
function useTurns(count: number, transitionMs: number | undefined): number {
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    if (count < 2 || reducedMotion()) return;
    const timer = setInterval(() => setTurn((t) => t + 1), transitionMs || DEFAULT_TRANSITION_MS);
    return () => clearInterval(timer);
  }, [count, transitionMs]);
  return count === 0 ? 0 : turn % count;
}

interface PlacedProps {
  banners: ServedBanner[];
  screen: string;
  record: ReturnType<typeof useBannerEvent>;
}

/**
 * A placement's banners, one at a time. Closing a closable one closes the placement's closable banners on this screen
 * for the session; the ones that cannot be closed go on showing.
 */
function Placed({ banners: all, screen, record }: PlacedProps) {
  const placement = all[0]?.placement ?? 'top';
  const [closed, setClosed] = useState(() => isClosed(screen, placement));
  const banners = closed ? all.filter((b) => !b.closable) : all;
  const turn = useTurns(banners.length, banners[0]?.transitionTime);
  const banner = banners[turn];
  if (!banner) return null;
  return (
    <BannerView
      key={banner.id}
      banner={banner}
      onSeen={() => record(banner.id, 'view')}
      onAction={() => record(banner.id, 'cta')}
      onClose={() => {
        record(banner.id, 'close');
        rememberClosed(screen, placement);
        setClosed(true);
      }}
    />
  );
}

/** The screen's popup, once a session per screen: closing it (or following its button) is remembered. */
function Popup({ banner, screen, record }: { banner: ServedBanner; screen: string; record: PlacedProps['record'] }) {
  const [open, setOpen] = useState(() => !isClosed(screen, 'popup'));
  const close = (event: 'close' | 'cta') => {
    record(banner.id, event);
    rememberClosed(screen, 'popup');
    setOpen(false);
  };
  return (
    <Modal open={open} onClose={() => close('close')} title={banner.title?.label ?? banner.name} closeLabel={BANNER_TEXTS.popupClose} size="sm">
      <BannerView banner={{ ...banner, closable: false }} titled={false} onSeen={() => record(banner.id, 'view')} onAction={() => close('cta')} />
    </Modal>
  );
}

export interface BannerLayerProps {
  banners: ScreenBanners;
  screen: string;
  where: 'top' | 'bottom';
}

/** The banners of a screen (ScreenBanners decides when this chunk loads). */
/** The platform a banner may target (§3 "platforms"): phones' widths are "mobile", the rest "web"; none listed: both. */
const platformNow = () => (window.matchMedia?.('(max-width: 599px)').matches ? 'mobile' : 'web');

export default function BannerLayer({ banners, screen, where }: BannerLayerProps) {
  const record = useBannerEvent(screen);
  const platform = platformNow();
  const of = (placement: ServedBanner['placement']) =>
    banners.banners.filter((b) => b.placement === placement && (b.platforms.length === 0 || b.platforms.includes(platform)));
  if (where === 'bottom') {
    const inline = of('inline');
    return inline.length > 0 ? (
      <Stack data-where="bottom">
        <Placed key={`${screen}:inline`} banners={inline} screen={screen} record={record} />
      </Stack>
    ) : null;
  }
  const top = of('top');
  const popup = of('popup')[0];
  return (
    <>
      {banners.birthday ? <BirthdayBanner sale={banners.birthday} /> : null}
      {top.length > 0 ? (
        <Stack data-where="top">
          <Placed key={`${screen}:top`} banners={top} screen={screen} record={record} />
        </Stack>
      ) : null}
      {popup ? <Popup key={`${screen}:popup`} banner={popup} screen={screen} record={record} /> : null}
    </>
  );
}
