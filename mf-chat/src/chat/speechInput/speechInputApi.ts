import { api, type CallOf } from '@fable/shared';
import type { voiceCalls } from '@fable/contracts';

/** Speech input's calls (contracts voiceCalls.speechInput and TRANSCRIPTION_PATH, copied: docs/adr/0001). */
export const SPEECH_INPUT_CALLS: { speechInput: CallOf<(typeof voiceCalls)['speechInput']> } = { speechInput: { method: 'GET', path: '/speech/input' } };
export const TRANSCRIPTION_PATH = '/speech/transcriptions';

export const speechInputApi = api.injectEndpoints({
  endpoints: (build) => ({
    chat_speechInput: build.query<{ transcription: boolean }, void>({ query: () => SPEECH_INPUT_CALLS.speechInput.path, keepUnusedDataFor: 3600 }),
    chat_transcribe: build.mutation<{ text: string }, Blob>({
      query: (recording) => ({ url: TRANSCRIPTION_PATH, method: 'POST', body: recording, headers: { 'content-type': recording.type.split(';')[0] || 'audio/webm' } }),
    }),
  }),
});

export const { useChat_speechInputQuery, useChat_transcribeMutation } = speechInputApi;
