import { api } from '@fable/shared';
import {
  callPath,
  type CharacterProfile,
  type ChatMessage,
  type Conversation,
  type MessageRating,
  type chatCalls,
  type discoveryCalls,
} from '@fable/contracts';

/**
 * The chat screen's calls (contracts/src/api/chat.ts and discovery.ts), injected into the one api with names
 * starting `chat_screen` so that they never meet the other chat pages' endpoints. The paths are copies checked
 * against the call contracts by type (and by chatScreenApi.test.ts): the contracts' call objects carry classic zod,
 * which stays off this page's first load (docs/adr/0001, as mf-discovery's discoveryApi.ts does).
 */
type Chat = typeof chatCalls;
type Discovery = typeof discoveryCalls;
type CallOf<C extends { method: string; path: string }> = { method: C['method']; path: C['path'] };

export const CHAT_SCREEN_CALLS: {
  profile: CallOf<Discovery['profile']>;
  messages: CallOf<Chat['messages']>;
  editMessage: CallOf<Chat['editMessage']>;
  removeMessages: CallOf<Chat['removeMessages']>;
  labelMessage: CallOf<Chat['labelMessage']>;
  flagMessage: CallOf<Chat['flagMessage']>;
  renameConversation: CallOf<Chat['renameConversation']>;
  cloneConversation: CallOf<Chat['cloneConversation']>;
  models: CallOf<Chat['models']>;
  like: CallOf<Discovery['like']>;
  unlike: CallOf<Discovery['unlike']>;
  blockCreator: CallOf<Discovery['blockCreator']>;
  unblockCreator: CallOf<Discovery['unblockCreator']>;
  rate: CallOf<Discovery['rate']>;
} = {
  profile: { method: 'GET', path: '/characters/:characterId' },
  messages: { method: 'GET', path: '/conversations/:conversationId/messages' },
  editMessage: { method: 'PATCH', path: '/messages/:messageId' },
  removeMessages: { method: 'DELETE', path: '/conversations/:conversationId/messages' },
  labelMessage: { method: 'POST', path: '/messages/:messageId/label' },
  flagMessage: { method: 'POST', path: '/messages/:messageId/flag' },
  renameConversation: { method: 'PUT', path: '/conversations/:conversationId/label' },
  cloneConversation: { method: 'POST', path: '/conversations/:conversationId/clone' },
  models: { method: 'GET', path: '/chat/models' },
  like: { method: 'PUT', path: '/characters/:characterId/favorite' },
  unlike: { method: 'DELETE', path: '/characters/:characterId/favorite' },
  blockCreator: { method: 'PUT', path: '/users/blocked-creators/:creatorUserId' },
  unblockCreator: { method: 'DELETE', path: '/users/blocked-creators/:creatorUserId' },
  rate: { method: 'PUT', path: '/characters/:characterId/rating' },
};

/** Message page size (document 1 §9: 50). */
export const MESSAGE_PAGE_SIZE = 50;

export interface MessagesPage {
  messages: ChatMessage[];
  has_more: boolean;
  conversation: Conversation;
}

export interface ChatModelOption {
  id: string;
  name: string;
  tokens: string;
  description?: string;
  available: boolean;
  demo?: boolean;
}

/** The cursor of the next (older) page: the entry flagged is_last_id, else the oldest message. */
export function olderPageCursor(messages: readonly ChatMessage[]): string | null {
  return messages.find((m) => m.is_last_id)?.id ?? messages[0]?.id ?? null;
}

