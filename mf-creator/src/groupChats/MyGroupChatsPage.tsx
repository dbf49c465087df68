import styled from '@emotion/styled';
import { useMemo, useRef } from 'react';
import {
  Button,
  ButtonLink,
  CardGrid,
  EmptyState,
  selectAuthStatus,
  selectUser,
  signInRequested,
  Spinner,
  useAppDispatch,
  useAppSelector,
  useLocation,
} from '@fable/shared';
import { useDraftCount } from '../drafts/useDrafts';
import { CREATOR_CARD_MIN_PX } from '../myChatbots/cardParts';
import { MyChatbotsFrame } from '../myChatbots/MyChatbotsFrame';
import { useDeleteChatbot } from '../myChatbots/useDeleteChatbot';
import { DraftsTile } from './DraftsTile';
import { GroupChatCard } from './GroupChatCard';
import { createPath } from './groupChatProgress';
import { GroupChatsGate } from './GroupChatsGate';
import { useCreator_getMyGroupChatsQuery } from './groupChatsApi';
import { GROUP_CHAT_TEXTS as T, GROUP_DELETE_TEXTS } from './groupChatTexts';
import { orderedGroupChats } from './myGroupChatsList';

const Count = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

function MyGroupChatsList({ userId }: { userId: string }) {
  const groups = useCreator_getMyGroupChatsQuery();
  const drafts = useDraftCount(userId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { askDelete, deleted, dialogs } = useDeleteChatbot(() => headingRef.current?.focus(), GROUP_DELETE_TEXTS);
  const data = groups.data;
  const shown = useMemo(() => (data ? orderedGroupChats(data.filter((g) => !deleted.has(g.id))) : undefined), [data, deleted]);

  let body;
  if (groups.isLoading) body = <Spinner label={T.loadingList} center />;
  else if (groups.isError || !shown) {
    body = <EmptyState title={T.listFailed} action={{ label: T.tryAgain, onClick: () => void groups.refetch() }} />;
  } else if (shown.length === 0) {
    body = <EmptyState title={T.noResults} description={T.noGroupchatsHint} action={{ label: T.createGroupchat, to: createPath }} />;
  } else {
    body = (
      <>
        <Count role="status">{T.count(shown.length)}</Count>
        <CardGrid minColumnPx={CREATOR_CARD_MIN_PX} aria-label={T.listLabel} aria-busy={groups.isFetching || undefined}>
          <li>
            <DraftsTile count={drafts} />
          </li>
          {shown.map((group) => (
            <li key={group.id}>
              <GroupChatCard group={group} onDelete={askDelete} />
            </li>
          ))}
        </CardGrid>
      </>
    );
  }

  return (
    <MyChatbotsFrame
      heading={T.heading}
      headingRef={headingRef}
      action={shown && shown.length > 0 ? <ButtonLink to={createPath}>{T.createGroupchat}</ButtonLink> : null}
      current="groupchats"
      drafts={drafts}
    >
      {body}
      {dialogs}
    </MyChatbotsFrame>
  );
}

function SignedInGroupChats() {
  const status = useAppSelector(selectAuthStatus);
  const userId = useAppSelector(selectUser)?.id ?? null;
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  if (status === 'loading') return <Spinner label={T.loadingList} center />;
  if (status !== 'authenticated' || !userId) {
    return (
      <EmptyState title={T.signInTitle} headingLevel={1}>
        <Button onClick={() => dispatch(signInRequested({ returnTo: pathname }))}>{T.signIn}</Button>
      </EmptyState>
    );
  }
  return <MyGroupChatsList key={userId} userId={userId} />;
}

/**
 * /my-chatbots/groupchats, the Groupchats tab of My Chatbots (document 1 §2, document 2 §2, §4): behind the groupchat
 * flag (else the 404 page); the Drafts tile, then the member's group chats, those with a member that needs fixes
 * first, then those under review, each with its members, its status, and Chat, Edit and Delete (confirmed; without
 * delete_character the "Restricted!" modal); none yet: Create Groupchat.
 */
export function MyGroupChatsPage() {
  return (
    <GroupChatsGate>
      <SignedInGroupChats />
    </GroupChatsGate>
  );
}
