import styled from '@emotion/styled';
import { Link, type LinkProps } from 'react-router';

/**
 * The frame of a card in a grid: a bordered surface, as tall as its row, that lights up (primary border and shadow)
 * on hover, on focus within, or when `data-highlighted` (a touch), unless `data-disabled`. Inside it, an `h3` is the
 * card's name (one line, cut with an ellipsis) and `.title` its title (two lines at most). Remotes add their card's
 * own parts with `styled(CardSurface)`.
 */
export const CardSurface = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  min-width: 0;
  height: 100%;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  transition: border-color 150ms ease, box-shadow 150ms ease;
  &:not([data-disabled='true']):hover,
  &:not([data-disabled='true'])[data-highlighted='true'],
  &:not([data-disabled='true']):focus-within {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: ${({ theme }) => theme.shadow};
  }
  h3 {
    margin: 0;
    font-size: 1rem;
    line-height: 1.25;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
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
`;

export interface CardLinkProps extends LinkProps {
  /** Draws the focus ring inside the card's edge (a card that clips what overflows it), else just outside. */
  focusInside?: boolean;
}

const CoverLink = styled(Link, { shouldForwardProp: (prop) => prop !== '$inside' })<{ $inside: boolean }>`
  color: inherit;
  text-decoration: none;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: inherit;
  }
  &:focus-visible {
    outline: none;
  }
  &:focus-visible::after {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: ${({ $inside }) => ($inside ? '-2px' : '2px')};
  }
`;

/**
 * The card's name as a link that covers the whole card (its ::after spans the CardSurface), so a click anywhere on
 * the card follows it; the card's other controls sit above it (position relative, z-index 1).
 */
export function CardLink({ focusInside = false, ...rest }: CardLinkProps) {
  return <CoverLink $inside={focusInside} {...rest} />;
}
