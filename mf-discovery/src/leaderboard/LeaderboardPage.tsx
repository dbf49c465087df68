import styled from '@emotion/styled';
import { useId, useState } from 'react';
import type { LeaderboardType } from '@fable/contracts';
import {
  EmptyState,
  selectAuthStatus,
  selectDeployment,
  Spinner,
  Tabs,
  useAppSelector,
  usePermission,
  useSearchParams,
} from '@fable/shared';
import { NarrowPage } from '../NarrowPage';
import { LoadErrorState, NotFoundState } from '../profile/ProfileStates';
import { LeaderboardAdminBar } from './LeaderboardAdminBar';
import { useDiscovery_leaderboardQuery } from './leaderboardApi';
import { categoryEntries, LEADERBOARD_CATEGORIES, isLeaderboardMonth, monthLabel, previousMonth, splitPodium } from './leaderboardFormat';
import { LeaderboardPodium } from './LeaderboardPodium';
import { LeaderboardTable } from './LeaderboardTable';
import { LEADERBOARD_TEXTS as T } from './leaderboardTexts';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 12px 24px;
  h1 {
    margin: 0 0 6px;
    font-family: ${({ theme }) => theme.font.heading};
    font-size: clamp(1.5rem, 4vw, 2rem);
  }
  p {
    margin: 0;
    max-width: 560px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  label {
    display: flex;
    flex-direction: column;
    gap: 4px;
    font-size: 0.85rem;
    font-weight: 600;
  }
  select {
    min-width: 200px;
    padding: 10px 14px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    color-scheme: ${({ theme }) => theme.mode};
  }
  select:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }
  @media ${({ theme }) => theme.breakpoints.mobile} {
    label,
    select {
      width: 100%;
    }
  }
`;

const Category = styled.div`
  display: flex;
  flex-direction: column;
  gap: 20px;
`;

function CategoryPanel({ type, entries }: { type: LeaderboardType; entries: ReturnType<typeof categoryEntries> }) {
  if (entries.length === 0) return <EmptyState title={T.emptyCategory} />;
  const { podium, rest } = splitPodium(entries);
  return (
    <Category>
      <LeaderboardPodium entries={podium} label={T.podium(type)} />
      <LeaderboardTable entries={rest} label={T.table(type)} />
    </Category>
  );
}

function Leaderboard() {
  const admin = usePermission('admin');
  const sessionKnown = useAppSelector(selectAuthStatus) !== 'loading';
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('date');
  const date = isLeaderboardMonth(asked) ? asked : undefined;
  const [type, setType] = useState<LeaderboardType>(LEADERBOARD_CATEGORIES[0]);
  const selectId = useId();
  // Asked once the session is known: the answer depends on who asks (pending entries are for admins).
  const { currentData, isError, isFetching, refetch } = useDiscovery_leaderboardQuery({ date, admin }, { skip: !sessionKnown });

  const chooseMonth = (month: string) => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('date', month);
        return next;
      },
      { replace: false },
    );
  };

  let body;
  if (isError && !isFetching) body = <LoadErrorState onRetry={() => void refetch()} />;
  else if (!currentData) body = <Spinner label={T.loading} center />;
  else if (currentData.date === null) body = <EmptyState title={T.emptyTitle} description={T.emptyHint} />;
  else {
    const all = currentData.entries;
    body = (
      <Tabs
        label={T.categories}
        items={LEADERBOARD_CATEGORIES.map((t) => ({ id: t, label: t }))}
        selectedId={type}
        onSelect={(id) => setType(id as LeaderboardType)}
      >
        <CategoryPanel type={type} entries={categoryEntries(all, type, admin)} />
      </Tabs>
    );
  }

  const shown = currentData?.date ?? null;
  const months = currentData ? [...currentData.months] : [];
  if (shown && !months.includes(shown)) months.unshift(shown);
  const hasPending = admin && (currentData?.entries.some((entry) => entry.status === 'pending') ?? false);

  return (
    <NarrowPage>
      <Header>
        <div>
          <h1>{T.heading}</h1>
          <p>{T.intro}</p>
        </div>
        {months.length > 0 && shown ? (
          <label htmlFor={selectId}>
            {T.month}
            <select id={selectId} value={shown} onChange={(event) => chooseMonth(event.target.value)}>
              {months.map((month) => (
                <option key={month} value={month}>
                  {monthLabel(month)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </Header>
      {admin && currentData ? (
        <LeaderboardAdminBar
          key={shown ?? 'none'}
          shownMonth={shown}
          hasPending={hasPending}
          defaultComputeMonth={previousMonth(new Date())}
          onComputed={chooseMonth}
        />
      ) : null}
      <div aria-busy={isFetching || undefined}>
        {body}
      </div>
    </NarrowPage>
  );
}

/**
 * `/creators/leaderboard`: the monthly creator leaderboard (document 2 §2 "Creator Leaderboard", §4, §9), for the main
 * app only: on other brands it is the 404 state (the navigation hides it there too).
 */
export function LeaderboardPage() {
  const deployment = useAppSelector(selectDeployment);
  if (deployment && deployment.kind !== 'main') return <NotFoundState />;
  return <Leaderboard />;
}
