import type { SpeechSynthesizer, SpeechVoice } from './speechSynthesizer';

export interface OpenAiSpeechOptions {
  /** …/v1 of an OpenAI-compatible server (OpenAI, openedai-speech, Kokoro-FastAPI, LocalAI). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  voices: readonly SpeechVoice[];
  timeoutMs?: number;
}

/** OpenAI's own voices, with the gender the voices list filters on. */
export const OPENAI_SPEECH_VOICES: readonly SpeechVoice[] = [
  { id: 'coral', name: 'Coral', gender: 'female', description: 'Warm and friendly' },
  { id: 'nova', name: 'Nova', gender: 'female', description: 'Bright and energetic' },
  { id: 'shimmer', name: 'Shimmer', gender: 'female', description: 'Soft and gentle' },
  { id: 'echo', name: 'Echo', gender: 'male', description: 'Calm and resonant' },
  { id: 'onyx', name: 'Onyx', gender: 'male', description: 'Deep and authoritative' },
  { id: 'ash', name: 'Ash', gender: 'male', description: 'Clear and direct' },
];

/** POST {baseUrl}/audio/speech {model, input, voice, response_format: "wav"} → the WAV bytes. */
export function createOpenAiSpeech(options: OpenAiSpeechOptions): SpeechSynthesizer {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/audio/speech`;
  return {
    name: `openai:${options.model}`,
    voices: options.voices,
    async synthesize(text, voiceId, signal) {
      if (!options.voices.some((v) => v.id === voiceId)) throw new Error(`unknown voice ${voiceId}`);
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 60_000);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
        body: JSON.stringify({ model: options.model, input: text, voice: voiceId, response_format: 'wav' }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 200);
        throw new Error(`speech endpoint answered ${response.status}: ${detail}`);
      }
      return Buffer.from(await response.arrayBuffer());
    },
    async close() {},
  };
}
