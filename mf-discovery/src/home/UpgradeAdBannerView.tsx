import { routes } from '@fable/contracts';
import { ButtonLink, selectBrand, useAppSelector } from '@fable/shared';
import { NoticeBar as Banner } from './NoticeBar';

export const UPGRADE_AD_TEXTS = {
  title: (brand: string | null) => (brand ? `Enjoy ${brand} without ads` : 'Enjoy chatting without ads'),
  body: 'Upgrade to chat without ads or waiting',
  upgrade: 'Upgrade',
} as const;

/** The upgrade ad banner of the home listing (document 1 §6 display_ads), its own chunk: free members only load it. */
export default function UpgradeAdBannerView() {
  const brand = useAppSelector(selectBrand)?.name ?? null;
  const title = UPGRADE_AD_TEXTS.title(brand);
  return (
    <Banner aria-label={title}>
      <strong>{title}</strong>
      <span>{UPGRADE_AD_TEXTS.body}</span>
      <ButtonLink to={routes.subscribe()}>{UPGRADE_AD_TEXTS.upgrade}</ButtonLink>
    </Banner>
  );
}
