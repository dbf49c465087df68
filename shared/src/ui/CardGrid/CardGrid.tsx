import styled from '@emotion/styled';
import type { HTMLAttributes, Ref } from 'react';

export interface CardGridProps extends HTMLAttributes<HTMLUListElement> {
  /** The narrowest a column may be; as many columns as fit, sharing the width. */
  minColumnPx: number;
  /** The space between cards (12 px unless told). */
  gapPx?: number;
  /** The columns on phones (one unless told). */
  mobileColumns?: number;
  ref?: Ref<HTMLUListElement>;
}

const List = styled.ul<{ $min: number; $gap: number; $mobile: number }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ $min }) => $min}px, 1fr));
  gap: ${({ $gap }) => $gap}px;
  margin: 0;
  padding: 0;
  list-style: none;
  > li {
    min-width: 0;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    grid-template-columns: repeat(${({ $mobile }) => $mobile}, minmax(0, 1fr));
  }
`;

/** A list of cards in a grid: each child an `li` holding a card; screen readers announce how many. */
export function CardGrid({ minColumnPx, gapPx = 12, mobileColumns = 1, children, ...rest }: CardGridProps) {
  return (
    <List $min={minColumnPx} $gap={gapPx} $mobile={mobileColumns} {...rest}>
      {children}
    </List>
  );
}
