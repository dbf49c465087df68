import type { ChatModals } from '../chatModals';
import { TranslateModal } from './TranslateModal';
import { TranslateUpgradeModal } from './TranslateUpgradeModal';
import type { ChatTranslation } from './useChatTranslation';

/** Translate and its upgrade prompt. */
export function TranslationModals({ modals, translation, name }: { modals: ChatModals; translation: ChatTranslation; name: string }) {
  return (
    <>
      <TranslateModal open={modals.openOf('translate') !== null} onClose={() => modals.close('translate')} name={name} translation={translation} />
      <TranslateUpgradeModal open={modals.openOf('translateUpgrade') !== null} onClose={() => modals.close('translateUpgrade')} />
    </>
  );
}
