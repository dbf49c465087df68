import { LANGUAGE_NAMES, TRANSLATION_LIMITS, type ChatLanguage } from '@fable/contracts';

/**
 * Texts of translation (document 1 §2 Translate modal: "progress percent, may take up to 60 seconds, needed once per
 * bot; an upgrade modal lists languages and benefits"). The wording is ours.
 */
export const TRANSLATION_TEXTS = {
  button: (language: ChatLanguage) => `Translate into ${LANGUAGE_NAMES[language]}`,
  title: (name: string) => `Translate ${name}`,
  intro: (name: string, language: ChatLanguage) => `Translate ${name} into ${LANGUAGE_NAMES[language]}: its name, title, greeting and personality.`,
  once: `A chatbot is translated once per language, for everyone. It may take up to ${TRANSLATION_LIMITS.maxSeconds} seconds.`,
  translate: 'Translate',
  translating: 'Translating…',
  progressLabel: 'Translation progress',
  done: (name: string, language: ChatLanguage) => `${name} now speaks ${LANGUAGE_NAMES[language]}.`,
  startChatting: 'Start chatting',
  retry: 'Try again',
  close: 'Close',
  failed: 'The translation did not work. Try again.',
  // The upgrade modal
  upgradeTitle: 'Chat in your language',
  upgradeIntro: 'Translate chatbots into the language you chat in:',
  languagesLabel: 'Languages',
  benefitsLabel: 'What you get',
  benefits: [
    'Name, title, greeting and personality translated by the model',
    'Replies in your language from the first message',
    'Translated chatbots found by their translated names in search',
  ],
  publicTier: 'True Supporter translates public chatbots; I’m All In translates every chatbot, private ones too.',
  upgrade: 'Upgrade',
} as const;
