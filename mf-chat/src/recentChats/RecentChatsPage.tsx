import styled from '@emotion/styled';
import { EmptyState, Spinner, selectAuthStatus, useAppSelector } from '@fable/shared';
import { ButtonLink } from '@fable/shared';

/**
 * Texts of Recent Chats. The spec names the screen (document 1 §2 "Other screens": Recent Chats) and says
 * guests' chats are not saved (§1); the empty-state wording is ours.
 */
export const RECENT_CHATS_TEXTS = {
  heading: 'Recent Chats',
  guestTitle: 'Your chats are not saved',
  guestText: 'Unregistered users have limited text and image generation and chats are not saved. Create a free account to keep your conversations.',
  createFreeAccount: 'Create Free Account',
  emptyTitle: 'No chats yet',
  emptyText: 'Start chatting with a chatbot and your conversations will show up here.',
  exploreChatbots: 'Explore Chatbots',
} as const;

/** Sign-in belongs to the host; the account remote's signup route is the in-app address for it. */
const SIGN_UP_PATH = '/signup';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  width: 100%;
  max-width: 960px;
  margin: 0 auto;
`;

const Heading = styled.h1`
  margin: 0;
  font-size: 1.6rem;
`;

const Panel = styled.div`
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 12px;
  margin-top: 4px;
`;

const BubbleIcon = styled.div`
  display: grid;
  place-items: center;
  width: 64px;
  height: 64px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.textMuted};
`;

function ChatBubbles() {
  return (
    <BubbleIcon aria-hidden="true">
      <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" focusable="false">
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.6A8 8 0 1 1 21 12Z" />
        <path d="M8.5 11h.01M12 11h.01M15.5 11h.01" />
      </svg>
    </BubbleIcon>
  );
}

/** /chats: guests and anonymous users learn their chats are not saved; members see their recent chats. */
export function RecentChatsPage() {
  const status = useAppSelector(selectAuthStatus);
  if (status === 'loading') return <Spinner label="Loading" center />;
  const signedIn = status === 'authenticated';
  return (
    <Page>
      <Heading>{RECENT_CHATS_TEXTS.heading}</Heading>
      <Panel>
        {signedIn ? (
          // The list, its search and "load more" come with the recent-chats issue.
          <EmptyState
            icon={<ChatBubbles />}
            title={RECENT_CHATS_TEXTS.emptyTitle}
            description={RECENT_CHATS_TEXTS.emptyText}
          >
            <Actions>
              <ButtonLink to="/">{RECENT_CHATS_TEXTS.exploreChatbots}</ButtonLink>
            </Actions>
          </EmptyState>
        ) : (
          <EmptyState icon={<ChatBubbles />} title={RECENT_CHATS_TEXTS.guestTitle} description={RECENT_CHATS_TEXTS.guestText}>
            <Actions>
              <ButtonLink to={SIGN_UP_PATH}>{RECENT_CHATS_TEXTS.createFreeAccount}</ButtonLink>
              <ButtonLink to="/" variant="secondary">
                {RECENT_CHATS_TEXTS.exploreChatbots}
              </ButtonLink>
            </Actions>
          </EmptyState>
        )}
      </Panel>
    </Page>
  );
}
