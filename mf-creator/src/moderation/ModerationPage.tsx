import styled from '@emotion/styled';
import { MODERATION_QUEUE_STATUSES, type ModerationQueueStatus } from '@fable/contracts';
import { EmptyState, Spinner, Tabs, useSearchParams } from '@fable/shared';
import { useCreator_moderationQueueQuery } from './moderationApi';
import { ModerationItem } from './ModerationItem';
import { MODERATION_TEXTS as T } from './moderationTexts';

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

/**
 * The moderation console (issue 13, admins: the route needs the admin permission and the API checks it again): the
 * pending, re-review and manual-review queues, each chatbot with Approve, Require Fixes (reasons the creator sees)
 * and Close Review, and its audit trail. The queue is in the URL (?status=).
 */
export function ModerationPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: ModerationQueueStatus = isStatus(asked) ? asked : 'pending';
  const { data, isLoading, isError, refetch } = useCreator_moderationQueueQuery({ status, page: 1 });
  return (
    <Page>
      <h1>{T.title}</h1>
      <p className="lead">{T.lead}</p>
      <Tabs
        label={T.tabsLabel}
        items={MODERATION_QUEUE_STATUSES.map((s) => ({ id: s, label: T.tabs[s] }))}
        selectedId={status}
        onSelect={(id) => setParams({ status: id })}
      >
        {isLoading ? (
          <Spinner label={T.loading} center />
        ) : isError || !data ? (
          <EmptyState title={T.failed} action={{ label: T.retry, onClick: () => void refetch() }} />
        ) : data.items.length === 0 ? (
          <EmptyState title={T.empty} />
        ) : (
          <div className="items">
            <p className="found" aria-live="polite">
              {T.found(data.found)}
            </p>
            {data.items.map((item) => (
              <ModerationItem key={item.character.id} item={item} />
            ))}
          </div>
        )}
      </Tabs>
    </Page>
  );
}

