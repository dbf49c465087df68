import { css, type Theme } from '@emotion/react';

/** The look of a text field (input or textarea) in a form: one place for every remote's fields. */
export const textInputCss = (theme: Theme) => css`
  padding: 8px 12px;
  border-radius: ${theme.radius.md};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.background};
  color: ${theme.colors.text};
  font: inherit;
  &[aria-invalid='true'] {
    border-color: ${theme.colors.error};
  }
`;
