import styled from '@emotion/styled';
import type { CharacterProfile } from '@fable/contracts';
import { Button, Spinner } from '@fable/shared';
import type { ChatAdPlacement } from './ads/useChatAd';
import { FailureBanner } from './ChatNotices';
import { CHAT_TEXTS } from './chatTexts';
import { GROUP_TEXTS } from './group/groupTexts';
import { MessageList } from './MessageList';
import type { ChatScreenModel } from './useChatScreen';
import { useMessageActions } from './useMessageActions';

const Scroll = styled.div`
  flex: 1;
  padding: 16px 0;
`;

const GroupHint = styled.p`
  margin: 24px auto 0;
  max-width: 420px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The chat screen's body: the conversation's messages, or why there are none (a blocked creator, loading, a failed load). */
export function ChatTranscript({ screen, profile, ads }: { screen: ChatScreenModel; profile: CharacterProfile; ads: ChatAdPlacement }) {
  const { chat, groupChat, pick, lastReply, member, user } = screen;
  const { state, dispatch, streaming } = chat;
  const { onEdit, onRate } = useMessageActions(chat, screen.isGuest);
  const { open: openModal } = screen.modals;
  const { images, voice } = screen;

  return (
    <Scroll>
      {profile.viewer.creator_blocked ? (
        <FailureBanner
          message={CHAT_TEXTS.creatorBlocked}
          action={
            <Button size="sm" variant="secondary" onClick={() => openModal({ kind: 'unblock' })}>
              {CHAT_TEXTS.unblockCreator}
            </Button>
          }
        />
      ) : chat.loading ? (
        <Spinner label="Loading messages" center />
      ) : chat.loadFailed && state.messages.length === 0 ? (
        <FailureBanner
          message={CHAT_TEXTS.loadFailed}
          action={
            <Button size="sm" variant="secondary" onClick={() => void chat.retryLoad()}>
              {CHAT_TEXTS.retry}
            </Button>
          }
        />
      ) : (
        <MessageList
          messages={state.messages}
          stream={state.stream}
          typing={chat.typing}
          botName={profile.name}
          botAvatar={profile.avatar_url}
          speakerOf={groupChat.isGroup ? groupChat.speakerView : undefined}
          streamSpeaker={groupChat.isGroup ? groupChat.streamSpeaker : undefined}
          userName={user?.name ?? user?.username ?? 'You'}
          shownAltIndex={screen.pagerIndex}
          onPage={(delta) => dispatch({ type: 'paged', delta })}
          mode={pick.mode}
          picked={pick.picked}
          onPick={pick.setPicked}
          canRateAndReport={member}
          canRate={!screen.queueLocked}
          turnActions={!streaming && !screen.rateLimited}
          canRegenerate={!screen.queueLocked}
          onEdit={onEdit}
          onRate={onRate}
          onReport={(messageId) => openModal({ kind: 'report', messageId })}
          onRegenerate={() => {
            groupChat.userTurn(lastReply?.character_id ?? null);
            chat.regenerate();
          }}
          onContinue={() => {
            groupChat.userTurn(lastReply?.character_id ?? null);
            chat.continueReply();
          }}
          hasMore={state.hasMore}
          loadingOlder={chat.loadingOlder}
          onLoadOlder={() => void chat.loadOlder()}
          images={{
            editingId: images.editingId,
            drawing: images.drawing,
            onEditPrompt: images.setEditingId,
            onGenerate: (messageId, prompt) => void images.generate({ messageId, prompt }),
            onOpenSettings: () => openModal({ kind: 'imageSettings' }),
          }}
          voice={groupChat.isGroup ? undefined : { voiceId: voice.voiceId, playing: voice.playing, played: voice.played, onToggle: voice.toggle, asksOnly: voice.access !== 'speak' }}
          // The house ad (display_ads), out of the way while messages are being picked.
          after={pick.mode === null ? ads.after : null}
        />
      )}
      {ads.loader}
      {groupChat.isGroup && !chat.loading && state.messages.length === 0 && !streaming && <GroupHint>{GROUP_TEXTS.empty}</GroupHint>}
    </Scroll>
  );
}
