import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { MODERATION_QUEUE_STATUSES, type ModerationQueueStatus } from '@fable/contracts';
import { EmptyState, Spinner, Tabs, useSearchParams } from '@fable/shared';
import { AppealItem } from './AppealItem';
import { useCreator_moderationQueueQuery } from './moderationApi';
import { ModerationItem } from './ModerationItem';
import { MODERATION_TEXTS as T } from './moderationTexts';
import { ReportCaseItem } from './ReportCaseItem';
import { useCreator_appealsQuery, useCreator_reportCasesQuery } from './reportCasesApi';
import { REPORT_CASE_TEXTS as R } from './reportCaseTexts';

const Page = styled.div`
  width: 100%;
  max-width: 900px;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  gap: 16px;
  h1 {
    margin: 0;
  }
  .lead,
  .found {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .items {
    display: flex;
    flex-direction: column;
    gap: 12px;
  }
  /* The three queues' tabs fit a phone's width side by side instead of scrolling the last one out of sight. */
  @media (max-width: 480px) {
    [role='tab'] {
      padding-inline: 8px;
    }
  }
`;

const isStatus = (value: string | null): value is ModerationQueueStatus => MODERATION_QUEUE_STATUSES.includes(value as ModerationQueueStatus);
type Tab = ModerationQueueStatus | 'reports' | 'appeals';
const TABS: readonly Tab[] = ['reports', 'appeals', ...MODERATION_QUEUE_STATUSES];

/** One tab's list: loading, failed (Try Again), empty, or how many and the items. */
function TabList<Item>({
  query,
  empty,
  found,
  render,
}: {
  query: { data?: { items: Item[]; found: number }; isLoading: boolean; isError: boolean; refetch: () => unknown };
  empty: string;
  found: (n: number) => string;
  render: (item: Item) => ReactNode;
}) {
  const { data, isLoading, isError, refetch } = query;
  if (isLoading) return <Spinner label={T.loading} center />;
  if (isError || !data) return <EmptyState title={T.failed} action={{ label: T.retry, onClick: () => void refetch() }} />;
  if (data.items.length === 0) return <EmptyState title={empty} />;
  return (
    <div className="items">
      <p className="found" aria-live="polite">
        {found(data.found)}
      </p>
      {data.items.map(render)}
    </div>
  );
}

function Queue({ status }: { status: ModerationQueueStatus }) {
  const query = useCreator_moderationQueueQuery({ status, page: 1 });
  return <TabList query={query} empty={T.empty} found={T.found} render={(item) => <ModerationItem key={item.character.id} item={item} />} />;
}

function Reports() {
  const query = useCreator_reportCasesQuery(1);
  const now = query.fulfilledTimeStamp ?? 0;
  return <TabList query={query} empty={R.noCases} found={R.casesFound} render={(item) => <ReportCaseItem key={item.character.id} item={item} now={now} />} />;
}

function Appeals() {
  const query = useCreator_appealsQuery(1);
  return <TabList query={query} empty={R.noAppeals} found={R.appealsFound} render={(item) => <AppealItem key={item.id} item={item} />} />;
}

/**
 * The moderation console (issues 13 and 28, admins: the route needs the admin permission and the API checks it
 * again): the reported chatbots as cases (Dismiss, Require fix, Take down, restrict the creator), the creators'
 * appeals, and the pending, re-review and manual-review queues, each chatbot with Approve, Require Fixes (reasons the
 * creator sees) and Close Review, and its audit trail. The tab is in the URL (?status=reports, appeals, pending…).
 */
export function ModerationPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const tab: Tab = asked === 'reports' || asked === 'appeals' || isStatus(asked) ? asked : 'pending';
  const label = (t: Tab) => (t === 'reports' ? R.reportsTab : t === 'appeals' ? R.appealsTab : T.tabs[t]);
  return (
    <Page>
      <h1>{T.title}</h1>
      <p className="lead">{T.lead}</p>
      <Tabs label={T.tabsLabel} items={TABS.map((t) => ({ id: t, label: label(t) }))} selectedId={tab} onSelect={(id) => setParams({ status: id })}>
        {tab === 'reports' ? <Reports /> : tab === 'appeals' ? <Appeals /> : <Queue status={tab} />}
      </Tabs>
    </Page>
  );
}
