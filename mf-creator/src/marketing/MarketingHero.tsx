import styled from '@emotion/styled';
import type { ReactNode } from 'react';

/** The logged-out marketing header of creator pages: a title, a line of text and a call to action. */
const Hero = styled.section`
  position: relative;
  overflow: hidden;
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: 16px;
  padding: clamp(32px, 6vw, 64px) clamp(16px, 5vw, 48px);
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background:
    radial-gradient(120% 90% at 0% 0%, ${({ theme }) => theme.colors.primary}33, transparent 60%),
    radial-gradient(100% 80% at 100% 100%, ${({ theme }) => theme.colors.accent}26, transparent 60%),
    ${({ theme }) => theme.colors.surface};
  .eyebrow {
    margin: 0;
    font-size: 0.8rem;
    font-weight: 700;
    letter-spacing: 0.08em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.primaryText};
    filter: ${({ theme }) => (theme.mode === 'dark' ? 'brightness(1.35)' : 'none')};
  }
  h1 {
    margin: 0;
    max-width: 760px;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: clamp(1.6rem, 4.5vw, 2.6rem);
    line-height: 1.15;
    letter-spacing: -0.01em;
  }
  .lead {
    margin: 0;
    max-width: 560px;
    font-size: 1.05rem;
    line-height: 1.5;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 12px;
    margin-top: 8px;
  }
`;

export interface MarketingHeroProps {
  eyebrow?: string;
  title: string;
  lead: string;
  actions: ReactNode;
}

export function MarketingHero({ eyebrow, title, lead, actions }: MarketingHeroProps) {
  return (
    <Hero>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      <div className="actions">{actions}</div>
    </Hero>
  );
}
