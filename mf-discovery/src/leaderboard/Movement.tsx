import styled from '@emotion/styled';
import { VisuallyHidden } from '@fable/shared';
import { movementOf } from './leaderboardFormat';
import { LEADERBOARD_TEXTS as T } from './leaderboardTexts';

const Mark = styled.span<{ $kind: 'up' | 'down' | 'same' | 'new' }>`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  font-size: 0.85rem;
  font-weight: 700;
  white-space: nowrap;
  color: ${({ theme, $kind }) =>
    $kind === 'up' ? theme.colors.success : $kind === 'down' ? theme.colors.error : $kind === 'new' ? theme.colors.info : theme.colors.textMuted};
  &[data-kind='new'] {
    padding: 1px 8px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.infoSoft};
    text-transform: lowercase;
  }
`;

/** Movement since last month: ▲ n, ▼ n, – or "new" (document 2 §3 "movement"); the words are read out. */
export function Movement({ movement }: { movement: number | null }) {
  const { kind, places } = movementOf(movement);
  if (kind === 'new') {
    return (
      <Mark $kind={kind} data-kind={kind}>
        {T.moveNew}
      </Mark>
    );
  }
  const glyph = kind === 'up' ? '▲' : kind === 'down' ? '▼' : '–';
  const words = kind === 'up' ? T.moveUp(places) : kind === 'down' ? T.moveDown(places) : T.moveSame;
  return (
    <Mark $kind={kind} data-kind={kind}>
      <span aria-hidden="true">
        {glyph}
        {places ? ` ${places}` : ''}
      </span>
      <VisuallyHidden>{words}</VisuallyHidden>
    </Mark>
  );
}
