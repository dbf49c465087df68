import styled from '@emotion/styled';
import { ButtonLink, CardSurface } from '@fable/shared';

/**
 * The frame of a creator card (My Chatbots, Your Drafts): the kit's card surface with a coloured stripe on the left
 * by variant, the name's CardLink covering the card (the actions sit above it), greyed when `data-disabled`.
 */
export const CardRoot = styled(CardSurface)`
  gap: 12px;
  padding: 14px 14px 14px 18px;
  overflow: hidden;
  &::before {
    content: '';
    position: absolute;
    left: 0;
    top: 0;
    bottom: 0;
    width: 4px;
    background: ${({ theme }) => theme.colors.border};
  }
  &[data-variant='public']::before {
    background: ${({ theme }) => theme.colors.primary};
  }
  &[data-variant='unlisted']::before {
    background: ${({ theme }) => theme.colors.accent};
  }
  &[data-variant='private']::before {
    background: ${({ theme }) => theme.colors.textMuted};
  }
  &[data-disabled='true'] {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  &[data-disabled='true'] .head {
    opacity: 0.6;
    filter: grayscale(1);
  }
  .head {
    display: flex;
    align-items: center;
    gap: 12px;
    min-width: 0;
  }
  .avatar {
    display: flex;
    flex: none;
  }
  .names {
    display: flex;
    flex-direction: column;
    gap: 2px;
    min-width: 0;
  }
  .badges {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .badges li {
    padding: 2px 10px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.75rem;
    font-weight: 700;
  }
  .badges li[data-tone='error'] {
    background: ${({ theme }) => theme.colors.errorSoft};
    color: ${({ theme }) => theme.colors.error};
  }
  .badges li[data-tone='warning'] {
    background: ${({ theme }) => theme.colors.warningSoft};
    color: ${({ theme }) => theme.colors.warning};
  }
  .badges li[data-tone='info'] {
    background: ${({ theme }) => theme.colors.infoSoft};
    color: ${({ theme }) => theme.colors.info};
  }
  .note {
    margin: 0;
    font-size: 0.8rem;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
  .actions {
    position: relative;
    z-index: 1;
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin-top: auto;
  }
`;

/** A small link that looks like the kit's Button (a card's Chat, Edit, Continue). */
export const SmallButtonLink = styled(ButtonLink)`
  padding: 6px 14px;
  font-size: 0.85rem;
`;

/** The narrowest a card of a creator list may be (CardGrid: one column on phones). */
export const CREATOR_CARD_MIN_PX = 280;
