import styled from '@emotion/styled';
import { routes, waitingBannerText, type QueueOutlook } from '@fable/contracts';
import { ButtonLink } from '@fable/shared';

const Banner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  margin: 0 0 12px;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.9rem;
  strong {
    font-weight: 600;
  }
  a {
    margin-left: auto;
  }
`;

export const QUEUE_BANNER_TEXTS = { skip: 'Skip the waiting line', upgrade: 'Upgrade' } as const;

/** The banner itself (its own chunk: the home route loads it only while people wait). */
export default function QueueBannerView({ outlook }: { outlook: QueueOutlook }) {
  return (
    <Banner role="status" aria-live="polite">
      <strong>{waitingBannerText(outlook.waiting + 1, outlook.time_left)}</strong>
      <span>{QUEUE_BANNER_TEXTS.skip}</span>
      <ButtonLink to={routes.subscribe()}>{QUEUE_BANNER_TEXTS.upgrade}</ButtonLink>
    </Banner>
  );
}
