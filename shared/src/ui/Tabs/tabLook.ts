import { css, type Theme } from '@emotion/react';

/** The row of tabs: side by side over a rule, scrolling sideways (no scroll bar) when they do not fit. */
export const tabRowLook = (theme: Theme) => css`
  display: flex;
  gap: 4px;
  overflow-x: auto;
  scrollbar-width: none;
  border-bottom: 1px solid ${theme.colors.border};
  &::-webkit-scrollbar {
    display: none;
  }
`;

/**
 * One tab (Tabs' buttons, LinkTabs' links): muted until hovered or chosen, the chosen one (aria-selected, or
 * aria-current for a link) underlined in the primary colour.
 */
export const tabLook = (theme: Theme) => css`
  position: relative;
  padding: 10px 14px;
  color: ${theme.colors.textMuted};
  font-weight: 600;
  white-space: nowrap;
  border-radius: ${`${theme.radius.sm} ${theme.radius.sm} 0 0`};
  &::after {
    content: '';
    position: absolute;
    left: 8px;
    right: 8px;
    bottom: -1px;
    height: 3px;
    border-radius: 3px 3px 0 0;
    background: transparent;
  }
  &:hover:not(:disabled) {
    color: ${theme.colors.text};
    background: ${theme.colors.surfaceRaised};
  }
  &[aria-selected='true'],
  &[aria-current='page'] {
    color: ${theme.colors.text};
    &::after {
      background: ${theme.colors.primary};
    }
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.accent};
    outline-offset: -2px;
  }
`;
