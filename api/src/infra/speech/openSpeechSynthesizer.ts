import type { AppConfig } from '../../config';
import { createEspeakSynthesizer } from './espeakSynthesizer';
import { createOpenAiSpeech, OPENAI_SPEECH_VOICES } from './openAiSpeech';
import type { SpeechSynthesizer } from './speechSynthesizer';

/** The configured OpenAI-compatible speech endpoint (TTS_*), or the embedded eSpeak NG voices. */
export function openSpeechSynthesizer(config: AppConfig['speech']): SpeechSynthesizer {
  if (!config) return createEspeakSynthesizer();
  return createOpenAiSpeech({ baseUrl: config.baseUrl, model: config.model, apiKey: config.apiKey, voices: OPENAI_SPEECH_VOICES });
}
