import styled from '@emotion/styled';
import type { LeaderboardEntry } from '@fable/contracts';
import { Avatar, Link } from '@fable/shared';
import { formatScore } from './leaderboardFormat';
import { LEADERBOARD_TEXTS as T } from './leaderboardTexts';
import { Movement } from './Movement';
import { PendingBadge } from './PendingBadge';

/** On narrow screens the table scrolls sideways inside this frame (focusable, so the keyboard can scroll it too). */
const Frame = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }
`;

const Table = styled.table`
  width: 100%;
  min-width: 520px;
  border-collapse: collapse;
  caption {
    padding: 12px 16px 0;
    text-align: left;
    font-weight: 700;
  }
  th,
  td {
    padding: 10px 16px;
    text-align: left;
    white-space: nowrap;
  }
  thead th {
    font-size: 0.75rem;
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  tbody tr + tr td,
  tbody tr + tr th {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  tbody tr:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  .num {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .rank {
    width: 3.5em;
    font-weight: 700;
  }
  .creator {
    display: flex;
    align-items: center;
    gap: 10px;
  }
  .creator a {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    text-decoration: none;
  }
  .creator a:hover,
  .creator a:focus-visible {
    text-decoration: underline;
  }
  .score {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.primaryText};
  }
  /* Narrow screens: the five columns fit without the avatars; long usernames are cut. The frame still scrolls. */
  @media ${({ theme }) => theme.breakpoints.mobile} {
    min-width: 340px;
    th,
    td {
      padding: 8px 6px;
    }
    th:first-of-type,
    td:first-of-type {
      padding-left: 12px;
    }
    th:last-of-type,
    td:last-of-type {
      padding-right: 12px;
    }
    thead th {
      font-size: 0.68rem;
      letter-spacing: 0.02em;
    }
    .table-avatar {
      display: none;
    }
    .creator a {
      max-width: 34vw;
      overflow: hidden;
      text-overflow: ellipsis;
    }
  }
`;

/** The ranks after the podium: rank, movement, creator, number of chatbots, score (document 2 §2, §3). */
export function LeaderboardTable({ entries, label }: { entries: readonly LeaderboardEntry[]; label: string }) {
  if (entries.length === 0) return null;
  return (
    <Frame role="region" aria-label={label} tabIndex={0}>
      <Table>
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{T.rank}</th>
            <th scope="col">{T.movement}</th>
            <th scope="col">{T.creator}</th>
            <th scope="col" className="num">
              {T.characters}
            </th>
            <th scope="col" className="num">
              {T.score}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="leaderboard-row">
              <th scope="row" className="rank">
                {entry.rank}
              </th>
              <td>
                <Movement movement={entry.movement} />
              </td>
              <td>
                <span className="creator">
                  <Avatar className="table-avatar" src={entry.avatar_url ?? null} name={entry.creator_username} alt="" size="sm" />
                  <Link to={`/creator/${encodeURIComponent(entry.creator_username)}`}>{T.creatorLink(entry.creator_username)}</Link>
                  {entry.status === 'pending' ? <PendingBadge /> : null}
                </span>
              </td>
              <td className="num">{entry.number_of_characters}</td>
              <td className="num score">{formatScore(entry.score)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Frame>
  );
}
