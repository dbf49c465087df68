import { ButtonLink, EmptyState, Link, Spinner, selectAuthStatus, useAppSelector, useParams } from '@fable/shared';
import { ChatBubbles } from '../recentChats/ChatBubbles';
import { Actions, HeadingRow, Page, Panel } from '../recentChats/chatsLayout';
import { ConversationList } from '../recentChats/ConversationList';
import { useChat_conversationsInfiniteQuery } from '../recentChats/conversationsApi';
import { GuestChatsPrompt } from '../recentChats/GuestChatsPrompt';

/** Texts of Saved Chats (document 1 §2: /chats/{characterId}; "View Saved Chats" in the chat options); ours. */
export const SAVED_CHATS_TEXTS = {
  heading: 'Saved Chats',
  headingWith: (name: string) => `Saved Chats with ${name}`,
  startNewChat: 'Start New Chat',
  allChats: 'All Recent Chats',
  emptyTitle: 'No saved chats with this chatbot',
  emptyText: 'Start a new chat and it will be saved here.',
} as const;

export const newChatPath = (characterId: string) => `/chat/${encodeURIComponent(characterId)}/new`;

function MemberSavedChats({ characterId }: { characterId: string }) {
  // The unsearched first page (shared with the list's cache entry) names the character.
  const first = useChat_conversationsInfiniteQuery({ q: '', characterId });
  const name = first.data?.pages[0]?.conversations[0]?.character?.name;
  return (
    <>
      <HeadingRow>
        <h1>{name ? SAVED_CHATS_TEXTS.headingWith(name) : SAVED_CHATS_TEXTS.heading}</h1>
        <ButtonLink to={newChatPath(characterId)}>{SAVED_CHATS_TEXTS.startNewChat}</ButtonLink>
      </HeadingRow>
      <Link to="/chats">{SAVED_CHATS_TEXTS.allChats}</Link>
      <ConversationList
        characterId={characterId}
        empty={
          <Panel>
            <EmptyState icon={<ChatBubbles />} title={SAVED_CHATS_TEXTS.emptyTitle} description={SAVED_CHATS_TEXTS.emptyText}>
              <Actions>
                <ButtonLink to={newChatPath(characterId)}>{SAVED_CHATS_TEXTS.startNewChat}</ButtonLink>
              </Actions>
            </EmptyState>
          </Panel>
        }
      />
    </>
  );
}

/** /chats/:characterId: one character's saved conversations with Start New Chat. */
export function SavedChatsPage() {
  const status = useAppSelector(selectAuthStatus);
  const { characterId = '' } = useParams();
  if (status === 'loading') return <Spinner label="Loading" center />;
  return (
    <Page>
      {status === 'authenticated' ? (
        <MemberSavedChats characterId={characterId} />
      ) : (
        <>
          <HeadingRow>
            <h1>{SAVED_CHATS_TEXTS.heading}</h1>
            <ButtonLink to={newChatPath(characterId)}>{SAVED_CHATS_TEXTS.startNewChat}</ButtonLink>
          </HeadingRow>
          <GuestChatsPrompt />
        </>
      )}
    </Page>
  );
}

export default SavedChatsPage;
