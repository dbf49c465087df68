import { api, type CallOf } from '@fable/shared';
import type { Voice, VoiceFeedback, voiceCalls } from '@fable/contracts';

/** The voice calls (contracts/src/api/voices.ts), checked against the contracts at compile time only (docs/adr/0001). */
type Calls = typeof voiceCalls;
export const VOICE_CALLS: { voices: CallOf<Calls['voices']>; setConversationVoice: CallOf<Calls['setConversationVoice']>; voiceFeedback: CallOf<Calls['voiceFeedback']> } = {
  voices: { method: 'GET', path: '/voices' },
  setConversationVoice: { method: 'PUT', path: '/conversations/:conversationId/voice' },
  voiceFeedback: { method: 'POST', path: '/voices/feedback' },
};

export const voiceApi = api.injectEndpoints({
  endpoints: (build) => ({
    chat_voices: build.query<Voice[], void>({
      query: () => VOICE_CALLS.voices.path,
      transformResponse: (body: { voices: Voice[] }) => body.voices,
      keepUnusedDataFor: 3600,
    }),
    chat_setConversationVoice: build.mutation<{ conversation_id: string; voice_id: string }, { conversationId: string; voiceId: string }>({
      query: ({ conversationId, voiceId }) => ({
        url: VOICE_CALLS.setConversationVoice.path.replace(':conversationId', encodeURIComponent(conversationId)),
        method: VOICE_CALLS.setConversationVoice.method,
        body: { voice_id: voiceId },
      }),
    }),
    chat_voiceFeedback: build.mutation<{ ok: true }, VoiceFeedback>({
      query: (body) => ({ url: VOICE_CALLS.voiceFeedback.path, method: VOICE_CALLS.voiceFeedback.method, body }),
    }),
  }),
});

export const { useChat_voicesQuery, useChat_setConversationVoiceMutation, useChat_voiceFeedbackMutation } = voiceApi;
