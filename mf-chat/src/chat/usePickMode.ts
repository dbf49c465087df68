import { useState } from 'react';
import { apiErrorOf, useNavigate, useNotify } from '@fable/shared';
import { chatFailureOf } from './chatErrors';
import type { ChatModals } from './chatModals';
import { useChat_screenCloneMutation, useChat_screenRemoveMessagesMutation } from './chatScreenApi';
import { CHAT_TEXTS } from './chatTexts';
import { idsFrom } from './conversationState';
import type { CloneType } from './ConversationModals';
import { isSavedMessage } from './greeting';
import type { PickMode } from './MessageList';
import type { useChatConversation } from './useChatConversation';

export interface PickModeOptions {
  characterId: string;
  member: boolean;
  chat: ReturnType<typeof useChatConversation>;
  modals: ChatModals;
}

/**
 * Picking a message on the list (document 1 §2): Remove Messages removes it and all after it; a partial Clone
 * Conversation clones up to it (the title asked first, in the clone modal).
 */
export function usePickMode({ characterId, member, chat, modals }: PickModeOptions) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [mode, setMode] = useState<PickMode>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [cloneTitle, setCloneTitle] = useState('');
  const [removeMessages, removal] = useChat_screenRemoveMessagesMutation();
  const [clone, cloning] = useChat_screenCloneMutation();
  const { state, dispatch, failure, setFailure } = chat;
  const { open: openModal, close: closeModal } = modals;

  const confirmRemoval = async () => {
    if (!picked) return;
    const ids = idsFrom(state.messages, picked).filter((id) => isSavedMessage({ id }));
    if (failure?.kind === 'conversationBusy') setFailure(null);
    if (member && chat.conversationId && ids.length > 0) {
      try {
        await removeMessages({ conversationId: chat.conversationId, ids }).unwrap();
      } catch (error) {
        // A reply is being written in this conversation (another tab): the server's text, as for a refused turn.
        const refused = chatFailureOf(apiErrorOf(error));
        if (refused.kind === 'conversationBusy') setFailure(refused);
        else notify.error(CHAT_TEXTS.removeFailed);
        return;
      }
    }
    dispatch({ type: 'messagesRemovedFrom', id: picked });
    setMode(null);
    setPicked(null);
  };

  const doClone = async (type: CloneType, title: string, lastMessageId?: string) => {
    if (!chat.conversationId) return;
    const { id } = await clone({ conversationId: chat.conversationId, type, title, lastMessageId }).unwrap();
    notify.success(CHAT_TEXTS.cloned);
    setMode(null);
    setPicked(null);
    closeModal('clone');
    navigate(`/chat/${encodeURIComponent(characterId)}/${encodeURIComponent(id)}`);
  };

  const onCloneSubmit = async (type: CloneType, title: string) => {
    if (type === 'full') return doClone('full', title);
    // Partial: pick the last message to clone, then Clone.
    setCloneTitle(title);
    closeModal('clone');
    setMode('clone');
    setPicked(null);
  };

  return {
    mode,
    picked,
    setPicked,
    /** Leaves the mode (the pick is kept until a mode starts again). */
    leave: () => setMode(null),
    startRemoval: () => (setMode('remove'), setPicked(null)),
    cancel: () => (setMode(null), setPicked(null)),
    confirmRemoval,
    removing: removal.isLoading,
    onCloneSubmit,
    clonePicked: () => void doClone('partial', cloneTitle, picked ?? undefined).catch(() => openModal({ kind: 'error', message: CHAT_TEXTS.generic })),
    cloning: cloning.isLoading,
  };
}

export type PickModeState = ReturnType<typeof usePickMode>;
