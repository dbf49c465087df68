import styled from '@emotion/styled';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { SEARCH_LIMITS, type LorebookSummary } from '@fable/contracts';
import {
  apiErrorMessage,
  ButtonLink,
  CardGrid,
  ConfirmationModal,
  EmptyState,
  NotFoundPage,
  SearchBox,
  selectAuthStatus,
  selectFlag,
  selectUser,
  Spinner,
  Toolbar,
  useAppSelector,
  useNotify,
} from '@fable/shared';
import { useDraftCount } from '../drafts/useDrafts';
import { SIGN_UP_PATH } from '../marketing/signUpPath';
import { CREATOR_CARD_MIN_PX } from '../myChatbots/cardParts';
import { MyChatbotsFrame } from '../myChatbots/MyChatbotsFrame';
import { CreatorPage } from '../myChatbots/pageParts';
import { LorebookCard } from './LorebookCard';
import { useLorebook_deleteMutation, useLorebook_mineQuery } from './lorebookApi';
import { LOREBOOK_TEXTS as T } from './lorebookTexts';

const Count = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Lorebooks whose name, description or a tag holds the search (case-insensitive). */
export function matchingLorebooks(lorebooks: readonly LorebookSummary[], search: string): LorebookSummary[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...lorebooks];
  return lorebooks.filter((l) => l.name.toLowerCase().includes(q) || l.description.toLowerCase().includes(q) || l.tags.some((t) => t.toLowerCase().includes(q)));
}

function MyLorebooksList() {
  const userId = useAppSelector(selectUser)?.id ?? null;
  const drafts = useDraftCount(userId);
  const lorebooks = useLorebook_mineQuery();
  const [remove] = useLorebook_deleteMutation();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [removing, setRemoving] = useState<LorebookSummary | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const all = lorebooks.data;
  const shown = useMemo(() => matchingLorebooks(all ?? [], deferred), [all, deferred]);

  const confirmRemove = async () => {
    if (!removing) return;
    const answer = await remove(removing.id);
    if ('error' in answer) {
      notify.error(apiErrorMessage(answer.error));
      return;
    }
    notify.success(T.toasts.removed);
    headingRef.current?.focus();
  };

  let body;
  if (lorebooks.isLoading) body = <Spinner label={T.listLoading} center />;
  else if (!all) body = <EmptyState title={T.failedTitle} description={T.failedHint} action={{ label: T.tryAgain, onClick: () => void lorebooks.refetch() }} />;
  else if (all.length === 0) body = <EmptyState title={T.emptyTitle} description={T.emptyHint} action={{ label: T.createLorebook, to: '/lorebook/create' }} />;
  else {
    body = (
      <>
        <Toolbar
          labels="above"
          search={<SearchBox value={search} onCommit={setSearch} debounceMs={SEARCH_LIMITS.searchDebounceMs} label={T.searchLabel} placeholder={T.searchPlaceholder} />}
        />
        <Count role="status">{T.count(shown.length)}</Count>
        {shown.length === 0 ? (
          <EmptyState title={T.noResults} description={T.noResultsHint} />
        ) : (
          <CardGrid minColumnPx={CREATOR_CARD_MIN_PX} aria-label={T.listLabel} aria-busy={lorebooks.isFetching || undefined}>
            {shown.map((lorebook) => (
              <li key={lorebook.id}>
                <LorebookCard lorebook={lorebook} onRemove={setRemoving} />
              </li>
            ))}
          </CardGrid>
        )}
      </>
    );
  }
  return (
    <MyChatbotsFrame
      heading={T.listHeading}
      headingRef={headingRef}
      action={all && all.length > 0 ? <ButtonLink to="/lorebook/create">{T.createLorebook}</ButtonLink> : null}
      current="lorebooks"
      drafts={drafts}
    >
      {body}
      <ConfirmationModal
        open={removing !== null}
        title={T.removeTitle}
        message={removing ? T.removeMessage(removing.name) : undefined}
        confirmLabel={T.remove}
        cancelLabel={T.cancel}
        destructive
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </MyChatbotsFrame>
  );
}

/**
 * /my-chatbots/lorebooks (document 2 §2, the Lorebooks tab of My Chatbots): behind the lorebook flag (LOREBOOK_V1),
 * otherwise the 404 page; a member's lorebooks with search, cards to /lorebook/{id} with Edit / Remove, the empty state
 * with Create Lorebook. Signed out: an invitation to create a free account.
 */
export function MyLorebooksPage() {
  const enabled = useAppSelector((state) => selectFlag(state, 'lorebook'));
  const status = useAppSelector(selectAuthStatus);
  if (!enabled) return <NotFoundPage />;
  if (status === 'loading') return <Spinner label="Loading" center />;
  if (status !== 'authenticated') {
    return (
      <CreatorPage>
        <EmptyState headingLevel={1} title={T.signInTitle} description={T.signInHint} action={{ label: T.createFreeAccount, to: SIGN_UP_PATH }} />
      </CreatorPage>
    );
  }
  return <MyLorebooksList />;
}
