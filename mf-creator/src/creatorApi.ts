import {
  characterCalls,
  callPath,
  type CharacterInput,
  type CharacterTokenCount,
  type CharacterTokenCountBody,
  type CharacterUpdateInput,
  type MyCharacter,
  type OwnCharacter,
} from '@fable/contracts';
import { api } from '@fable/shared';

const C = characterCalls;

/**
 * The creator studio's calls (document 1 §7: "GET users/characters?switch=T1: my bots in data", "Create/update
 * character", "DELETE characters/{id}"), on @fable/contracts' characterCalls. A change to a chatbot invalidates
 * 'Character', so My Chatbots, profiles and the chat see it at once.
 */
export const creatorApi = api.injectEndpoints({
  endpoints: (build) => ({
    creator_getMyChatbots: build.query<MyCharacter[], void>({
      query: () => ({ url: C.myCharacters.path, method: C.myCharacters.method, params: { switch: 'T1' } }),
      transformResponse: (response: { data: MyCharacter[] }) => response.data,
      providesTags: ['Character'],
    }),
    /** One of my chatbots, with its whole definition, for the editor (403 not_owner for anyone else's). */
    creator_getMyChatbot: build.query<OwnCharacter, string>({
      query: (characterId) => ({ url: callPath(C.myCharacter.path, { characterId }), method: C.myCharacter.method }),
      providesTags: (_r, _e, characterId) => [{ type: 'Character', id: characterId }],
    }),
    creator_createChatbot: build.mutation<OwnCharacter, CharacterInput>({
      query: (body) => ({ url: C.createCharacter.path, method: C.createCharacter.method, body }),
      invalidatesTags: ['Character'],
    }),
    /** Only the changed fields (document 1 §7), plus submitForManualReview when the last refusal asked for it. */
    creator_updateChatbot: build.mutation<OwnCharacter, { characterId: string; changes: CharacterUpdateInput }>({
      query: ({ characterId, changes }) => ({ url: callPath(C.updateCharacter.path, { characterId }), method: C.updateCharacter.method, body: changes }),
      invalidatesTags: ['Character'],
    }),
    creator_deleteChatbot: build.mutation<{ ok: true; id: string }, string>({
      query: (characterId) => ({ url: callPath(C.deleteCharacter.path, { characterId }), method: C.deleteCharacter.method }),
      invalidatesTags: ['Character'],
    }),
    /** The token counter, counted by the API with the chat's tokenizer (the browser loads none: 2.2 MB of ranks). */
    creator_countTokens: build.mutation<CharacterTokenCount, CharacterTokenCountBody>({
      query: (body) => ({ url: C.countTokens.path, method: C.countTokens.method, body }),
    }),
  }),
});

export const {
  useCreator_getMyChatbotsQuery,
  useCreator_getMyChatbotQuery,
  useCreator_createChatbotMutation,
  useCreator_updateChatbotMutation,
  useCreator_deleteChatbotMutation,
  useCreator_countTokensMutation,
} = creatorApi;
