import styled from '@emotion/styled';
import type { ReactNode } from 'react';

export interface ToolbarProps {
  /** The search box: first, and as wide as the row allows. */
  search: ReactNode;
  /** The controls at the row's end (selects, buttons); on phones they take a row of their own. */
  children?: ReactNode;
  /**
   * Where the controls' labels are (ToolbarSelect's labelPosition): beside, the row lines up on its middle;
   * above, on its foot (the boxes' bottoms), with the controls further apart and sharing a phone's row evenly.
   */
  labels?: 'above' | 'beside';
  className?: string;
}

const Bar = styled.div<{ $above: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: ${({ $above }) => ($above ? 'flex-end' : 'center')};
  gap: 12px;
`;

const Controls = styled.div<{ $above: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ $above }) => ($above ? '12px' : '8px')};
  margin-left: auto;
  @media ${({ theme }) => theme.breakpoints.mobile} {
    width: 100%;
    margin-left: 0;
    ${({ $above }) => ($above ? '> * { flex: 1 1 0; }' : '')}
  }
`;

/** A page's search, filter and sort row: the search box first, the controls at the end; it wraps on narrow screens. */
export function Toolbar({ search, children, labels = 'beside', className }: ToolbarProps) {
  const above = labels === 'above';
  return (
    <Bar $above={above} className={className}>
      {search}
      {children ? <Controls $above={above}>{children}</Controls> : null}
    </Bar>
  );
}
