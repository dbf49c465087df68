import styled from '@emotion/styled';
import { useState, type ReactNode } from 'react';
import type { Conversation } from '@fable/contracts';
import { apiErrorMessage, Avatar, Button, ConfirmationModal, Link, Spinner, useDebounce, useNotify } from '@fable/shared';
import { UpdateTitleModal } from '../conversationTitle/UpdateTitleModal';
import { useChat_viewerSettingsQuery } from '../settings/settingsApi';
import { useChat_conversationsInfiniteQuery, useChat_removeConversationMutation, useChat_renameConversationMutation } from './conversationsApi';
import { conversationTitle, formatChatTime, lastMessagePreview } from './conversationText';

/** Texts of the chats list (ours: the spec names the screen and its parts, document 1 §2). */
export const CONVERSATION_LIST_TEXTS = {
  search: 'Search chats',
  loadMore: 'Load More',
  rename: 'Change Title',
  remove: 'Delete',
  renameOf: (name: string) => `Change Title of the chat with ${name}`,
  removeOf: (name: string) => `Delete the chat with ${name}`,
  deleteTitle: 'Delete Chat',
  deleteMessage: (name: string) => `Delete this chat with ${name}? Its messages will be lost.`,
  deleted: 'Chat deleted',
  loadError: 'We could not load your chats.',
  retry: 'Try Again',
  noMatch: (q: string) => `No chats match "${q}".`,
  messages: (n: number) => (n === 1 ? '1 message' : `${n} messages`),
} as const;

/** Search inputs are debounced 300 ms (document 1 §5, §9). */
export const CHAT_SEARCH_DEBOUNCE_MS = 300;

export const chatPath = (characterId: string, conversationId: string) =>
  `/chat/${encodeURIComponent(characterId)}/${encodeURIComponent(conversationId)}`;

const SearchInput = styled.input`
  width: 100%;
  box-sizing: border-box;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
`;

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  padding: 4px 8px 4px 0;
  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const RowLink = styled(Link)`
  flex: 1;
  min-width: 0;
  display: flex;
  gap: 12px;
  align-items: center;
  padding: 10px 12px;
  color: inherit;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radius.md};
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: -2px;
  }
`;

