import { z } from 'zod';

/** Chat languages (document 1 §9 "Language names map for codes en, es, fr, de, ru, ja, zh, hi, pl, pt, tr, it, ar, ko, he"). */
export const CHAT_LANGUAGES = ['en', 'es', 'fr', 'de', 'ru', 'ja', 'zh', 'hi', 'pl', 'pt', 'tr', 'it', 'ar', 'ko', 'he'] as const;
export const ChatLanguageSchema = z.enum(CHAT_LANGUAGES);
export type ChatLanguage = z.infer<typeof ChatLanguageSchema>;

/** Language names (the names are not shown in the spec; ours are the languages' own names). */
export const LANGUAGE_NAMES: Readonly<Record<ChatLanguage, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  ja: '日本語',
  zh: '中文',
  hi: 'हिन्दी',
  pl: 'Polski',
  pt: 'Português',
  tr: 'Türkçe',
  it: 'Italiano',
  ar: 'العربية',
  ko: '한국어',
  he: 'עברית',
};

/** The default chat language (translation is hidden when the user's chat language is the default). Ours: en. */
export const DEFAULT_CHAT_LANGUAGE: ChatLanguage = 'en';

/** Per-language texts (name_i18n, title_i18n). */
export const I18nTextSchema = z.partialRecord(ChatLanguageSchema, z.string());
export type I18nText = z.infer<typeof I18nTextSchema>;
