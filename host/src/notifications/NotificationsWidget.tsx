import styled from '@emotion/styled';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { MemberNotification } from '@fable/contracts';
import { Button, Spinner, useNavigate, VisuallyHidden } from '@fable/shared';
import { IconButton } from '../layout/ThemeToggle';
import { NOTIFICATIONS_POLL_MS, useHost_markNotificationsReadMutation, useHost_notificationsQuery } from './notificationsApi';
import { NOTIFICATIONS_TEXTS as T, timeAgo } from './notificationsTexts';
import { PushOptIn } from './PushOptIn';

const Wrap = styled.div`
  position: relative;
  .badge {
    position: absolute;
    top: -4px;
    right: -4px;
    min-width: 18px;
    height: 18px;
    padding: 0 5px;
    border-radius: 9px;
    background: ${({ theme }) => theme.colors.error};
    color: ${({ theme }) => theme.colors.onError};
    font-size: 0.7rem;
    font-weight: 700;
    line-height: 18px;
    text-align: center;
  }
`;

const Panel = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 8px);
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  width: min(380px, calc(100vw - 24px));
  max-height: min(520px, calc(100vh - 90px));
  display: flex;
  flex-direction: column;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow};
  color: ${({ theme }) => theme.colors.text};
  /* On a phone the bell is not at the screen's edge: the panel spans the screen under the header. */
  @media (max-width: 600px) {
    position: fixed;
    top: 64px;
    left: 12px;
    right: 12px;
    width: auto;
  }
  header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    padding: 12px 14px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  h2 {
    margin: 0;
    font-size: 1rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    overflow-y: auto;
  }
  li button {
    display: block;
    width: 100%;
    text-align: left;
    padding: 10px 14px;
    border: 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  li button:hover,
  li button:focus-visible {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  li.unread button {
    background: ${({ theme }) => theme.colors.primarySoft};
  }
  .title {
    display: block;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  .body {
    display: block;
    margin-top: 2px;
    color: ${({ theme }) => theme.colors.text};
    font-size: 0.9rem;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
  .when {
    display: block;
    margin-top: 4px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.8rem;
  }
  .empty {
    padding: 20px 14px;
    text-align: center;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .empty strong {
    display: block;
    color: ${({ theme }) => theme.colors.text};
    margin-bottom: 4px;
  }
  .more {
    padding: 8px;
    text-align: center;
  }
`;

function Bell() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** One page of the list: the first is polled; older pages are fetched on "Show older". */
function OlderPage({ before, onOpen, onMore }: { before: string; onOpen: (n: MemberNotification) => void; onMore: (next: string) => void }) {
  const { data } = useHost_notificationsQuery({ before });
  if (!data) return null;
  return <Items items={data.items} onOpen={onOpen} next={data.next_before} onMore={onMore} />;
}

function Items({ items, onOpen, next, onMore }: { items: MemberNotification[]; onOpen: (n: MemberNotification) => void; next: string | null; onMore: (next: string) => void }) {
  // The time the list was drawn ("5 min ago"): it is drawn again at each poll.
  const [now] = useState(() => Date.now());
  return (
    <>
      {items.map((n) => (
        <li key={n.id} className={n.read ? undefined : 'unread'}>
          <button type="button" onClick={() => onOpen(n)}>
            <span className="title">
              {n.read ? null : <VisuallyHidden>{T.unread}: </VisuallyHidden>}
              {n.title}
            </span>
            <span className="body">{n.body}</span>
            <span className="when">{timeAgo(n.created_at, now)}</span>
          </button>
        </li>
      ))}
      {next ? (
        <li className="more">
          <Button size="sm" variant="secondary" onClick={() => onMore(next)}>
            {T.more}
          </Button>
        </li>
      ) : null}
    </>
  );
}

/**
 * The header's notifications widget (document 1 §2: logged-in only): a bell with the unread count (asked every minute
 * and on focus), a panel listing them newest first with Show older, Mark all read, and the Web Push opt-in. Opening
 * one marks it read and follows its link.
 */
export function NotificationsWidget() {
  const [open, setOpen] = useState(false);
  const [older, setOlder] = useState<string[]>([]);
  const panelId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { data, isLoading, isError, refetch } = useHost_notificationsQuery({}, { pollingInterval: NOTIFICATIONS_POLL_MS, refetchOnFocus: true });
  const [markRead] = useHost_markNotificationsReadMutation();
  const unread = data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onDown = (event: MouseEvent) => !wrap.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open]);

  const onOpen = useCallback(
    async (n: MemberNotification) => {
      if (!n.read) await markRead({ ids: [n.id] });
      void refetch();
      if (n.link) {
        setOpen(false);
        void navigate(n.link);
      }
    },
    [markRead, navigate, refetch],
  );
  const markAll = async () => {
    await markRead({ all: true });
    setOlder([]);
    void refetch();
  };

  return (
    <Wrap ref={wrap}>
      <IconButton type="button" aria-label={T.button(unread)} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((was) => !was)}>
        <Bell />
      </IconButton>
      {unread > 0 ? (
        <span className="badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
      {open ? (
        <Panel id={panelId} role="dialog" aria-label={T.title}>
          <header>
            <h2>{T.title}</h2>
            {unread > 0 ? (
              <Button size="sm" variant="secondary" onClick={() => void markAll()}>
                {T.markAll}
              </Button>
            ) : null}
          </header>
          {isLoading ? (
            <Spinner label={T.loading} center />
          ) : isError || !data ? (
            <div className="empty">
              <strong>{T.failed}</strong>
              <Button size="sm" onClick={() => void refetch()}>
                {T.retry}
              </Button>
            </div>
          ) : data.items.length === 0 ? (
            <div className="empty">
              <strong>{T.empty}</strong>
              {T.emptyHint}
            </div>
          ) : (
            <ul>
              <Items items={data.items} onOpen={(n) => void onOpen(n)} next={older.length === 0 ? data.next_before : null} onMore={(next) => setOlder([next])} />
              {older.map((before, i) => (
                <OlderPage
                  key={before}
                  before={before}
                  onOpen={(n) => void onOpen(n)}
                  onMore={(next) => (i === older.length - 1 ? setOlder([...older, next]) : undefined)}
                />
              ))}
            </ul>
          )}
          <PushOptIn />
        </Panel>
      ) : null}
    </Wrap>
  );
}
