import styled from '@emotion/styled';
import { ButtonLink } from '@fable/shared';

/**
 * The frame of a creator card (My Chatbots, Your Drafts): a surface with a coloured stripe on the left by variant,
 * the name's link covering the card (the actions sit above it), greyed when `data-disabled`.
 */
export const CardRoot = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 12px;
  min-width: 0;
  height: 100%;
  padding: 14px 14px 14px 18px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  overflow: hidden;
  transition: border-color 150ms ease, box-shadow 150ms ease;
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
  &:not([data-disabled='true']):hover,
  &:not([data-disabled='true']):focus-within {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: ${({ theme }) => theme.shadow};
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
  h3 {
    margin: 0;
    font-size: 1rem;
    line-height: 1.25;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .card-link {
    color: inherit;
    text-decoration: none;
  }
  .card-link::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: inherit;
  }
  .card-link:focus-visible {
    outline: none;
  }
  .card-link:focus-visible::after {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: -2px;
  }
  .title {
    margin: 0;
    font-size: 0.85rem;
    line-height: 1.35;
    color: ${({ theme }) => theme.colors.textMuted};
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
    overflow-wrap: anywhere;
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

/** The cards of a creator list: at least 280 px wide, one column on phones. */
export const CardGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
  > li {
    min-width: 0;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;
