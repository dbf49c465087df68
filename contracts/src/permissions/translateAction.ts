import { DEFAULT_CHAT_LANGUAGE, type ChatLanguage } from '../entities/language';
import type { Permission } from './permissions';

/**
 * The chat screen's Translate (document 1 §6 "Translate: public bots need either translate permission; others the
 * private one; otherwise an upgrade modal. Hidden for partner sites, when the user's chat language is the default, or
 * the bot is already in that language"). Guests are asked to create an account. The API answers the same refusals.
 */
export type TranslateAction = 'hidden' | 'sign_up' | 'upgrade' | 'upgrade_private' | 'translate';

export interface TranslateContext {
  /** null for a guest. */
  permissions: readonly Permission[] | null;
  partnerMode: boolean;
  chatLanguage: ChatLanguage;
  character: { visibility: string; language?: string | null; translated_languages?: readonly string[] | null };
}

export function translateAction({ permissions, partnerMode, chatLanguage, character }: TranslateContext): TranslateAction {
  if (partnerMode || chatLanguage === DEFAULT_CHAT_LANGUAGE) return 'hidden';
  if ((character.language ?? DEFAULT_CHAT_LANGUAGE) === chatLanguage || character.translated_languages?.includes(chatLanguage)) return 'hidden';
  if (permissions === null) return 'sign_up';
  if (permissions.includes('character_translate_private')) return 'translate';
  if (character.visibility === 'public' && permissions.includes('character_translate_public')) return 'translate';
  return character.visibility === 'public' ? 'upgrade' : 'upgrade_private';
}
