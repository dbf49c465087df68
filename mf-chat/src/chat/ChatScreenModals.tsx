import type { CharacterProfile } from '@fable/contracts';
import { ChatModals } from './ChatModals';
import { AutoResponseUpgradeModal } from './group/AutoResponseUpgradeModal';
import { ImageModals } from './images/ImageModals';
import { VoiceModals } from './voice/VoiceModals';
import { TranslationModals } from './translation/TranslationModals';
import type { ChatScreenModel } from './useChatScreen';

/** The chat screen's modals (ChatModals, and a group chat's Auto Response upgrade) wired to the screen's state. */
export function ChatScreenModals({ screen, profile }: { screen: ChatScreenModel; profile: CharacterProfile }) {
  const { chat, groupChat, member, savedTitle } = screen;
  const { failure, setFailure } = chat;
  const conversationTitle =
    (savedTitle && savedTitle.conversationId === chat.conversationId ? savedTitle.label : chat.conversation?.label) ?? '';

  return (
    <>
      <AutoResponseUpgradeModal open={groupChat.upgradeOpen} onClose={groupChat.closeUpgrade} />
      <ImageModals modals={screen.modals} characterId={screen.characterId} characterName={profile.name} />
      <VoiceModals modals={screen.modals} voice={screen.voice} />
      <TranslationModals modals={screen.modals} translation={screen.translation} name={screen.character.data?.name ?? profile.name} />
      <ChatModals
        modals={screen.modals}
        characterId={screen.characterId}
        profile={profile}
        conversationId={chat.conversationId}
        conversationTitle={conversationTitle}
        conversationLength={chat.state.messages.length}
        // The loaded conversation's persona; one started on this page has the persona picked for it (else the default).
        currentPersonaId={chat.conversation ? (chat.conversation.user_persona_id ?? null) : screen.personaId}
        onPersonaChanged={chat.setConversation}
        canRate={member && !profile.viewer.is_creator}
        // A generic failure opens the error modal too ("Error" with Close, document 1 §8); closing it clears the failure.
        failureMessage={failure?.kind === 'generic' ? failure.message : null}
        onFailureSeen={() => setFailure(null)}
        onCloneSubmit={screen.pick.onCloneSubmit}
        onTitleSaved={(conversationId, label) => screen.setSavedTitle({ conversationId, label })}
        onUnblocked={() => setFailure(null)}
        onPersonaChosen={screen.setPersonaId}
        onPersonaDismissed={screen.turn.dropPendingTurn}
      />
    </>
  );
}