export const chatScreenApi = api.injectEndpoints({
  endpoints: (build) => ({
    chat_screenCharacter: build.query<CharacterProfile, string>({
      query: (characterId) => callPath(CHAT_SCREEN_CALLS.profile.path, { characterId }),
      providesTags: (_r, _e, characterId) => [{ type: 'Character', id: characterId }],
    }),
    chat_screenMessages: build.query<MessagesPage, { conversationId: string; lastId?: string | null }>({
      query: ({ conversationId, lastId }) => ({
        url: callPath(CHAT_SCREEN_CALLS.messages.path, { conversationId }),
        params: { limit: MESSAGE_PAGE_SIZE, ...(lastId ? { last_id: lastId } : {}) },
      }),
      keepUnusedDataFor: 0,
    }),
    chat_screenEditMessage: build.mutation<ChatMessage, { messageId: string; content: string }>({
      query: ({ messageId, content }) => ({
        url: callPath(CHAT_SCREEN_CALLS.editMessage.path, { messageId }),
        method: CHAT_SCREEN_CALLS.editMessage.method,
        body: { content },
      }),
    }),
    chat_screenRemoveMessages: build.mutation<{ removed: number }, { conversationId: string; ids: string[] }>({
      query: ({ conversationId, ids }) => ({
        url: callPath(CHAT_SCREEN_CALLS.removeMessages.path, { conversationId }),
        method: CHAT_SCREEN_CALLS.removeMessages.method,
        body: { ids },
      }),
      invalidatesTags: ['Conversation'],
    }),
    chat_screenLabelMessage: build.mutation<ChatMessage, { messageId: string; label: MessageRating; reason?: string }>({
      query: ({ messageId, label, reason }) => ({
        url: callPath(CHAT_SCREEN_CALLS.labelMessage.path, { messageId }),
        method: CHAT_SCREEN_CALLS.labelMessage.method,
        body: { message_id: messageId, label, ...(reason ? { reason } : {}) },
      }),
    }),
    chat_screenFlagMessage: build.mutation<{ ok: true }, { message_id: string; conversation_id: string; character_id: string; label: string; comment?: string }>({
      query: (body) => ({
        url: callPath(CHAT_SCREEN_CALLS.flagMessage.path, { messageId: body.message_id }),
        method: CHAT_SCREEN_CALLS.flagMessage.method,
        body,
      }),
    }),
    chat_screenRename: build.mutation<{ result: { label: string } }, { conversationId: string; label: string }>({
      query: ({ conversationId, label }) => ({
        url: callPath(CHAT_SCREEN_CALLS.renameConversation.path, { conversationId }),
        method: CHAT_SCREEN_CALLS.renameConversation.method,
        body: { label },
      }),
      invalidatesTags: ['Conversation'],
    }),
    chat_screenClone: build.mutation<{ id: string }, { conversationId: string; type: 'partial' | 'full'; title: string; lastMessageId?: string }>({
      query: ({ conversationId, type, title, lastMessageId }) => ({
        url: callPath(CHAT_SCREEN_CALLS.cloneConversation.path, { conversationId }),
        method: CHAT_SCREEN_CALLS.cloneConversation.method,
        body: { type, title, ...(lastMessageId ? { last_message_id: lastMessageId } : {}) },
      }),
      invalidatesTags: ['Conversation'],
    }),
    chat_screenModels: build.query<{ models: ChatModelOption[]; default_model: string }, void>({
      query: () => CHAT_SCREEN_CALLS.models.path,
    }),
    chat_screenFavorite: build.mutation<{ is_favorite: boolean }, { characterId: string; favorite: boolean }>({
      query: ({ characterId, favorite }) => {
        const call = favorite ? CHAT_SCREEN_CALLS.like : CHAT_SCREEN_CALLS.unlike;
        return { url: callPath(call.path, { characterId }), method: call.method };
      },
      async onQueryStarted({ characterId, favorite }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          chatScreenApi.util.updateQueryData('chat_screenCharacter', characterId, (draft) => {
            draft.viewer.is_favorite = favorite;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    chat_screenBlockCreator: build.mutation<unknown, { creatorUserId: string; blocked: boolean }>({
      query: ({ creatorUserId, blocked }) => {
        const call = blocked ? CHAT_SCREEN_CALLS.blockCreator : CHAT_SCREEN_CALLS.unblockCreator;
        return { url: callPath(call.path, { creatorUserId }), method: call.method };
      },
      invalidatesTags: ['User', 'Character'],
    }),
    /** Chatbot rating: like 3, dislike 1, love 5 (document 1 §3). */
    chat_screenRateChatbot: build.mutation<{ rating: 1 | 3 | 5 }, { characterId: string; rating: 1 | 3 | 5; conversationLength: number }>({
      query: ({ characterId, rating, conversationLength }) => ({
        url: callPath(CHAT_SCREEN_CALLS.rate.path, { characterId }),
        method: CHAT_SCREEN_CALLS.rate.method,
        body: { rating, conversation_length: conversationLength },
      }),
      async onQueryStarted({ characterId, rating }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            chatScreenApi.util.updateQueryData('chat_screenCharacter', characterId, (draft) => {
              draft.viewer.rating = rating;
            }),
          );
        } catch {
          // the dialog tells the user
        }
      },
    }),
  }),
});

export const {
  useChat_screenRateChatbotMutation,
  useChat_screenCharacterQuery,
  useLazyChat_screenMessagesQuery,
  useChat_screenEditMessageMutation,
  useChat_screenRemoveMessagesMutation,
  useChat_screenLabelMessageMutation,
  useChat_screenFlagMessageMutation,
  useChat_screenRenameMutation,
  useChat_screenCloneMutation,
  useChat_screenModelsQuery,
  useChat_screenFavoriteMutation,
  useChat_screenBlockCreatorMutation,
} = chatScreenApi;
