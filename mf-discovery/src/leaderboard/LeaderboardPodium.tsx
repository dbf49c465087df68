import styled from '@emotion/styled';
import type { LeaderboardEntry } from '@fable/contracts';
import { Avatar, Link, VisuallyHidden } from '@fable/shared';
import { formatScore } from './leaderboardFormat';
import { LEADERBOARD_TEXTS as T } from './leaderboardTexts';
import { Movement } from './Movement';
import { PendingBadge } from './PendingBadge';

const MEDAL = ['#f5c542', '#c0c6d0', '#d08a4a'] as const;

const Steps = styled.ol`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  align-items: end;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
  /* Second, first, third from left to right; the list stays in rank order for assistive technology. */
  li[data-rank='1'] {
    order: 2;
  }
  li[data-rank='2'] {
    order: 1;
  }
  li[data-rank='3'] {
    order: 3;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    grid-template-columns: minmax(0, 1fr);
    li[data-rank] {
      order: 0;
    }
  }
`;

const Step = styled.li<{ $medal: string; $first: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  min-width: 0;
  padding: ${({ $first }) => ($first ? '28px 12px 20px' : '20px 12px 16px')};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-top: 4px solid ${({ $medal }) => $medal};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;
  .place {
    display: grid;
    place-items: center;
    width: 32px;
    height: 32px;
    border-radius: 50%;
    background: ${({ $medal }) => $medal};
    color: #1b1b1f;
    font-weight: 800;
  }
  a {
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    color: ${({ theme }) => theme.colors.text};
    font-weight: 700;
    text-decoration: none;
  }
  a:hover,
  a:focus-visible {
    text-decoration: underline;
  }
  .score {
    font-size: ${({ $first }) => ($first ? '1.6rem' : '1.3rem')};
    font-weight: 800;
    color: ${({ theme }) => theme.colors.primaryText};
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    align-items: center;
    gap: 6px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.85rem;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    flex-direction: row;
    flex-wrap: wrap;
    text-align: left;
    padding: 12px;
    border-top-width: 1px;
    border-left: 4px solid ${({ $medal }) => $medal};
    .who {
      flex: 1;
      min-width: 0;
      align-items: flex-start;
    }
    .meta {
      justify-content: flex-start;
    }
  }
`;

const Who = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 4px;
  min-width: 0;
  max-width: 100%;
`;

/** The top 3 of a category: place, avatar, @username (to the creator page), score (document 2 §2). */
export function LeaderboardPodium({ entries, label }: { entries: readonly LeaderboardEntry[]; label: string }) {
  if (entries.length === 0) return null;
  return (
    <Steps aria-label={label}>
      {entries.map((entry, i) => (
        <Step key={entry.id} data-rank={i + 1} $medal={MEDAL[i] ?? MEDAL[2]} $first={i === 0}>
          <span className="place">
            <span aria-hidden="true">{entry.rank}</span>
            <VisuallyHidden>{T.place(entry.rank)}</VisuallyHidden>
          </span>
          <Avatar src={entry.avatar_url ?? null} name={entry.creator_username} alt="" size={i === 0 ? 88 : 72} />
          <Who className="who">
            <Link to={`/creator/${encodeURIComponent(entry.creator_username)}`}>{T.creatorLink(entry.creator_username)}</Link>
            <span className="score">
              <VisuallyHidden>{T.score}: </VisuallyHidden>
              {formatScore(entry.score)}
            </span>
            <span className="meta">
              <span>{T.charactersCount(entry.number_of_characters)}</span>
              <Movement movement={entry.movement} />
              {entry.status === 'pending' ? <PendingBadge /> : null}
            </span>
          </Who>
        </Step>
      ))}
    </Steps>
  );
}
