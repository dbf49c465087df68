import { routes } from '@fable/contracts';
import { ButtonLink, EmptyState, Spinner, selectAuthStatus, selectFeatureOn, useAppSelector } from '@fable/shared';
import { ChatBubbles } from './ChatBubbles';
import { Actions, HeadingRow, Page, Panel } from './chatsLayout';
import { ConversationList } from './ConversationList';
import { GuestChatsPrompt } from './GuestChatsPrompt';

/** Texts of Recent Chats (document 1 §2 "Other screens"); the empty state's wording is ours. */
export const RECENT_CHATS_TEXTS = {
  heading: 'Recent Chats',
  emptyTitle: 'No chats yet',
  emptyText: 'Start chatting with a chatbot and your conversations will show up here.',
  exploreChatbots: 'Explore Chatbots',
} as const;

/**
 * /chats: members' conversations (search, Load More, rename, delete); guests learn their chats are not saved. With
 * my_chats_v2 off, the older variant: the same list without its search.
 */
export function RecentChatsPage() {
  const status = useAppSelector(selectAuthStatus);
  const v2 = useAppSelector((state) => selectFeatureOn(state, 'my_chats_v2'));
  if (status === 'loading') return <Spinner label="Loading" center />;
  return (
    <Page>
      <HeadingRow>
        <h1>{RECENT_CHATS_TEXTS.heading}</h1>
      </HeadingRow>
      {status === 'authenticated' ? (
        <ConversationList
          searchable={v2}
          empty={
            <Panel>
              <EmptyState icon={<ChatBubbles />} title={RECENT_CHATS_TEXTS.emptyTitle} description={RECENT_CHATS_TEXTS.emptyText}>
                <Actions>
                  <ButtonLink to={routes.home()}>{RECENT_CHATS_TEXTS.exploreChatbots}</ButtonLink>
                </Actions>
              </EmptyState>
            </Panel>
          }
        />
      ) : (
        <GuestChatsPrompt />
      )}
    </Page>
  );
}

export default RecentChatsPage;
