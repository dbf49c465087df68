import {
  suggestionCalls,
  imageCalls,
  cardCalls,
  characterCalls,
  callPath,
  type CardExportFormat,
  type CardImportResult,
  type CharacterInput,
  type CharacterTokenCount,
  type CharacterTokenCountBody,
  type CharacterUpdateInput,
  type GenerateImageBody,
  type GenerateImageResult,
  type SaveImageBody,
  type SaveImageResult,
  type StoredImage,
  type SuggestFieldBody,
  type SuggestFieldResult,
  type SuggestTagsBody,
  type SuggestTagsResult,
  type MyCharacter,
  type OwnCharacter,
} from '@fable/contracts';
import { api } from '@fable/shared';

const C = characterCalls;

/** A file's bytes, through FileReader (every browser, and jsdom, whose File has no arrayBuffer()). */
export function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

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
    /** A card file read by the API (PNG, JSON, CHARX): what the form prefills; nothing is created. */
    creator_importCard: build.mutation<CardImportResult, File>({
      // The bytes as they are, with the file's type (a .charx has none: octet-stream). A JSON file goes as its text:
      // fetchBaseQuery drops a JSON content type from a body that is neither text nor a plain object.
      queryFn: async (file, _api, _extra, baseQuery) => {
        const type = file.type || 'application/octet-stream';
        const bytes = new Uint8Array(await readBytes(file));
        const answer = await baseQuery({
          url: cardCalls.importCard.path,
          method: cardCalls.importCard.method,
          params: { filename: file.name.slice(0, 255) },
          headers: { 'content-type': type },
          body: /json/i.test(type) ? new TextDecoder().decode(bytes) : bytes,
        });
        return answer.error ? { error: answer.error } : { data: answer.data as CardImportResult };
      },
    }),
    /**
     * The saved chatbot as a card file, fetched with the member's token (a private one needs it): an object URL of
     * the file (the store keeps strings, not Blobs; revoke it once used) and the file name the API gave it.
     */
    creator_exportCard: build.mutation<{ url: string; filename: string }, { characterId: string; format: CardExportFormat }>({
      query: ({ characterId, format }) => ({
        url: callPath(cardCalls.exportCard.path, { characterId }),
        method: cardCalls.exportCard.method,
        params: { format },
        responseHandler: async (response) => {
          if (!response.ok) return response.json();
          const disposition = response.headers.get('content-disposition') ?? '';
          const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `chatbot.${format}`;
          return { url: URL.createObjectURL(await response.blob()), filename };
        },
      }),
    }),
    /** An avatar drawn by the image generator (document 1 §7 generate-image), stored with its presets. */
    creator_generateImage: build.mutation<GenerateImageResult, GenerateImageBody>({
      query: (body) => ({ url: imageCalls.generateImage.path, method: imageCalls.generateImage.method, body }),
    }),
    /** Upload, first step (document 1 §7 save-image): where to PUT the file, or the picture when it is stored already. */
    creator_saveImage: build.mutation<SaveImageResult, SaveImageBody>({
      query: (body) => ({ url: imageCalls.saveImage.path, method: imageCalls.saveImage.method, body }),
    }),
    /** Upload, last step: the API checks and re-encodes what was PUT, and answers the stored picture. */
    creator_completeImage: build.mutation<StoredImage, string>({
      query: (hash) => ({ url: callPath(imageCalls.completeImage.path, { hash }), method: imageCalls.completeImage.method }),
    }),
    /** A suggestion for one field from the others (document 1 §7 suggest_field), through the chat's model. */
    creator_suggestField: build.mutation<SuggestFieldResult, SuggestFieldBody>({
      query: (body) => ({ url: suggestionCalls.suggestField.path, method: suggestionCalls.suggestField.method, body }),
    }),
    /** Up to 5 tags from the application's options (document 1 §7 suggest_tags). */
    creator_suggestTags: build.mutation<SuggestTagsResult, SuggestTagsBody>({
      query: (body) => ({ url: suggestionCalls.suggestTags.path, method: suggestionCalls.suggestTags.method, body }),
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
  useCreator_importCardMutation,
  useCreator_exportCardMutation,
  useCreator_generateImageMutation,
  useCreator_saveImageMutation,
  useCreator_completeImageMutation,
  useCreator_suggestFieldMutation,
  useCreator_suggestTagsMutation,
} = creatorApi;
