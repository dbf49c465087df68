import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../Button';

const Box = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: 12px;
  padding: 64px 16px;
  color: ${({ theme }) => theme.colors.text};
  h1,
  h2 {
    margin: 0;
    font-size: 1.4rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    max-width: 520px;
  }
`;

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** An in-app link (`to`) or a handler. */
  action?: { label: string; to?: string; onClick?: () => void };
  headingLevel?: 1 | 2;
  children?: ReactNode;
}

export function EmptyState({ title, description, icon, action, headingLevel = 2, children }: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <Box>
      {icon}
      <Heading>{title}</Heading>
      {description ? <p>{description}</p> : null}
      {action?.to ? (
        <Link to={action.to} tabIndex={-1}>
          <Button>{action.label}</Button>
        </Link>
      ) : action ? (
        <Button onClick={action.onClick}>{action.label}</Button>
      ) : null}
      {children}
    </Box>
  );
}
