import styled from '@emotion/styled';
import { PageFrame } from '../ui/PageLayout';

/** The portal's page: a heading and a grid of cards, one column on narrow screens (render it `as="section"`). */
export const PortalPageFrame = styled(PageFrame)`
  @media ${({ theme }) => theme.breakpoints.mobile} {
    padding: 16px 12px 40px;
  }
`;

export const CardsGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: 16px;
  @media ${({ theme }) => theme.breakpoints.mobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: 12px;
  }
`;

/** A card of the portal: a titled surface; `wide` spans the grid. */
export const PortalCard = styled('section', { shouldForwardProp: (prop) => prop !== 'wide' })<{ wide?: boolean }>`
  grid-column: ${({ wide }) => (wide ? '1 / -1' : 'auto')};
  display: flex;
  flex-direction: column;
  gap: 10px;
  min-width: 0;
  padding: 18px 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0;
    font-size: 0.85rem;
    font-weight: 600;
    letter-spacing: 0.02em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  p {
    margin: 0;
  }
  .value {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
    font-size: 1.25rem;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  .muted {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.95rem;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    padding: 16px;
  }
`;

export type TagTone = 'warning' | 'error' | 'info';

/** A small status tag (Cancelled, Payment failed, Expired). */
export const StatusTag = styled('span', { shouldForwardProp: (prop) => prop !== 'tone' })<{ tone: TagTone }>`
  display: inline-flex;
  align-items: center;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.78rem;
  font-weight: 700;
  letter-spacing: 0.02em;
  color: ${({ theme, tone }) => theme.colors[tone]};
  background: ${({ theme, tone }) => theme.colors[`${tone}Soft`]};
  border: 1px solid ${({ theme, tone }) => theme.colors[tone]};
`;

/** A note inside a card (the next-plan note, the payment-failed message). */
export const Note = styled('p', { shouldForwardProp: (prop) => prop !== 'tone' })<{ tone: 'info' | 'warning' | 'error' }>`
  margin: 0;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: 0.92rem;
  line-height: 1.4;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme, tone }) => theme.colors[`${tone}Soft`]};
  border-left: 3px solid ${({ theme, tone }) => theme.colors[tone]};
  overflow-wrap: anywhere;
`;

export const ActionRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  @media ${({ theme }) => theme.breakpoints.mobile} {
    flex-direction: column;
    align-items: stretch;
    > * {
      width: 100%;
    }
  }
`;

/** The server's message of a failed action, under the buttons (document 2 §8). */
export const ActionError = styled.p`
  margin: 0;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.errorSoft};
  color: ${({ theme }) => theme.colors.error};
  font-size: 0.92rem;
  overflow-wrap: anywhere;
`;
