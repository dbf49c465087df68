import type { CharacterProfile } from '@fable/contracts';
import { ChatInput } from './ChatInput';
import { useState } from 'react';
import { ImageButton } from './images/ImageButton';
import { MicButton } from './speechInput/MicButton';
import { PermissionRequiredModal } from './speechInput/PermissionRequiredModal';
import { useSpeechInput } from './speechInput/useSpeechInput';
import { CHAT_TEXTS } from './chatTexts';
import { AUTO_SPEAKER } from './group/groupMembers';
import { SpeakerStrip } from './group/SpeakerStrip';
import type { ChatScreenModel } from './useChatScreen';

/** Where the user writes: a group chat's speaker strip, and the input with Send, Stop, Autopilot, speech input and images. */
export function ChatComposer({ screen, profile, disabled }: { screen: ChatScreenModel; profile: CharacterProfile; disabled: boolean }) {
  const { chat, groupChat, input, setInput } = screen;
  const { talk, send } = screen.turn;
  const { streaming } = chat;
  const [micDenied, setMicDenied] = useState(false);
  const speech = useSpeechInput({
    member: screen.member,
    // What was said joins what is written, for the member to read and send.
    onText: (text) => setInput((written) => (written.trim() ? `${written.trimEnd()} ${text}` : text)),
    onPermissionDenied: () => setMicDenied(true),
  });

  return (
    <>
      {groupChat.members && (
        <SpeakerStrip
          members={groupChat.members}
          onPick={(memberId) => talk(input, memberId)}
          onNext={() => talk(input, AUTO_SPEAKER)}
          disabled={streaming || disabled}
          autoResponse={groupChat.autoResponse}
        />
      )}
      <ChatInput
        value={input}
        onChange={(text) => {
          setInput(text);
          groupChat.onType(text);
        }}
        onSend={send}
        onStop={() => {
          groupChat.onStop();
          chat.stop();
        }}
        onAutopilot={screen.nsfwLocked || !screen.lastReply ? undefined : chat.autopilot}
        accessory={
          <>
            <MicButton input={speech} disabled={disabled} />
            {!groupChat.members && <ImageButton images={screen.images} disabled={disabled || streaming} />}
          </>
        }
        streaming={streaming}
        disabled={disabled}
        placeholder={CHAT_TEXTS.inputPlaceholder(profile.name)}
      />
      <PermissionRequiredModal open={micDenied} onClose={() => setMicDenied(false)} />
    </>
  );
}
