import {
  callPath,
  characterCalls,
  groupChatCalls as G,
  type GroupChatDetail,
  type GroupChatInput,
  type GroupChatUpdateInput,
  type GroupMemberOption,
  type MyCharacter,
} from '@fable/contracts';
import { api } from '@fable/shared';

/**
 * The group chat calls of the creator studio (document 2 §2, §7 "GET users/characters?type=group"; contracts'
 * groupChatCalls). A group chat is a character: a change invalidates 'Character' (My Chatbots, profiles and the chat
 * see it), and its delete is the chatbot's (creator_deleteChatbot).
 */
export const groupChatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The chatbots the member may add: their own first, then favourites, or the matches of `query`. */
    creator_groupMemberOptions: build.query<GroupMemberOption[], string>({
      query: (query) => ({ url: G.groupMemberOptions.path, method: G.groupMemberOptions.method, params: query.trim() ? { query: query.trim() } : {} }),
      transformResponse: (response: { options: GroupMemberOption[] }) => response.options,
      providesTags: ['Character'],
    }),
    creator_getGroupChat: build.query<GroupChatDetail, string>({
      query: (characterId) => ({ url: callPath(G.groupChat.path, { characterId }), method: G.groupChat.method }),
      providesTags: (_r, _e, characterId) => [{ type: 'Character', id: characterId }],
    }),
    /** The Groupchats tab (GET users/characters?type=group): each group with its members (sub_characters). */
    creator_getMyGroupChats: build.query<MyCharacter[], void>({
      query: () => ({ url: characterCalls.myCharacters.path, method: characterCalls.myCharacters.method, params: { type: 'group' } }),
      transformResponse: (response: { data: MyCharacter[] }) => response.data,
      providesTags: ['Character'],
    }),
    creator_createGroupChat: build.mutation<GroupChatDetail, GroupChatInput>({
      query: (body) => ({ url: G.createGroupChat.path, method: G.createGroupChat.method, body }),
      invalidatesTags: ['Character'],
    }),
    /** Only the changed fields. */
    creator_updateGroupChat: build.mutation<GroupChatDetail, { characterId: string; changes: GroupChatUpdateInput }>({
      query: ({ characterId, changes }) => ({ url: callPath(G.updateGroupChat.path, { characterId }), method: G.updateGroupChat.method, body: changes }),
      invalidatesTags: ['Character'],
    }),
  }),
});

export const {
  useCreator_groupMemberOptionsQuery,
  useCreator_getGroupChatQuery,
  useCreator_getMyGroupChatsQuery,
  useCreator_createGroupChatMutation,
  useCreator_updateGroupChatMutation,
} = groupChatsApi;
