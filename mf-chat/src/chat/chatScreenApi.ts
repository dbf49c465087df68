import { api } from '@fable/shared';
import { callPath, type ChatMessage, type Conversation, type MessageRating } from '@fable/contracts';
import { CHAT_CALLS } from '../chatApi';

/** Message page size (document 1 §9: 50). */
export const MESSAGE_PAGE_SIZE = 50;

export interface MessagesPage {
  messages: ChatMessage[];
  has_more: boolean;
  conversation: Conversation;
}

/** The cursor of the next (older) page: the entry flagged is_last_id, else the oldest message. */
export function olderPageCursor(messages: readonly ChatMessage[]): string | null {
  return messages.find((m) => m.is_last_id)?.id ?? messages[0]?.id ?? null;
}

/**
 * The chat screen's calls, on the paths of ../chatApi.ts (CHAT_CALLS), injected into the one api with names starting
 * `chat_screen` so that they never meet the other chat pages' endpoints. The character's profile, favourite, rating
 * and block creator are the shared charactersApi (@fable/shared): one cached profile with the chatbot profile page.
 */
export const chatScreenApi = api.injectEndpoints({
  endpoints: (build) => ({
    chat_screenMessages: build.query<MessagesPage, { conversationId: string; lastId?: string | null }>({
      query: ({ conversationId, lastId }) => ({
        url: callPath(CHAT_CALLS.messages.path, { conversationId }),
        params: { limit: MESSAGE_PAGE_SIZE, ...(lastId ? { last_id: lastId } : {}) },
      }),
      keepUnusedDataFor: 0,
    }),
    chat_screenEditMessage: build.mutation<ChatMessage, { messageId: string; content: string }>({
      query: ({ messageId, content }) => ({
        url: callPath(CHAT_CALLS.editMessage.path, { messageId }),
        method: CHAT_CALLS.editMessage.method,
        body: { content },
      }),
    }),
    chat_screenRemoveMessages: build.mutation<{ removed: number }, { conversationId: string; ids: string[] }>({
      query: ({ conversationId, ids }) => ({
        url: callPath(CHAT_CALLS.removeMessages.path, { conversationId }),
        method: CHAT_CALLS.removeMessages.method,
        body: { ids },
      }),
      invalidatesTags: ['Conversation'],
    }),
    chat_screenLabelMessage: build.mutation<ChatMessage, { messageId: string; label: MessageRating; reason?: string }>({
      query: ({ messageId, label, reason }) => ({
        url: callPath(CHAT_CALLS.labelMessage.path, { messageId }),
        method: CHAT_CALLS.labelMessage.method,
        body: { message_id: messageId, label, ...(reason ? { reason } : {}) },
      }),
    }),
    chat_screenFlagMessage: build.mutation<{ ok: true }, { message_id: string; conversation_id: string; character_id: string; label: string; comment?: string }>({
      query: (body) => ({
        url: callPath(CHAT_CALLS.flagMessage.path, { messageId: body.message_id }),
        method: CHAT_CALLS.flagMessage.method,
        body,
      }),
    }),
    chat_screenClone: build.mutation<{ id: string }, { conversationId: string; type: 'partial' | 'full'; title: string; lastMessageId?: string }>({
      query: ({ conversationId, type, title, lastMessageId }) => ({
        url: callPath(CHAT_CALLS.cloneConversation.path, { conversationId }),
        method: CHAT_CALLS.cloneConversation.method,
        body: { type, title, ...(lastMessageId ? { last_message_id: lastMessageId } : {}) },
      }),
      invalidatesTags: ['Conversation'],
    }),
  }),
});

export const {
  useLazyChat_screenMessagesQuery,
  useChat_screenEditMessageMutation,
  useChat_screenRemoveMessagesMutation,
  useChat_screenLabelMessageMutation,
  useChat_screenFlagMessageMutation,
  useChat_screenCloneMutation,
} = chatScreenApi;
