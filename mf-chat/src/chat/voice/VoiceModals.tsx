import type { ChatModals } from '../chatModals';
import { VoiceSelectionModal, WhenOpened } from '../lazyModals';
import { UpgradePromptModal } from '../UpgradePromptModal';
import type { ChatVoice } from './useVoice';
import { VOICE_TEXTS } from './voiceTexts';

/** The voices' modals: Voice Selection (loaded when first opened) and the upgrade prompt. */
export function VoiceModals({ modals, voice }: { modals: ChatModals; voice: ChatVoice }) {
  return (
    <>
      <WhenOpened opened={modals.wasOpened('voice')}>
        <VoiceSelectionModal
          open={modals.openOf('voice') !== null}
          onClose={() => {
            voice.dismissed();
            modals.close('voice');
          }}
          currentVoiceId={voice.voiceId}
          saving={voice.saving}
          onChoose={voice.choose}
        />
      </WhenOpened>
      <UpgradePromptModal
        open={modals.openOf('voiceUpgrade') !== null}
        onClose={() => modals.close('voiceUpgrade')}
        title={VOICE_TEXTS.upgradeTitle}
        text={VOICE_TEXTS.upgradeText}
        closeLabel={VOICE_TEXTS.close}
        upgradeLabel={VOICE_TEXTS.upgrade}
      />
    </>
  );
}
