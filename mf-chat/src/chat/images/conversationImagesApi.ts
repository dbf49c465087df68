import { api, type CallOf } from '@fable/shared';
import type { ChatMessage, ConversationImageSettings, conversationImageCalls } from '@fable/contracts';

/**
 * The conversation image calls (contracts/src/api/conversationImages.ts), checked against the contracts at compile
 * time only (their zod stays out of this remote's bundle, as in chatApi.ts).
 */
type Calls = typeof conversationImageCalls;
export const IMAGE_CALLS: { conversationImage: CallOf<Calls['conversationImage']>; trainCharacter: CallOf<Calls['trainCharacter']> } = {
  conversationImage: { method: 'POST', path: '/conversation-image' },
  trainCharacter: { method: 'POST', path: '/characters/train' },
};

export interface DrawImageArgs extends ConversationImageSettings {
  conversation_id: string;
  character_id: string;
  image_prompt?: string;
  /** An image message to draw again. */
  message_id?: string;
}

export const conversationImagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    chat_drawImage: build.mutation<ChatMessage, DrawImageArgs>({
      query: (body) => ({ url: IMAGE_CALLS.conversationImage.path, method: IMAGE_CALLS.conversationImage.method, body }),
    }),
    chat_trainCharacter: build.mutation<{ count: number }, string>({
      query: (characterId) => ({ url: IMAGE_CALLS.trainCharacter.path, method: IMAGE_CALLS.trainCharacter.method, body: { character_id: characterId } }),
    }),
  }),
});

export const { useChat_drawImageMutation, useChat_trainCharacterMutation } = conversationImagesApi;
