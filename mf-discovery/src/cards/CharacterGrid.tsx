import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import { LAYOUT_LIMITS } from '@fable/contracts';
import { CardGrid } from '@fable/shared';
import type { CharacterSummary } from '../discoveryApi';
import { CharacterCard } from './CharacterCard';

const { minColumnPx, gapPx } = LAYOUT_LIMITS.cardGrid;

/** The card grid (document 1 §9): columns of at least 160 px, 12 px apart; two columns on phones. */
const GRID = { minColumnPx, gapPx, mobileColumns: 2 } as const;

export interface GridEntry {
  character: CharacterSummary;
  badge?: string;
}

/** The cards of a listing, in a list (screen readers announce how many). */
export function CharacterGrid({ entries, label }: { entries: readonly GridEntry[]; label: string }) {
  return (
    <CardGrid {...GRID} aria-label={label} data-testid="character-grid">
      {entries.map(({ character, badge }) => (
        <li key={character.id}>
          <CharacterCard character={character} badge={badge} />
        </li>
      ))}
    </CardGrid>
  );
}

const pulse = keyframes`
  0%, 100% { opacity: 0.55; }
  50% { opacity: 1; }
`;

const Skeleton = styled.div`
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
  animation: ${pulse} 1.4s ease-in-out infinite;
  .pic {
    aspect-ratio: 5 / 6;
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  .line {
    height: 10px;
    margin: 10px;
    border-radius: 5px;
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  .line.short {
    width: 55%;
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** Placeholder cards while a page of results loads. */
export function CharacterGridSkeleton({ count = 12, label = 'Loading chatbots' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} aria-busy="true" data-testid="grid-skeleton">
      <CardGrid {...GRID} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <Skeleton>
              <div className="pic" />
              <div className="line" />
              <div className="line short" />
            </Skeleton>
          </li>
        ))}
      </CardGrid>
    </div>
  );
}