const Texts = styled.span`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const NameLine = styled.span`
  display: flex;
  gap: 8px;
  justify-content: space-between;
  strong {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  time {
    flex: none;
    font-size: 0.8rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Title = styled.span`
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.text};
`;

const Preview = styled.span`
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const RowActions = styled.span`
  flex: none;
  display: flex;
  gap: 4px;
  /* Narrow screens: the actions go under the texts, which keep the row's width. */
  @media (max-width: 480px) {
    flex-basis: 100%;
    justify-content: flex-end;
    margin-top: -6px;
    padding-bottom: 4px;
  }
`;

const Center = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 24px 0;
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

function ConversationRow({
  conversation,
  blur,
  onRename,
  onRemove,
}: {
  conversation: Conversation;
  blur: boolean;
  onRename: () => void;
  onRemove: () => void;
}) {
  const name = conversation.character?.name ?? '';
  const title = conversationTitle(conversation);
  const preview = lastMessagePreview(conversation);
  const at = conversation.last_message?.createdAt ?? conversation.last_text_message?.createdAt;
  return (
    <Row>
      <RowLink to={chatPath(conversation.character_id, conversation.id)}>
        <Avatar src={conversation.character?.avatar_url ?? null} name={name || '?'} nsfw={conversation.character?.avatar_is_nsfw ?? false} blur={blur} size="md" />
        <Texts>
          <NameLine>
            <strong>{name}</strong>
            {at ? <time dateTime={at}>{formatChatTime(at)}</time> : null}
          </NameLine>
          {title ? <Title>{title}</Title> : null}
          <Preview>{preview || CONVERSATION_LIST_TEXTS.messages(conversation.message_count)}</Preview>
        </Texts>
      </RowLink>
      <RowActions>
        <Button size="sm" variant="ghost" onClick={onRename} aria-label={CONVERSATION_LIST_TEXTS.renameOf(name)}>
          {CONVERSATION_LIST_TEXTS.rename}
        </Button>
        <Button size="sm" variant="ghost" onClick={onRemove} aria-label={CONVERSATION_LIST_TEXTS.removeOf(name)}>
          {CONVERSATION_LIST_TEXTS.remove}
        </Button>
      </RowActions>
    </Row>
  );
}

export interface ConversationListProps {
  /** Saved chats: one character's conversations. */
  characterId?: string;
  /** Shown when the member has no chats (and no search). */
  empty: ReactNode;
  /** The search box (Recent Chats' older variant, my_chats_v2 off, has none). */
  searchable?: boolean;
}

/**
 * A member's conversations (document 1 §2 Recent Chats): search (300 ms), 25 a page with Load More, each with avatar
 * (NSFW blurred per blurNSFW), name, title, last message without HTML and time; Change Title and Delete.
 */
export function ConversationList({ characterId, empty, searchable = true }: ConversationListProps) {
  const notify = useNotify();
  const [query, setQuery] = useState('');
  const q = useDebounce(query, CHAT_SEARCH_DEBOUNCE_MS).trim();
  const viewer = useChat_viewerSettingsQuery();
  const blur = viewer.data?.blurNSFW ?? true;
  const list = useChat_conversationsInfiniteQuery(characterId ? { q, characterId } : { q });
  const [removeConversation] = useChat_removeConversationMutation();
  const [renaming, setRenaming] = useState<Conversation | null>(null);
  const [renameConversation] = useChat_renameConversationMutation();
  const [removing, setRemoving] = useState<Conversation | null>(null);

  const conversations = list.data?.pages.flatMap((page) => page.conversations) ?? [];
  const seen = new Set<string>();
  const unique = conversations.filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));

  let body: ReactNode;
  if (list.isLoading) body = <Spinner label="Loading" center />;
  else if (list.isError && unique.length === 0)
    body = (
      <Center role="alert">
        <p>{CONVERSATION_LIST_TEXTS.loadError}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          {CONVERSATION_LIST_TEXTS.retry}
        </Button>
      </Center>
    );
  else if (unique.length === 0) body = q ? <Center><p>{CONVERSATION_LIST_TEXTS.noMatch(q)}</p></Center> : empty;
  else
    body = (
      <>
        <List aria-busy={list.isFetching || undefined}>
          {unique.map((conversation) => (
            <ConversationRow
              key={conversation.id}
              conversation={conversation}
              blur={blur}
              onRename={() => setRenaming(conversation)}
              onRemove={() => setRemoving(conversation)}
            />
          ))}
        </List>
        {list.hasNextPage ? (
          <Center>
            <Button variant="secondary" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              {CONVERSATION_LIST_TEXTS.loadMore}
            </Button>
          </Center>
        ) : null}
      </>
    );

  const removingName = removing?.character?.name ?? '';
  return (
    <>
      {searchable ? (
        <SearchInput
          type="search"
          aria-label={CONVERSATION_LIST_TEXTS.search}
          placeholder={CONVERSATION_LIST_TEXTS.search}
          value={query}
          maxLength={100}
          onChange={(event) => setQuery(event.target.value)}
        />
      ) : null}
      {body}
      <UpdateTitleModal
        initialTitle={renaming?.label ?? ''}
        open={renaming !== null}
        onClose={() => setRenaming(null)}
        onSave={async (label) => {
          if (renaming) await renameConversation({ conversationId: renaming.id, label }).unwrap();
        }}
      />
      <ConfirmationModal
        open={removing !== null}
        title={CONVERSATION_LIST_TEXTS.deleteTitle}
        message={CONVERSATION_LIST_TEXTS.deleteMessage(removingName)}
        confirmLabel={CONVERSATION_LIST_TEXTS.remove}
        destructive
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          const result = await removeConversation(removing.id);
          if ('error' in result) throw new Error(apiErrorMessage(result.error));
          notify.success(CONVERSATION_LIST_TEXTS.deleted);
        }}
      />
    </>
  );
}
