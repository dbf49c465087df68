import { LANGUAGE_NAMES, type ChatLanguage } from '@fable/contracts';
import type { InferenceRequest } from '../../infra/inference/engine';

/** Starts the system prompt of a translation (the fake engine recognises it, as a test double of a real model). */
export const TRANSLATION_MARKER = '[Chatbot translation]';

/** The fields of a chatbot that are translated, in order. */
export const TRANSLATED_FIELDS = ['name', 'title', 'greeting', 'persona', 'scenario', 'dialogue'] as const;
export type TranslatedField = (typeof TRANSLATED_FIELDS)[number];

/** English names of the languages, for the model's instruction. */
const ENGLISH_NAMES: Record<ChatLanguage, string> = {
  en: 'English', es: 'Spanish', fr: 'French', de: 'German', ru: 'Russian', ja: 'Japanese', zh: 'Chinese', hi: 'Hindi',
  pl: 'Polish', pt: 'Portuguese', tr: 'Turkish', it: 'Italian', ar: 'Arabic', ko: 'Korean', he: 'Hebrew',
};

/** The language named in a translation's system prompt (the fake engine reads it back). */
export function languageOfPrompt(system: string): ChatLanguage | null {
  const match = /language code: ([a-z]{2})\)/.exec(system);
  return match && match[1]! in LANGUAGE_NAMES ? (match[1] as ChatLanguage) : null;
}

export function translationRequest(text: string, language: ChatLanguage): InferenceRequest {
  const system = `${TRANSLATION_MARKER}
Translate the user's text into ${ENGLISH_NAMES[language]} (language code: ${language}). It is part of a roleplay chatbot's
definition. Keep names, the {{char}} and {{user}} placeholders, *actions* between asterisks, quotes and line breaks as
they are. Answer with the translation only, nothing before or after it.`;
  return {
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: text },
    ],
    // A token is about 3-4 characters of English; room for a translation half as long again, and more.
    maxTokens: Math.min(4096, Math.ceil(text.length / 2) + 64),
    temperature: 0.2,
    topP: 0.9,
    topK: 40,
    translation: { text, language },
  };
}
