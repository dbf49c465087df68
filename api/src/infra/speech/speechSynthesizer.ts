import type { VoiceGender } from '@fable/contracts';

/** A voice a synthesizer speaks with (the voices list of document 1 §7 shows these). */
export interface SpeechVoice {
  id: string;
  name: string;
  description: string;
  gender: VoiceGender;
}

/**
 * Text to speech: the embedded eSpeak NG voices (espeakSynthesizer.ts) or an OpenAI-compatible `/v1/audio/speech`
 * endpoint (openAiSpeech.ts). Each answers one WAV file per text.
 */
export interface SpeechSynthesizer {
  /** Shown in logs: "espeak-ng" or "openai:<model>". */
  readonly name: string;
  readonly voices: readonly SpeechVoice[];
  /** One WAV file of `text` spoken by the voice (an id of `voices`); rejects when it cannot be made. */
  synthesize(text: string, voiceId: string, signal?: AbortSignal): Promise<Buffer>;
  close(): Promise<void>;
}
