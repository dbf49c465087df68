import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { TIER_MARKETING_NAME, type LeaderboardPrize } from '@fable/contracts';
import { apiErrorMessage, Button, ConfirmationModal, useNotify } from '@fable/shared';
import { useDiscovery_leaderboardApproveMutation, useDiscovery_leaderboardComputeMutation } from './leaderboardApi';
import { isLeaderboardMonth, monthLabel } from './leaderboardFormat';
import { LEADERBOARD_TEXTS as T } from './leaderboardTexts';

const Bar = styled.section`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 16px;
  border: 1px dashed ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.warningSoft};
  h2 {
    margin: 0;
    font-size: 0.8rem;
    letter-spacing: 0.05em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.warning};
  }
  p {
    margin: 0;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: 8px 12px;
  }
  label {
    display: flex;
    flex-direction: column;
    gap: 4px;
    font-size: 0.85rem;
    font-weight: 600;
  }
  input {
    padding: 8px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    color-scheme: ${({ theme }) => theme.mode};
  }
`;

const Prizes = styled.div`
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  h3 {
    margin: 0 0 8px;
    font-size: 1rem;
  }
  ul {
    margin: 0;
    padding-left: 20px;
  }
  li + li {
    margin-top: 4px;
  }
`;

function prizeText(prize: LeaderboardPrize): string {
  const tierName = TIER_MARKETING_NAME[prize.tier] ?? prize.tier;
  return `@${prize.creator_username} — ${T.prize(prize.months, tierName)} (${prize.type}, #${prize.rank})`;
}

export interface LeaderboardAdminBarProps {
  /** The month shown, or null when there is none yet. */
  shownMonth: string | null;
  /** Whether the month shown has pending entries (then it can be approved). */
  hasPending: boolean;
  /** The month to offer for computing when nothing is shown. */
  defaultComputeMonth: string;
  /** After a compute: show that month. */
  onComputed: (month: string) => void;
}

/**
 * Admin tools of the leaderboard (ours: the spec shows only that pending entries are for admins, document 2 §4):
 * compute a month's ranking (its entries are pending), and approve it after a confirmation, which publishes it and
 * grants the prizes; the prizes granted are listed from the answer.
 */
export function LeaderboardAdminBar({ shownMonth, hasPending, defaultComputeMonth, onComputed }: LeaderboardAdminBarProps) {
  const notify = useNotify();
  const titleId = useId();
  const [compute, { isLoading: computing }] = useDiscovery_leaderboardComputeMutation();
  const [approve] = useDiscovery_leaderboardApproveMutation();
  const [computeMonth, setComputeMonth] = useState(shownMonth ?? defaultComputeMonth);
  const [confirming, setConfirming] = useState(false);
  const [granted, setGranted] = useState<{ month: string; prizes: LeaderboardPrize[] } | null>(null);

  const runCompute = async () => {
    if (!isLeaderboardMonth(computeMonth)) return;
    const result = await compute(computeMonth);
    if (result.error) {
      notify.error(apiErrorMessage(result.error, T.genericError));
      return;
    }
    notify.success(T.computed(result.data.entries, monthLabel(result.data.date)));
    setGranted(null);
    onComputed(result.data.date);
  };

  const runApprove = async () => {
    if (!shownMonth) return;
    const result = await approve(shownMonth);
    if (result.error) throw new Error(apiErrorMessage(result.error, ''));
    setGranted({ month: result.data.date, prizes: result.data.prizes });
    notify.success(T.approved(monthLabel(result.data.date)));
  };

  return (
    <Bar aria-labelledby={titleId} data-testid="leaderboard-admin">
      <h2 id={titleId}>{T.admin}</h2>
      {shownMonth && hasPending ? <p>{T.pendingNote(monthLabel(shownMonth))}</p> : null}
      <div className="row">
        <label>
          {T.computeMonth}
          <input type="month" value={computeMonth} onChange={(event) => setComputeMonth(event.target.value)} required />
        </label>
        <Button variant="secondary" onClick={() => void runCompute()} loading={computing} disabled={!isLeaderboardMonth(computeMonth)}>
          {T.compute}
        </Button>
        {shownMonth ? (
          <Button onClick={() => setConfirming(true)} disabled={!hasPending} aria-haspopup="dialog">
            {T.approve}
          </Button>
        ) : null}
      </div>
      {granted ? (
        <Prizes role="status">
          <h3>{T.prizesTitle(monthLabel(granted.month))}</h3>
          {granted.prizes.length === 0 ? (
            <p>{T.noPrizes}</p>
          ) : (
            <ul>
              {granted.prizes.map((prize) => (
                <li key={`${prize.type}-${prize.rank}-${prize.creator_username}`}>{prizeText(prize)}</li>
              ))}
            </ul>
          )}
        </Prizes>
      ) : null}
      <ConfirmationModal
        open={confirming}
        title={T.approveTitle}
        message={shownMonth ? T.approveMessage(monthLabel(shownMonth)) : null}
        confirmLabel={T.approve}
        onConfirm={runApprove}
        onClose={() => setConfirming(false)}
      />
    </Bar>
  );
}
