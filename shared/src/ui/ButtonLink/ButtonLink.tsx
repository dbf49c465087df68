import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';
import { Link } from 'react-router';

export type ButtonLinkVariant = 'primary' | 'secondary';

interface LookProps {
  theme: Theme;
  variant?: ButtonLinkVariant;
}

/** A link that looks like the kit's Button: it navigates, so it stays a link. */
const look = ({ theme, variant = 'primary' }: LookProps) => css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  padding: 12px 22px;
  font-weight: 600;
  font-size: 0.95rem;
  line-height: 1.2;
  text-align: center;
  text-decoration: none;
  border-radius: ${theme.radius.pill};
  border: 1px solid ${variant === 'secondary' ? theme.colors.border : 'transparent'};
  color: ${variant === 'primary' ? theme.colors.onPrimary : theme.colors.text};
  background: ${variant === 'primary' ? theme.colors.primary : theme.colors.surfaceRaised};
  transition: filter 120ms ease;
  &:hover {
    filter: brightness(1.1);
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.accent};
    outline-offset: 2px;
  }
`;

const shouldForwardProp = (prop: string) => prop !== 'variant';

/** In-app navigation that looks like a button. */
export const ButtonLink = styled(Link, { shouldForwardProp })<{ variant?: ButtonLinkVariant }>(look);

/** A link leaving the app (a download, a hosted payment page) that looks like a button. */
export const AnchorButton = styled('a', { shouldForwardProp })<{ variant?: ButtonLinkVariant }>(look);
