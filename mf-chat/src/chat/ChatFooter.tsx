import styled from '@emotion/styled';
import type { CharacterProfile } from '@fable/contracts';
import { ChatComposer } from './ChatComposer';
import { Disclaimer } from './ChatNotices';
import { PickModeBar } from './PickModeBar';
import { TurnFailureBanner } from './TurnFailureBanner';
import type { ChatScreenModel } from './useChatScreen';

const Footer = styled.div`
  position: sticky;
  bottom: 0;
  padding: 8px 0 12px;
  background: ${({ theme }) => theme.colors.background};
`;

/** The chat screen's footer: a failed turn's banner, the composer (or the bar of a pick mode), the disclaimer. */
export function ChatFooter({ screen, profile }: { screen: ChatScreenModel; profile: CharacterProfile }) {
  const { chat, pick } = screen;
  const { failure } = chat;
  // While a picture is drawn the conversation stays as it is: a turn now would leave the picture nowhere to go.
  const inputDisabled =
    screen.rateLimited || screen.queueWaiting || profile.viewer.creator_blocked || failure?.kind === 'notAllowed' || screen.images.drawing !== null;

  return (
    <Footer>
      {failure && failure.kind !== 'generic' && (
        <TurnFailureBanner
          failure={failure}
          isGuest={screen.isGuest}
          askSignIn={screen.askSignIn}
          resubmit={chat.resubmit}
          onUnblock={() => screen.modals.open({ kind: 'unblock' })}
        />
      )}
      {pick.mode ? <PickModeBar pick={pick} /> : <ChatComposer screen={screen} profile={profile} disabled={inputDisabled} />}
      <Disclaimer />
    </Footer>
  );
}
