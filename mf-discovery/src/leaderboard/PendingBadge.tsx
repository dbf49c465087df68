import styled from '@emotion/styled';
import { LEADERBOARD_TEXTS } from './leaderboardTexts';

const Badge = styled.span`
  display: inline-block;
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.warning};
  font-size: 0.72rem;
  font-weight: 700;
  letter-spacing: 0.03em;
  text-transform: uppercase;
  white-space: nowrap;
`;

/** Marks an entry an admin sees before the month is approved (document 2 §4). */
export function PendingBadge() {
  return <Badge data-testid="pending-badge">{LEADERBOARD_TEXTS.pending}</Badge>;
}
