import styled from '@emotion/styled';
import type { ReactNode } from 'react';

// The layout of the account remote's card pages (/download, /contribute): a hero, then a grid of cards.

export const Page = styled.div`
  max-width: 1000px;
  margin: 0 auto;
  padding: 24px 0 64px;
  color: ${({ theme }) => theme.colors.text};
`;

export const Hero = styled.header`
  text-align: center;
  padding: 32px 16px;
  margin-bottom: 24px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background:
    radial-gradient(120% 140% at 0% 0%, ${({ theme }) => theme.colors.primary}33, transparent 60%),
    radial-gradient(120% 140% at 100% 100%, ${({ theme }) => theme.colors.accent}2b, transparent 60%),
    ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  h1 {
    margin: 0 0 8px;
    font-size: clamp(1.7rem, 5vw, 2.5rem);
    line-height: 1.2;
  }
  .tagline {
    margin: 0 0 8px;
    font-size: 1.15rem;
    font-weight: 600;
  }
  .same {
    margin: 0 auto;
    max-width: 560px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Cards = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 16px;
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  .icon {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 48px;
    height: 48px;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.primaryText};
  }
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.5;
  }
  ol {
    margin: 0;
    padding-left: 20px;
    line-height: 1.6;
  }
  .spacer {
    flex: 1;
  }
  a {
    align-self: flex-start;
  }
`;

export function AppCard({ icon, title, children }: { icon?: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card>
      {icon ? <span className="icon">{icon}</span> : null}
      <h2>{title}</h2>
      {children}
    </Card>
  );
}

