import type { MessageRating } from '@fable/contracts';
import { useNotify } from '@fable/shared';
import { useChat_screenEditMessageMutation, useChat_screenLabelMessageMutation } from './chatScreenApi';
import { CHAT_TEXTS } from './chatTexts';
import type { useChatConversation } from './useChatConversation';

/** A message's own actions on the list: edit it (shown at once, put back if the server refuses) and rate a reply. */
export function useMessageActions(chat: ReturnType<typeof useChatConversation>, isGuest: boolean) {
  const notify = useNotify();
  const [editMessage] = useChat_screenEditMessageMutation();
  const [labelMessage] = useChat_screenLabelMessageMutation();
  const { state, dispatch } = chat;

  const onEdit = async (id: string, content: string) => {
    const before = state.messages.find((m) => m.id === id);
    if (!before || !content.trim()) return;
    dispatch({ type: 'messageEdited', id, content });
    if (isGuest) return;
    try {
      await editMessage({ messageId: id, content }).unwrap();
    } catch (error) {
      dispatch({ type: 'messageEdited', id, content: before.content });
      notify.error(CHAT_TEXTS.editFailed);
      throw error;
    }
  };

  const onRate = async (id: string, label: MessageRating, reason?: string) => {
    await labelMessage({ messageId: id, label, reason }).unwrap();
    dispatch({ type: 'rated', id, rating: label });
  };

  return { onEdit, onRate };
}
