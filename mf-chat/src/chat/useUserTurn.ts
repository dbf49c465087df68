import { useCallback, useEffect, useRef } from 'react';
import { useShouldPickPersona } from '../personas/useShouldPickPersona';
import type { ChatModal } from './chatModals';
import type { GroupChat } from './group/useGroupChat';
import type { useChatConversation } from './useChatConversation';

export interface UserTurnOptions {
  chat: ReturnType<typeof useChatConversation>;
  groupChat: GroupChat;
  member: boolean;
  nsfwLocked: boolean;
  askSignIn: () => void;
  /** The persona picked for a new conversation (null: none yet). */
  personaId: string | null;
  setInput: (text: string) => void;
  openModal: (modal: ChatModal) => void;
}

/**
 * A turn of the user's: their text (when there is any) and, in a group chat, who answers (a member, AUTO, or the
 * server's choice). The first turn of a new conversation waits for its persona when the member has more than one.
 */
export function useUserTurn({ chat, groupChat, member, nsfwLocked, askSignIn, personaId, setInput, openModal }: UserTurnOptions) {
  const { shouldPick } = useShouldPickPersona();
  /** A turn waiting for the persona of a new conversation: the user's text and, in a group chat, who answers. */
  const pendingSendRef = useRef<{ text: string; speaker: string | null } | null>(null);

  /** The turn starts now (its persona known, or none asked for). */
  const startTurn = useCallback(
    (text: string, speaker: string | null) => {
      groupChat.userTurn(speaker);
      if (text.trim()) chat.send(text, speaker ?? undefined);
      else if (speaker) chat.speak(speaker);
      setInput('');
    },
    [groupChat, chat, setInput],
  );

  const talk = useCallback(
    (text: string, speaker: string | null) => {
      if (nsfwLocked) return askSignIn();
      if (member && chat.conversationId === null && shouldPick && personaId === null) {
        pendingSendRef.current = { text, speaker };
        openModal({ kind: 'persona' });
        return;
      }
      startTurn(text, speaker);
    },
    [nsfwLocked, askSignIn, member, chat.conversationId, shouldPick, personaId, openModal, startTurn],
  );
  const send = useCallback((text: string) => talk(text, null), [talk]);

  // A persona was chosen for the new conversation: send what was waiting.
  useEffect(() => {
    if (personaId !== null && pendingSendRef.current !== null) {
      const { text, speaker } = pendingSendRef.current;
      pendingSendRef.current = null;
      startTurn(text, speaker);
    }
  }, [personaId, startTurn]);

  /** The persona picker was closed without a choice: the waiting turn is dropped. */
  const dropPendingTurn = () => {
    pendingSendRef.current = null;
  };

  return { talk, send, dropPendingTurn };
}
