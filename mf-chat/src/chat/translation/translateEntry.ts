import type { ChatScreenModel } from '../useChatScreen';
import { TRANSLATION_TEXTS } from './translationTexts';

/** Translate's label and what it opens (document 1 §6): the header's button and the options menu's entry. */
export function translateEntry(screen: ChatScreenModel): { label: string; onClick: () => void; onSelect: () => void } {
  const { translation, modals, askSignIn } = screen;
  const open = () => {
    if (translation.action === 'sign_up') askSignIn();
    else if (translation.action === 'translate') modals.open({ kind: 'translate' });
    else modals.open({ kind: 'translateUpgrade' });
  };
  return { label: TRANSLATION_TEXTS.button(translation.language), onClick: open, onSelect: open };
}
