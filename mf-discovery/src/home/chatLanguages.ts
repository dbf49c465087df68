import type { CHAT_LANGUAGES as CONTRACT_CHAT_LANGUAGES, ChatLanguage } from '@fable/contracts';

/**
 * The chat languages (contracts' CHAT_LANGUAGES, typed against it and compared in chatLanguages.test.ts; not imported
 * at run time, see interests.ts). The language filter keeps only these, so a bad `lang` in the URL cannot fail the
 * search.
 */
export const CHAT_LANGUAGE_CODES: typeof CONTRACT_CHAT_LANGUAGES = [
  'en', 'es', 'fr', 'de', 'ru', 'ja', 'zh', 'hi', 'pl', 'pt', 'tr', 'it', 'ar', 'ko', 'he',
];

export function isChatLanguage(value: string): value is ChatLanguage {
  return (CHAT_LANGUAGE_CODES as readonly string[]).includes(value);
}
