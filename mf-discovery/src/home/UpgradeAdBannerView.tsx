import styled from '@emotion/styled';
import { routes } from '@fable/contracts';
import { ButtonLink, selectBrand, useAppSelector } from '@fable/shared';

const Banner = styled.aside`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 16px;
  margin: 0 0 12px;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.9rem;
  strong {
    font-weight: 600;
  }
  a {
    margin-left: auto;
  }
`;

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
