import { z } from 'zod';
import { ChatLanguageSchema } from '../entities/language';
import { defineCall } from './apiCall';
import { CharacterParamsSchema } from './chat';

/**
 * Translating a chatbot into the member's chat language (document 1 §1, §2 Translate modal "progress percent, may take
 * up to 60 seconds, needed once per bot", §4 Translation states, §6 Translate rule, §9 60 seconds). Once per chatbot
 * and language, shared by every member; the translated name and title feed search (name_i18n, title_i18n,
 * translated_languages), the rest the chat.
 */
export const TRANSLATION_STATES = ['translating', 'done', 'failed'] as const;
export const TranslationStateSchema = z.enum(TRANSLATION_STATES);
export type TranslationState = z.infer<typeof TranslationStateSchema>;

export const TranslatedFieldsSchema = z.object({
  name: z.string(),
  title: z.string(),
  greeting: z.string(),
  persona: z.string(),
  scenario: z.string(),
  dialogue: z.string(),
});
export type TranslatedFields = z.infer<typeof TranslatedFieldsSchema>;

export const TranslationSchema = z.object({
  character_id: z.string(),
  language: ChatLanguageSchema,
  status: TranslationStateSchema,
  /** Percent of the fields translated. */
  progress: z.number().int().min(0).max(100),
  /** Why it failed (status failed). */
  error: z.string().nullable(),
  /** The translated fields (status done). */
  fields: TranslatedFieldsSchema.nullable(),
});
export type Translation = z.infer<typeof TranslationSchema>;

export const TranslateBodySchema = z.object({ language: ChatLanguageSchema });
export const TranslationParamsSchema = CharacterParamsSchema.extend({ language: ChatLanguageSchema });

export const TRANSLATION_MESSAGES = {
  signUp: 'Create a free account to translate chatbots.',
  upgrade: 'Translating chatbots comes with True Supporter. Upgrade to chat in your language.',
  upgradePrivate: "Translating private chatbots comes with I'm All In.",
  defaultLanguage: 'This chatbot is already in your language.',
  notTranslated: 'This chatbot has not been translated into this language yet.',
  failed: 'The translation did not work. Try again.',
  unavailable: 'Translation is not offered on this site.',
} as const;

export const TRANSLATION_ERROR_CODES = {
  SIGN_UP: 'translation_sign_up',
  UPGRADE: 'translation_upgrade',
  UPGRADE_PRIVATE: 'translation_upgrade_private',
  SAME_LANGUAGE: 'translation_same_language',
  NOT_TRANSLATED: 'translation_not_found',
  UNAVAILABLE: 'translation_unavailable',
} as const;

export const translationCalls = {
  /** Starts the translation, or answers the one running or done (never a second job). */
  translate: defineCall({
    method: 'POST',
    path: '/characters/:characterId/translations',
    access: 'member',
    params: CharacterParamsSchema,
    body: TranslateBodySchema,
    response: TranslationSchema,
  }),
  translation: defineCall({
    method: 'GET',
    path: '/characters/:characterId/translations/:language',
    access: 'guest',
    params: TranslationParamsSchema,
    response: TranslationSchema,
  }),
} as const;
