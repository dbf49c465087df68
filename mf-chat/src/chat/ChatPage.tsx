import { routes } from '@fable/contracts';
import styled from '@emotion/styled';
import { useRef } from 'react';
import { apiErrorOf, Button, Navigate, Spinner, selectAuthStatus, useAppSelector, useParams } from '@fable/shared';
import { chatFailureOf } from './chatErrors';
import { ChatFooter } from './ChatFooter';
import { FailureBanner, GuestBanner } from './ChatNotices';
import { ChatScreenHeader } from './ChatScreenHeader';
import { ChatScreenModals } from './ChatScreenModals';
import { CHAT_TEXTS } from './chatTexts';
import { ChatTranscript } from './ChatTranscript';
import { useChatAd } from './ads/useChatAd';
import { useChatScreen } from './useChatScreen';
import { useStickToBottom } from './useStickToBottom';
import { WaitingRoom } from './queue/WaitingRoom';

const Screen = styled.section`
  display: flex;
  flex-direction: column;
  width: min(100%, 880px);
  margin: 0 auto;
  padding: 0 12px;
  min-height: calc(100dvh - 120px);
  color: ${({ theme }) => theme.colors.text};
`;

/** /chat/:characterId and /chat/:characterId/:conversationId (page id `chat`, document 1 §2 "Chat screen"). */
export function ChatPage() {
  const { characterId = '', conversationId } = useParams();
  const status = useAppSelector(selectAuthStatus);
  if (status === 'loading') return <Spinner label="Loading" center />;
  return <ChatScreen key={characterId} characterId={characterId} routeConversationId={conversationId} />;
}

export default ChatPage;

/** The chat screen, from its parts: header, guest banner, messages (ChatTranscript), footer, modals; its state is useChatScreen's. */
function ChatScreen({ characterId, routeConversationId }: { characterId: string; routeConversationId: string | undefined }) {
  const screen = useChatScreen(characterId, routeConversationId);
  const { character, chat } = screen;
  // Free members' house ads (display_ads): the transcript places it; a new one is followed like a new message.
  const ads = useChatAd(screen);
  // In the member's chat language once translated.
  const profile = screen.shownProfile;

  // Open at the newest message and follow the reply as it streams in (unless the reader scrolled up).
  const screenRef = useRef<HTMLElement>(null);
  const { state } = chat;
  const newest = state.messages.at(-1);
  useStickToBottom(screenRef, !chat.loading && state.messages.length > 0, `${state.messages.length}:${newest?.id}:${newest?.content.length}:${state.stream?.text.length ?? -1}:${chat.typing ? 1 : 0}:${ads.after?.messageId ?? ''}`);

  if (!characterId || character.isError) {
    const failed = apiErrorOf(character.error);
    const view = chatFailureOf({ ...failed });
    return (
      <Screen aria-label="Chat">
        <FailureBanner
          message={view.kind === 'generic' ? CHAT_TEXTS.loadFailed : view.message}
          action={
            view.kind === 'generic' ? (
              <Button size="sm" variant="secondary" onClick={() => void character.refetch()}>
                {CHAT_TEXTS.retry}
              </Button>
            ) : undefined
          }
        />
      </Screen>
    );
  }
  if (!profile) return <Spinner label="Loading chat" center />;
  // The chat redirects to the chatbots list when the character needs manual review (document 1 §2).
  if (profile.aicq_manual_review_required) return <Navigate to={routes.myChatbots()} replace />;

  return (
    <Screen aria-label="Chat" ref={screenRef}>
      <ChatScreenHeader screen={screen} profile={profile} />
      <WaitingRoom queue={screen.queue} />
      {screen.isGuest && (
        <GuestBanner
          action={
            <Button size="sm" onClick={screen.askSignIn}>
              {CHAT_TEXTS.signUp}
            </Button>
          }
        />
      )}
      <ChatTranscript screen={screen} profile={profile} ads={ads} />
      <ChatFooter screen={screen} profile={profile} />
      <ChatScreenModals screen={screen} profile={profile} />
    </Screen>
  );
}
