import styled from '@emotion/styled';
import type { ReactNode } from 'react';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h2,
  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
  p {
    margin: 0;
    line-height: 1.5;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Icon = styled.span`
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primary}26;
  color: ${({ theme }) => theme.colors.primaryText};
  filter: ${({ theme }) => (theme.mode === 'dark' ? 'brightness(1.35)' : 'none')};
`;

export interface FeatureCard {
  title: string;
  text: string;
  icon: ReactNode;
}

/** A row of feature cards under a marketing hero. */
export function FeatureCards({ cards, headingLevel = 2 }: { cards: readonly FeatureCard[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Grid>
      {cards.map((card) => (
        <Card key={card.title}>
          <Icon aria-hidden="true">{card.icon}</Icon>
          <Heading>{card.title}</Heading>
          <p>{card.text}</p>
        </Card>
      ))}
    </Grid>
  );
}
