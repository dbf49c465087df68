import { api } from '@fable/shared';
import { callPath, CHAT_LIMITS, type Conversation } from '@fable/contracts';
import { CHAT_CALLS } from '../chatApi';

/**
 * Recent and saved chats (document 1 §7): GET conversations (limit 25, last_id, q) and GET
 * characters/:id/conversations, 25 a page by cursor; delete; rename (PUT label, answer result.label).
 */
export const CONVERSATIONS_PAGE_SIZE = CHAT_LIMITS.conversationsPageSize;

export interface ConversationsPage {
  conversations: Conversation[];
  has_more: boolean;
}

/** The list's arguments: a search text, and for saved chats the character. */
export interface ConversationsArgs {
  q: string;
  characterId?: string;
}

/** The next cursor: the entry flagged is_last_id, else the last entry (document 1 §7). Undefined when no more. */
export function nextConversationsCursor(page: ConversationsPage): string | undefined {
  if (!page.has_more || page.conversations.length === 0) return undefined;
  const flagged = page.conversations.find((c) => c.is_last_id);
  return (flagged ?? page.conversations[page.conversations.length - 1])?.id;
}

export const conversationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    chat_conversations: build.infiniteQuery<ConversationsPage, ConversationsArgs, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => nextConversationsCursor(lastPage),
      },
      query: ({ queryArg, pageParam }) => {
        const call = queryArg.characterId ? CHAT_CALLS.characterConversations : CHAT_CALLS.conversations;
        const q = queryArg.q.trim();
        return {
          url: queryArg.characterId ? callPath(call.path, { characterId: queryArg.characterId }) : call.path,
          method: call.method,
          params: {
            limit: CONVERSATIONS_PAGE_SIZE,
            ...(pageParam ? { last_id: pageParam } : {}),
            ...(q ? { q } : {}),
          },
        };
      },
      providesTags: ['Conversation'],
    }),
    chat_removeConversation: build.mutation<{ ok: true }, string>({
      query: (conversationId) => ({
        url: callPath(CHAT_CALLS.removeConversation.path, { conversationId }),
        method: CHAT_CALLS.removeConversation.method,
      }),
      invalidatesTags: (result) => (result ? ['Conversation'] : []),
    }),
    chat_renameConversation: build.mutation<{ result: { label: string } }, { conversationId: string; label: string }>({
      query: ({ conversationId, label }) => ({
        url: callPath(CHAT_CALLS.renameConversation.path, { conversationId }),
        method: CHAT_CALLS.renameConversation.method,
        body: { label: label.trim() },
      }),
      invalidatesTags: (result) => (result ? ['Conversation'] : []),
    }),
  }),
});

export const { useChat_conversationsInfiniteQuery, useChat_removeConversationMutation, useChat_renameConversationMutation } =
  conversationsApi;
