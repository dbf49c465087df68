import { api } from '@fable/shared';

/**
 * Recent chats (document 1 §7 "GET conversations (limit 25, last_id)": the entry flagged is_last_id gives
 * the next cursor). The types move to @fable/contracts when the API answers this call.
 */
export const CONVERSATIONS_PAGE_SIZE = 25;

export interface RecentConversation {
  id: string;
  character_id: string;
  character: { name: string; title: string; avatar_url: string | null; avatar_is_nsfw: boolean };
  user_persona_id: string | null;
  label: string | null;
  last_message: { content: string; createdAt: string } | null;
  last_message_id: string | null;
  message_count: number;
  is_last_id?: boolean;
}

export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    chat_getRecentChats: build.query<RecentConversation[], { lastId?: string } | void>({
      query: (args) => ({
        url: '/conversations',
        params: { limit: CONVERSATIONS_PAGE_SIZE, ...(args?.lastId ? { last_id: args.lastId } : {}) },
      }),
      providesTags: ['Conversation'],
    }),
  }),
});

export const { useChat_getRecentChatsQuery } = chatApi;
